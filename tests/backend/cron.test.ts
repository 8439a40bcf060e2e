// The stand-in's pg_cron (supabase/local/cron.ts and platform-cron.sql): cron.schedule() stores a
// job, and the runner runs it when its schedule says, once per due minute, logging each run.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CronRunner, dueAt, parseSchedule } from '../../supabase/local/cron.ts';
import { LOCAL_ANON_KEY, LOCAL_SERVICE_ROLE_KEY } from '../../supabase/local/keys.ts';
import { startHarness, type Harness } from './harness.ts';

describe('schedules', () => {
  const at = (iso: string) => new Date(iso);

  it('reads the five cron fields, ranges, steps, lists and macros', () => {
    expect(dueAt(parseSchedule('* * * * *'), at('2026-11-25T10:07:00Z'))).toBe(true);
    expect(dueAt(parseSchedule('*/15 * * * *'), at('2026-11-25T10:30:00Z'))).toBe(true);
    expect(dueAt(parseSchedule('*/15 * * * *'), at('2026-11-25T10:31:00Z'))).toBe(false);
    expect(dueAt(parseSchedule('0 3 * * 1-5'), at('2026-11-25T03:00:00Z'))).toBe(true); // a Wednesday
    expect(dueAt(parseSchedule('0 3 * * 0,6'), at('2026-11-25T03:00:00Z'))).toBe(false);
    expect(dueAt(parseSchedule('0 0 * * 7'), at('2026-11-29T00:00:00Z'))).toBe(true); // 7 is Sunday too
    expect(dueAt(parseSchedule('@daily'), at('2026-11-25T00:00:00Z'))).toBe(true);
    expect(dueAt(parseSchedule('@hourly'), at('2026-11-25T05:01:00Z'))).toBe(false);
    // with day of month and day of week both restricted, either one will do (cron's rule)
    expect(dueAt(parseSchedule('0 0 1 * 3'), at('2026-11-25T00:00:00Z'))).toBe(true);
    expect(parseSchedule('30 seconds')).toEqual({ kind: 'seconds', every: 30 });
  });

  it('refuses what pg_cron refuses', () => {
    for (const bad of ['* * * *', '61 * * * *', '* * 0 * *', 'every minute', '0 seconds', '*/0 * * * *']) {
      expect(() => parseSchedule(bad), bad).toThrow();
    }
  });
});

describe('the runner', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
    // these tests drive a runner of their own on a clock they set: the stand-in's own worker, on
    // the real clock, would add a run whenever a real minute turns during them
    await h.local.cron.close();
    await h.local.db.asSystem(async (tx) => {
      await tx.exec(`create table public.t_cron_runs (at timestamptz default now())`);
      await tx.query(`select cron.schedule('t-every-minute', '* * * * *', 'insert into public.t_cron_runs default values')`);
      await tx.query(`select cron.schedule('t-at-three', '0 3 * * *', 'insert into public.t_cron_runs default values')`);
    });
  });
  afterAll(() => h?.close());

  const runs = async () =>
    (await h.local.db.asSystem((tx) => tx.query<{ n: number }>('select count(*)::int as n from public.t_cron_runs'))).rows[0].n;

  it('runs a due job once per minute and leaves the others', async () => {
    let now = new Date('2026-11-25T10:07:05Z');
    const runner = new CronRunner(h.local.db, { quiet: true, now: () => now });
    await runner.tick();
    expect(await runs()).toBe(1);
    now = new Date('2026-11-25T10:07:40Z');
    await runner.tick();
    expect(await runs()).toBe(1);
    now = new Date('2026-11-25T10:08:01Z');
    await runner.tick();
    expect(await runs()).toBe(2);
    now = new Date('2026-11-25T03:00:10Z');
    await runner.tick();
    expect(await runs()).toBe(4); // both jobs are due at 03:00
    await runner.close();
  });

  it('cron.schedule replaces a job of the same name; cron.unschedule removes it; a failing job is logged as failed', async () => {
    const jobs = await h.local.db.asSystem(async (tx) => {
      await tx.query(`select cron.schedule('t-every-minute', '*/5 * * * *', 'select 1/0')`);
      return (await tx.query(`select jobname, schedule from cron.job where jobname like 't-%' order by jobname`)).rows;
    });
    expect(jobs).toEqual([
      { jobname: 't-at-three', schedule: '0 3 * * *' },
      { jobname: 't-every-minute', schedule: '*/5 * * * *' },
    ]);
    await h.local.cron.runJob('t-every-minute');
    const last = await h.local.db.asSystem((tx) =>
      tx.query(`select status, return_message from cron.job_run_details order by runid desc limit 1`),
    );
    expect(last.rows).toEqual([{ status: 'failed', return_message: 'division by zero' }]);
    await h.local.db.asSystem((tx) => tx.query(`select cron.unschedule('t-every-minute'), cron.unschedule('t-at-three')`));
    await expect(h.local.db.asSystem((tx) => tx.query(`select cron.schedule('bad', 'every minute', 'select 1')`))).rejects.toMatchObject({
      code: '22023',
    });
  });

  it('POST /__local/cron runs a job by name now, for the service role only', async () => {
    await h.local.db.asSystem((tx) => tx.query(`select cron.schedule('t-door', '0 3 * * *', 'insert into public.t_cron_runs default values')`));
    const before = await runs();
    const call = (key: string, body: unknown) =>
      fetch(`${h.url}/__local/cron`, { method: 'POST', headers: { apikey: key, Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    expect((await call(LOCAL_ANON_KEY, { job: 't-door' })).status).toBe(403);
    expect((await call(LOCAL_SERVICE_ROLE_KEY, { job: 'no-such-job' })).status).toBe(404);
    expect((await call(LOCAL_SERVICE_ROLE_KEY, {})).status).toBe(400);
    expect(await runs()).toBe(before);
    expect((await call(LOCAL_SERVICE_ROLE_KEY, { job: 't-door' })).status).toBe(204);
    expect(await runs()).toBe(before + 1);
    await h.local.db.asSystem((tx) => tx.query(`select cron.unschedule('t-door')`));
  });

  it('visitors cannot schedule anything', async () => {
    for (const role of ['anon', 'authenticated'] as const) {
      await expect(
        h.local.db.asRole({ role }, (tx) => tx.query(`select cron.schedule('mine', '* * * * *', 'delete from public.clients')`)),
      ).rejects.toMatchObject({ code: '42501' });
    }
  });
});
