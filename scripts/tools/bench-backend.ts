// `npm run bench:backend`: how fast the local stand-in starts and answers, measured here and
// printed as a table. Not a test: numbers vary by machine; the aims are in the issue
// (warm start under 3 s, p50 of a list query under 20 ms).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import '../../tests/backend/node-websocket.ts';
import { createClient } from '@supabase/supabase-js';
import { LOCAL_ANON_KEY } from '../../supabase/local/keys.ts';
import { startLocalSupabase } from '../../supabase/local/server.ts';

const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 200);

function percentile(sorted: number[], p: number) {
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i];
}

async function time<T>(fn: () => Promise<T>): Promise<[number, T]> {
  const t = performance.now();
  const result = await fn();
  return [performance.now() - t, result];
}

const dir = mkdtempSync(join(tmpdir(), 'bench-local-supabase-'));
const dataDir = join(dir, 'db');
const rows: [string, string][] = [];

try {
  const [cold, first] = await time(() => startLocalSupabase({ dataDir, port: 0, quiet: true, snapshotCache: false }));
  await first.close();
  rows.push(['cold start, fresh data directory (migrations + seed)', `${cold.toFixed(0)} ms`]);

  const [warm, local] = await time(() => startLocalSupabase({ dataDir, port: 0, quiet: true }));
  rows.push(['warm start, existing data directory', `${warm.toFixed(0)} ms`]);

  const supabase = createClient(local.url, LOCAL_ANON_KEY, { auth: { persistSession: false, autoRefreshToken: false } });
  const queries: [string, () => PromiseLike<{ error: unknown }>][] = [
    ['clients, newest first', () => supabase.from('clients').select('*').order('created_at', { ascending: false })],
    ['projects, newest first', () => supabase.from('projects').select('*').order('created_at', { ascending: false })],
    ['project categories by name', () => supabase.from('project_categories').select('name').order('name')],
    ['calendar settings (single)', () => supabase.from('calendar_settings').select('*').maybeSingle()],
    [
      'blog search (or ilike over 3 columns)',
      () =>
        supabase
          .from('blog_posts')
          .select('*')
          .eq('is_published', true)
          .or('title.ilike.%автоматиз%,content.ilike.%автоматиз%,excerpt.ilike.%автоматиз%')
          .order('published_at', { ascending: false }),
    ],
  ];
  for (const [name, query] of queries) {
    for (let i = 0; i < 10; i++) await query(); // warm-up
    const samples: number[] = [];
    for (let i = 0; i < ITERATIONS; i++) {
      const [ms, { error }] = await time(async () => query());
      if (error) throw new Error(`${name}: ${JSON.stringify(error)}`);
      samples.push(ms);
    }
    samples.sort((a, b) => a - b);
    rows.push([`${name}: p50 / p95 (n=${ITERATIONS})`, `${percentile(samples, 50).toFixed(1)} ms / ${percentile(samples, 95).toFixed(1)} ms`]);
  }
  await local.close();
} finally {
  rmSync(dir, { recursive: true, force: true });
}

const width = Math.max(...rows.map(([k]) => k.length));
console.log(`\nLocal stand-in benchmark (${new Date().toISOString().slice(0, 10)})\n`);
console.log(`| ${'measure'.padEnd(width)} | result |`);
console.log(`| ${'-'.repeat(width)} | ------ |`);
for (const [k, v] of rows) console.log(`| ${k.padEnd(width)} | ${v} |`);
