// Reads a production build's manifest and module map (see vite.config.ts) to answer: which
// files does a route load before it renders, and which source modules do they hold?
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { E2E_OUT_DIR } from '../../scripts/e2e-env.mjs';

export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

export interface BuildGraph {
  dir: string;
  manifest: Record<string, ManifestChunk>;
  modules: Record<string, string[]>;
}

/** The build `npm test` makes before Vitest runs; built here when missing (a lone vitest run). */
export function loadBuild(dir = process.env.BUILD_DIR ?? E2E_OUT_DIR): BuildGraph {
  const manifestPath = join(dir, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) {
    execFileSync('node', ['scripts/build-e2e.mjs'], { stdio: 'inherit' });
  }
  return {
    dir,
    manifest: JSON.parse(readFileSync(manifestPath, 'utf8')),
    modules: JSON.parse(readFileSync(join(dir, '.vite', 'modules.json'), 'utf8')),
  };
}

/** Manifest keys statically reachable from the given keys (what the browser fetches at once). */
export function staticClosure(graph: BuildGraph, keys: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || !graph.manifest[key]) return;
    seen.add(key);
    for (const dep of graph.manifest[key].imports ?? []) visit(dep);
  };
  keys.forEach(visit);
  return seen;
}

/** The manifest keys a public route needs before it renders: the entry, its layouts and the page. */
export function routeKeys(graph: BuildGraph, pageSource: string): Set<string> {
  const layouts = ['src/app/PublicLayout.tsx'].filter((k) => graph.manifest[k]);
  if (!graph.manifest[pageSource]) throw new Error(`${pageSource} is not a chunk of the build`);
  return staticClosure(graph, ['index.html', ...layouts, pageSource]);
}

export function modulesOf(graph: BuildGraph, keys: Iterable<string>): string[] {
  const out: string[] = [];
  for (const key of keys) out.push(...(graph.modules[graph.manifest[key].file] ?? []));
  return out;
}

export function filesOf(graph: BuildGraph, keys: Iterable<string>): { js: string[]; css: string[] } {
  const js: string[] = [];
  const css = new Set<string>();
  for (const key of keys) {
    const chunk = graph.manifest[key];
    js.push(chunk.file);
    for (const c of chunk.css ?? []) css.add(c);
  }
  return { js, css: [...css] };
}
