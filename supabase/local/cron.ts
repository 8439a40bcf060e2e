// The stand-in's pg_cron. On hosted Supabase, `cron.schedule(name, schedule, command)` stores a job
// in cron.job and pg_cron's background worker runs the command on schedule, recording each run in
// cron.job_run_details. PGlite cannot load pg_cron, so platform.sql gives the stand-in the same
// schema and functions, and this class is the worker: once a second it looks for jobs that are
// due, runs each command in a transaction of its own (as the database owner, like pg_cron does for
// a job's owner), records the run, and lets pg_net send what the job queued.
import type { LocalDb } from './db.ts';

/** How many past runs cron.job_run_details keeps (pg_cron keeps them all unless purged). */
const KEEP_RUNS = 500;

interface Job {
  jobid: string;
  jobname: string | null;
  schedule: string;
  command: string;
}

/** A parsed schedule: the standard five cron fields, or pg_cron's "N seconds". */
export type Schedule = { kind: 'seconds'; every: number } | { kind: 'cron'; fields: Set<number>[]; anyDay: boolean; anyWeekday: boolean };

const RANGES: [number, number][] = [
  [0, 59], // minute
  [0, 23], // hour
  [1, 31], // day of month
  [1, 12], // month
  [0, 7], // day of week (0 and 7 are Sunday)
];

const MACROS: Record<string, string> = {
  '@yearly': '0 0 1 1 *',
  '@annually': '0 0 1 1 *',
  '@monthly': '0 0 1 * *',
  '@weekly': '0 0 * * 0',
  '@daily': '0 0 * * *',
  '@midnight': '0 0 * * *',
  '@hourly': '0 * * * *',
};

function parseField(text: string, [min, max]: [number, number]): Set<number> {
  const out = new Set<number>();
  for (const part of text.split(',')) {
    const m = /^(\*|(\d+)(?:-(\d+))?)(?:\/(\d+))?$/.exec(part);
    if (!m) throw new Error(`invalid schedule field "${text}"`);
    const from = m[1] === '*' ? min : Number(m[2]);
    const to = m[1] === '*' ? max : m[3] !== undefined ? Number(m[3]) : m[4] !== undefined ? max : from;
    const step = m[4] !== undefined ? Number(m[4]) : 1;
    if (from < min || to > max || from > to || step < 1) throw new Error(`invalid schedule field "${text}"`);
    for (let v = from; v <= to; v += step) out.add(v);
  }
  return out;
}

export function parseSchedule(text: string): Schedule {
  const trimmed = text.trim().toLowerCase();
  const seconds = /^(\d+)\s+seconds?$/.exec(trimmed);
  if (seconds) {
    const every = Number(seconds[1]);
    if (every < 1 || every > 59) throw new Error(`invalid schedule "${text}"`);
    return { kind: 'seconds', every };
  }
  const expanded = MACROS[trimmed] ?? trimmed;
  const parts = expanded.split(/\s+/);
  if (parts.length !== 5) throw new Error(`invalid schedule "${text}"`);
  const fields = parts.map((p, i) => parseField(p, RANGES[i]));
  if (fields[4].has(7)) fields[4].add(0);
  return { kind: 'cron', fields, anyDay: parts[2] === '*', anyWeekday: parts[4] === '*' };
}

/** Whether a five-field schedule is due in the minute of `at` (UTC, as pg_cron's default). */
export function dueAt(schedule: Schedule, at: Date): boolean {
  if (schedule.kind !== 'cron') return false;
  const [minute, hour, day, month, weekday] = schedule.fields;
  if (!minute.has(at.getUTCMinutes()) || !hour.has(at.getUTCHours()) || !month.has(at.getUTCMonth() + 1)) return false;
  const dayOk = day.has(at.getUTCDate());
  const weekdayOk = weekday.has(at.getUTCDay());
  // cron's rule: with both restricted, either matches; with one restricted, that one decides
  if (!schedule.anyDay && !schedule.anyWeekday) return dayOk || weekdayOk;
  return dayOk && weekdayOk;
}

export interface CronRunnerOptions {
  quiet?: boolean;
  /** Called after each run, so pg_net sends what a job queued. */
  afterRun?: () => void;
  /** For tests: the clock. */
  now?: () => Date;
}

export class CronRunner {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private closed = false;
  private holds = 0;
  /** When each job last started, by jobid. */
  private readonly lastRun = new Map<string, number>();
  /** The minute (ms since epoch, floored) each five-field job last ran in. */
  private readonly lastMinute = new Map<string, number>();

  constructor(
    private readonly db: LocalDb,
    private readonly options: CronRunnerOptions = {},
  ) {}

  start(): void {
    if (this.timer || this.closed) return;
    this.timer = setInterval(() => {
      if (!this.running && this.holds === 0) this.running = this.tick().finally(() => (this.running = null));
    }, 1000);
    this.timer.unref();
  }

  private now(): Date {
    return this.options.now?.() ?? new Date();
  }

  private async jobs(): Promise<Job[]> {
    const rows = await this.db.asSystem(
      (tx) =>
        tx.query<Job>(`select jobid::text, jobname, schedule, command from cron.job where active order by jobid`),
      { readOnly: true },
    );
    return rows.rows;
  }

  /**
   * The jobs, read again at each new minute (cron.job changes with migrations, not while serving).
   * null: this database runs the real pg_cron, whose own worker runs the jobs.
   */
  private cache: { minute: number; jobs: Job[] } | null = null;
  private realCron: boolean | null = null;

  private async jobsFor(minute: number): Promise<Job[] | null> {
    if (this.realCron === null) {
      const { rows } = await this.db.asSystem(
        (tx) => tx.query<{ real: boolean }>(`select exists (select 1 from pg_extension where extname = 'pg_cron') as real`),
        { readOnly: true },
      );
      this.realCron = rows[0].real;
    }
    if (this.realCron) return null;
    if (this.cache?.minute !== minute) this.cache = { minute, jobs: await this.jobs() };
    return this.cache.jobs;
  }

  /** Runs every job that is due now; each at most once per minute (or per its seconds). */
  async tick(): Promise<void> {
    if (this.closed) return;
    const now = this.now();
    const minute = Math.floor(now.getTime() / 60_000) * 60_000;
    let jobs: Job[] | null;
    try {
      jobs = await this.jobsFor(minute);
    } catch {
      return; // no cron schema yet
    }
    if (!jobs) return;
    for (const job of jobs) {
      let schedule: Schedule;
      try {
        schedule = parseSchedule(job.schedule);
      } catch {
        continue;
      }
      if (schedule.kind === 'seconds') {
        // counted in whole seconds, as pg_cron's worker does: a tick of the timer a few
        // milliseconds early must not skip a second (a job of "1 seconds" ran every 2 before)
        const last = this.lastRun.get(job.jobid);
        if (last !== undefined && Math.floor(now.getTime() / 1000) - Math.floor(last / 1000) < schedule.every) continue;
      } else {
        if (!dueAt(schedule, now) || this.lastMinute.get(job.jobid) === minute) continue;
        this.lastMinute.set(job.jobid, minute);
      }
      this.lastRun.set(job.jobid, now.getTime());
      await this.run(job);
    }
  }

  /** Runs one job now, whatever its schedule (tests; `cron.schedule` jobs also run by name). */
  async runJob(name: string): Promise<void> {
    this.cache = null;
    const job = (await this.jobs()).find((j) => j.jobname === name);
    if (!job) throw new Error(`no active cron job named ${name}`);
    await this.run(job);
  }

  private async run(job: Job): Promise<void> {
    const started = new Date();
    let status = 'succeeded';
    let message = '';
    try {
      await this.db.asSystem((tx) => tx.exec(job.command));
      message = 'done';
    } catch (error) {
      status = 'failed';
      message = (error as Error).message;
      if (!this.options.quiet) console.error(`[local-supabase] cron job ${job.jobname ?? job.jobid} failed: ${message}`);
    }
    try {
      await this.db.asSystem(async (tx) => {
        await tx.query(
          `insert into cron.job_run_details (jobid, database, username, command, status, return_message, start_time, end_time)
           values ($1, current_database(), current_user, $2, $3, $4, $5, now())`,
          [job.jobid, job.command, status, message, started],
        );
        await tx.query(
          `delete from cron.job_run_details where runid <= (select max(runid) - $1 from cron.job_run_details)`,
          [KEEP_RUNS],
        );
      });
    } catch {
      // the log is a courtesy; the job ran
    }
    this.options.afterRun?.();
  }

  /**
   * For tests that call a job's function themselves and count what it did: no job starts until the
   * returned release is called, and a run under way has finished when this resolves. (Hosted pg_cron
   * has no such pause; its jobs would have run in their minute as usual.)
   */
  async hold(): Promise<() => void> {
    this.holds += 1;
    await this.running;
    let released = false;
    return () => {
      if (!released) this.holds -= 1;
      released = true;
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }
}
