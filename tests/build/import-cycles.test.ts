import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/*
 * No circle of imports in src/ or supabase/local/: each file can be read after the files it
 * imports, and a module's first evaluation never meets a half-made one. Type-only imports count
 * too: a circle of types is still two files that can only be understood together.
 */

const ROOT = process.cwd();
const SRC = path.join(ROOT, 'src');
const SOURCE = /\.(ts|tsx|mts|mjs|js)$/;
const RESOLVE = ['', '.ts', '.tsx', '.mts', '.mjs', '.js', '/index.ts', '/index.tsx'];

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : filesUnder(full);
    return SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

function resolve(from: string, specifier: string): string | null {
  let base: string;
  if (specifier.startsWith('@/')) base = path.join(SRC, specifier.slice(2));
  else if (specifier.startsWith('.')) base = path.resolve(path.dirname(from), specifier);
  else return null;
  for (const suffix of RESOLVE) {
    const candidate = base + suffix;
    try {
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // not this one
    }
  }
  return null;
}

/** Every file's imports of other files of the tree (static, dynamic, re-exports, type-only). */
function importGraph(files: string[]): Map<string, string[]> {
  const inTree = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const targets = importedFiles.map((ref) => resolve(file, ref.fileName)).filter((t): t is string => t !== null && inTree.has(t));
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** The strongly connected components with more than one file, or a file importing itself (Tarjan). */
function circles(graph: Map<string, string[]>): string[][] {
  let index = 0;
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    order.set(node, index);
    low.set(node, index);
    index += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!order.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, order.get(next)!));
      }
    }
    if (low.get(node) !== order.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1 || (graph.get(node) ?? []).includes(node)) found.push(component.map((f) => path.relative(ROOT, f)).sort());
  };
  for (const node of graph.keys()) if (!order.has(node)) visit(node);
  return found;
}

describe('import circles', () => {
  for (const tree of ['src', 'supabase/local']) {
    it(`${tree}/ has none`, () => {
      const files = filesUnder(path.join(ROOT, tree));
      expect(files.length).toBeGreaterThan(20);
      expect(circles(importGraph(files))).toEqual([]);
    });
  }

  it('finds a circle where there is one, type-only imports included', () => {
    const graph = new Map([
      ['/a.ts', ['/b.ts']],
      ['/b.ts', ['/c.ts']],
      ['/c.ts', ['/a.ts']],
      ['/d.ts', ['/a.ts']],
    ]);
    // named as the tree's files are: relative to the checkout, wherever it lies
    expect(circles(graph)).toEqual([['/a.ts', '/b.ts', '/c.ts'].map((f) => path.relative(ROOT, f)).sort()]);
    const typeOnly = ts.preProcessFile("import type { A } from './a';\nexport type { B } from './b';\nconst c = () => import('./c');\n", true, true);
    expect(typeOnly.importedFiles.map((ref) => ref.fileName)).toEqual(['./a', './b', './c']);
  });
});
