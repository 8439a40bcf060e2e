// A statement that runs past its role's statement timeout is cancelled with PostgREST's answer
// (57014, HTTP 500), and the server keeps answering everyone else while it runs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_STATEMENT_TIMEOUTS } from '../../supabase/local/db.ts';
import { LOCAL_ANON_KEY } from '../../supabase/local/keys.ts';
import { startHarness, type Harness } from './harness.ts';

// Backreferences make Postgres's regex engine try every split of each post: minutes of work.
const REGEX = '(.*)(.*)(.*)(.*)\\4\\3\\2\\1x';
const REGEX_PATH = `/rest/v1/blog_posts?select=slug&content=match.${encodeURIComponent(REGEX)}`;
const ANON_TIMEOUT_MS = DEFAULT_STATEMENT_TIMEOUTS.anon; // 3 s, as on hosted Supabase
const AUTHENTICATED_TIMEOUT_MS = 1000;

let h: Harness;
beforeAll(async () => {
  // the replica catches up only when asked (replicaCaughtUp), so each test knows its state
  h = await startHarness({
    statementTimeouts: { anon: ANON_TIMEOUT_MS, authenticated: AUTHENTICATED_TIMEOUT_MS },
    readReplica: true,
    replicaRefreshMs: 600_000,
  });
  // no scheduled job may write meanwhile: a write makes the replica stale (it would catch up only
  // after replicaRefreshMs), and the reads would then wait for the primary. pg_cron's worker runs
  // every-minute jobs, so a minute turning during a test made it fail now and then.
  await h.local.cron.close();
});
afterAll(() => h.close());

async function timed(path: string): Promise<{ ms: number; status: number; body: unknown }> {
  const started = performance.now();
  const res = await fetch(`${h.url}${path}`, { headers: { apikey: LOCAL_ANON_KEY } });
  const body = await res.json();
  return { ms: performance.now() - started, status: res.status, body };
}

/** Waits until the primary has been running a statement for `minMs`. */
async function untilRunning(minMs: number) {
  for (let i = 0; i < 500; i++) {
    const ms = h.local.db.runningFor();
    if (ms !== null && ms >= minMs) return;
    await new Promise((r) => setTimeout(r, 5));
  }
  throw new Error('the long statement never started');
}

describe('statement timeout', () => {
  it('defaults to hosted Supabase: anon 3 s, authenticated 8 s', () => {
    expect(DEFAULT_STATEMENT_TIMEOUTS).toEqual({ anon: 3000, authenticated: 8000, service_role: 0 });
  });

});

describe('a long statement does not hold up the others', () => {
  beforeAll(async () => {
    expect(await h.local.db.replicaCaughtUp()).toBe(true);
  });

  it('cancels the regex after the anon timeout while health and a read answer at once', async () => {
    const started = performance.now();
    let regexDone = false;
    const regex = timed(REGEX_PATH).finally(() => {
      regexDone = true;
    });
    await untilRunning(60);

    // Best of three: the server must be able to answer in 200 ms; one sample on a busy machine
    // may also measure the operating system's scheduler.
    const best = async (path: string) => {
      const tries = [];
      for (let i = 0; i < 3; i++) tries.push(await timed(path));
      return tries.sort((a, b) => a.ms - b.ms)[0];
    };
    const health = await best('/__local/health');
    const read = await best('/rest/v1/clients?select=name&limit=2');
    expect(regexDone).toBe(false);
    expect(health.status).toBe(200);
    expect(health.ms, 'health').toBeLessThan(200);
    expect(read.status).toBe(200);
    expect(read.body).toHaveLength(2);
    expect(read.ms, 'read').toBeLessThan(200);

    const cancelled = await regex;
    expect(cancelled.status).toBe(500);
    expect(cancelled.body).toMatchObject({ code: '57014', message: 'canceling statement due to statement timeout' });
    expect(performance.now() - started).toBeGreaterThanOrEqual(ANON_TIMEOUT_MS - 20);

    // the database is back: writes commit and reads see them
    const { error } = await h.service.from('clients').insert({ name: 'after the timeout', logo: '/x.svg' });
    expect(error).toBeNull();
    const { data } = await h.anon.from('clients').select('name').eq('name', 'after the timeout');
    expect(data).toEqual([{ name: 'after the timeout' }]);
  });

});

describe('the read replica is never behind', () => {
  beforeAll(async () => {
    expect(await h.local.db.replicaCaughtUp()).toBe(true);
    const { error } = await h.service.from('clients').insert({ name: 'fresh client', logo: '/x.svg' });
    expect(error).toBeNull();
  });

  it('never answers from a replica that misses a committed write', async () => {
    const regex = timed(REGEX_PATH);
    await untilRunning(60);
    // the replica is one write behind, so this read waits for the primary instead
    const read = await timed(`/rest/v1/clients?select=name&name=eq.${encodeURIComponent('fresh client')}`);
    expect(read.status).toBe(200);
    expect(read.body).toEqual([{ name: 'fresh client' }]);
    expect((await regex).status).toBe(500);
  });

});

describe('timeouts per role', () => {
  it('gives a signed-in caller the timeout of its own role', async () => {
    const admin = h.as({ sub: 'a0000000-0000-4000-8000-000000000001', email: 'admin@example.com' });
    const started = performance.now();
    const { error, status } = await admin.from('blog_posts').select('slug').filter('content', 'match', REGEX);
    expect(status).toBe(500);
    expect(error?.code).toBe('57014');
    const elapsed = performance.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(AUTHENTICATED_TIMEOUT_MS - 20);
    expect(elapsed).toBeLessThan(ANON_TIMEOUT_MS);
  });
});
