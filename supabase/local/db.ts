// The stand-in's database: platform bootstrap, migrations, seed, and the per-request transaction
// that runs under the caller's role with its JWT claims and that role's statement timeout.
//
// PGlite is one single-threaded Postgres backend. It runs in a worker thread (engine/worker.ts),
// so the HTTP server keeps answering while a statement runs, and a statement that outlives its
// role's timeout is cancelled by stopping that thread and reopening the data directory (Postgres's
// own statement_timeout never fires in PGlite: its timer needs signals). Read-only requests that
// arrive while the primary is stuck in a long statement are answered by a read replica, but only
// when the replica holds exactly the primary's last committed state (see PgliteDb).
import { createHash } from 'node:crypto';
import {
  closeSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import { copyTree } from './engine/copy-tree.ts';
import { PgError, PgliteWorker, WorkerGone, type QueryResult } from './engine/worker.ts';

const here = dirname(fileURLToPath(import.meta.url));
export const SUPABASE_DIR = resolve(here, '..');
export const ROOT_DIR = resolve(SUPABASE_DIR, '..');
const MIGRATIONS_DIR = join(SUPABASE_DIR, 'migrations');
const SEED_FILE = join(SUPABASE_DIR, 'seed.sql');
export const PLATFORM_FILE = join(here, 'platform.sql');
/** pg_cron's schema for a database that cannot load the extension (idempotent). */
export const PLATFORM_CRON_FILE = join(here, 'platform-cron.sql');
/** Supabase Vault's interface for a database without the extension (idempotent; unencrypted). */
export const PLATFORM_VAULT_FILE = join(here, 'platform-vault.sql');

export type ApiRole = 'anon' | 'authenticated' | 'service_role';
export const API_ROLES: readonly ApiRole[] = ['anon', 'authenticated', 'service_role'];

export interface Claims {
  role: ApiRole;
  sub?: string;
  email?: string;
  [claim: string]: unknown;
}

/** One transaction: statements run in order, each under the statement timeout of its role. */
export interface Tx {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  query<T = any>(sql: string, params?: unknown[]): Promise<QueryResult<T>>;
  exec(sql: string): Promise<void>;
}

export interface TxOptions {
  /** BEGIN READ ONLY, as PostgREST runs GET and HEAD; may be answered by the read replica. */
  readOnly?: boolean;
  /** The request's headers, lower-case, as PostgREST hands them to SQL (`request.headers`). */
  headers?: Record<string, string>;
}

/** Milliseconds a statement of each role may run; 0 is no limit. */
export type StatementTimeouts = Record<ApiRole, number>;

/** Hosted Supabase's defaults: anon 3 s, authenticated 8 s, service_role unlimited. */
export const DEFAULT_STATEMENT_TIMEOUTS: StatementTimeouts = { anon: 3000, authenticated: 8000, service_role: 0 };

export interface LocalDb {
  /** The data directory, or 'memory' for a throw-away database. */
  readonly location: string;
  /** Runs `fn` in one transaction as the API role of `claims`, the way PostgREST does. */
  asRole<T>(claims: Claims, fn: (tx: Tx) => Promise<T>, options?: TxOptions): Promise<T>;
  /** Runs `fn` in one transaction as the database owner (the platform's own services). */
  asSystem<T>(fn: (tx: Tx) => Promise<T>, options?: TxOptions): Promise<T>;
  /** How long the statement now running on the primary has run, in ms (null when none runs). */
  runningFor(): number | null;
  /** Resolves once the read replica (if any) holds the primary's last committed state. */
  replicaCaughtUp(): Promise<boolean>;
  close(): Promise<void>;
}

export interface OpenOptions {
  /** Keep everything in memory (tests). Default: persist under `.local/db`. */
  memory?: boolean;
  /** Data directory for the persistent mode. */
  dataDir?: string;
  /** Throw away an existing data directory first. */
  reset?: boolean;
  /** Load seed.sql on a fresh database (default true). */
  seed?: boolean;
  /** Reuse a cached snapshot of a fresh database (default true); false builds it from SQL. */
  snapshotCache?: boolean;
  /** Statement timeout per role in ms (default: hosted Supabase's, anon 3 s, authenticated 8 s). */
  statementTimeouts?: Partial<StatementTimeouts>;
  /** Keep a read replica for reads that arrive while a statement runs long (default true). */
  readReplica?: boolean;
  /** How long a read waits behind a running statement before the replica answers it (default 50 ms). */
  replicaAfterMs?: number;
  /** Quiet time after the last write before the replica catches up (default 1000 ms). */
  replicaRefreshMs?: number;
}

/** What PGlite in this thread and the worker handle have in common. */
interface Conn {
  query<T>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
  exec(sql: string): Promise<unknown>;
}

export interface Migration {
  version: string;
  file: string;
  sql: string;
}

export function readMigrations(): Migration[] {
  if (!existsSync(MIGRATIONS_DIR)) return [];
  return readdirSync(MIGRATIONS_DIR)
    .filter((f) => /^\d+_.+\.sql$/.test(f))
    .sort()
    .map((file) => ({ version: file.split('_')[0], file, sql: readFileSync(join(MIGRATIONS_DIR, file), 'utf8') }));
}

export function readSeed(): string {
  return existsSync(SEED_FILE) ? readFileSync(SEED_FILE, 'utf8') : '';
}

/** A fingerprint of everything that shapes a fresh database, for the snapshot cache. */
function schemaFingerprint(seed: boolean): string {
  const hash = createHash('sha256');
  hash.update(readFileSync(PLATFORM_FILE));
  hash.update(readFileSync(PLATFORM_CRON_FILE));
  hash.update(readFileSync(PLATFORM_VAULT_FILE));
  for (const m of readMigrations()) hash.update(m.file).update(m.sql);
  if (seed) hash.update(readSeed());
  return hash.digest('hex').slice(0, 16);
}

async function applyPending(pg: Conn, migrations: Migration[] = readMigrations()): Promise<string[]> {
  await pg.exec(`
    create schema if not exists supabase_migrations;
    create table if not exists supabase_migrations.schema_migrations (
      version text primary key, name text, applied_at timestamptz default now()
    );`);
  const done = new Set(
    (await pg.query<{ version: string }>('select version from supabase_migrations.schema_migrations')).rows.map(
      (r) => r.version,
    ),
  );
  const applied: string[] = [];
  for (const m of migrations) {
    if (done.has(m.version)) continue;
    try {
      await pg.exec('begin');
      try {
        await pg.exec(m.sql);
        await pg.query('insert into supabase_migrations.schema_migrations (version, name) values ($1, $2)', [
          m.version,
          m.file,
        ]);
        await pg.exec('commit');
      } catch (error) {
        await pg.exec('rollback');
        throw error;
      }
    } catch (error) {
      throw new Error(`Migration ${m.file} failed: ${(error as Error).message}`, { cause: error });
    }
    applied.push(m.file);
  }
  return applied;
}

// As on hosted Supabase, extension functions (crypt, gen_salt) resolve without a schema prefix.
async function setSearchPath(pg: PGlite): Promise<void> {
  await pg.exec('set search_path to "$user", public, extensions');
}

async function bootstrapFresh(pg: PGlite, seed: boolean, migrations?: Migration[]): Promise<void> {
  await setSearchPath(pg);
  try {
    await pg.exec(readFileSync(PLATFORM_FILE, 'utf8'));
    await pg.exec(readFileSync(PLATFORM_CRON_FILE, 'utf8'));
    await pg.exec(readFileSync(PLATFORM_VAULT_FILE, 'utf8'));
  } catch (error) {
    throw new Error(`platform.sql failed: ${(error as Error).message}`, { cause: error });
  }
  await applyPending(pg, migrations);
  if (seed) {
    const sql = readSeed();
    if (sql.trim()) {
      try {
        await pg.exec(sql);
      } catch (error) {
        throw new Error(`seed.sql failed: ${(error as Error).message}`, { cause: error });
      }
    }
  }
}

// Building a fresh database takes seconds; tests want many. Build once per schema and reuse the
// dump, in memory for this process and on disk for the next one.
const snapshotCache = new Map<string, Promise<Blob>>();
const CACHE_DIR = join(ROOT_DIR, 'node_modules', '.cache', 'local-supabase');
const SNAPSHOT_MAX_AGE_MS = 6 * 60 * 60 * 1000;

async function buildSnapshot(seed: boolean): Promise<Blob> {
  const pg = await PGlite.create({ extensions: { pgcrypto } });
  await bootstrapFresh(pg, seed);
  const dump = await pg.dumpDataDir('none');
  await pg.close();
  return dump;
}

/**
 * A throw-away PGlite in this thread holding the platform and `migrations` (no seed), built from SQL
 * without the cache: for tools that read the catalog of migrations other than the committed ones
 * (tests/build/schema-snapshot.test.ts changes one on purpose). The caller closes it.
 */
export async function migratedPglite(migrations: Migration[]): Promise<PGlite> {
  const pg = await PGlite.create({ extensions: { pgcrypto } });
  try {
    await bootstrapFresh(pg, false, migrations);
  } catch (error) {
    await pg.close();
    throw error;
  }
  return pg;
}

/**
 * What `read` gives once `target` is `ready`, made by `make` if it is not. Processes started
 * together (npm test's checks, a build's stand-ins, Vitest's workers) would each make the same
 * cache entry, seconds of CPU apiece: one makes it, holding `<target>.lock`, and the others wait
 * for it. A lock older than two minutes is taken to be left by a process that died.
 */
async function onceAcrossProcesses<T>(target: string, ready: () => boolean, read: () => T, make: () => Promise<T>): Promise<T> {
  const lock = `${target}.lock`;
  let owned = false;
  while (!ready() && !owned) {
    try {
      mkdirSync(dirname(lock), { recursive: true });
      closeSync(openSync(lock, 'wx'));
      owned = true;
    } catch {
      try {
        if (Date.now() - statSync(lock).mtimeMs > 120_000) rmSync(lock, { force: true });
      } catch {
        // the maker finished meanwhile
      }
      await sleep(250);
    }
  }
  try {
    return !owned || ready() ? read() : await make();
  } finally {
    if (owned) rmSync(lock, { force: true });
  }
}

async function freshSnapshot(seed: boolean, useCache = true): Promise<Blob> {
  if (!useCache) return buildSnapshot(seed);
  const key = `${schemaFingerprint(seed)}-${seed ? 'seed' : 'bare'}`;
  let pending = snapshotCache.get(key);
  if (!pending) {
    pending = (async () => {
      const file = join(CACHE_DIR, `${key}.tar`);
      // The seed dates its demo content relative to now(): a snapshot older than a few hours would
      // make fresh databases look stale, so it is rebuilt.
      const usable = () => existsSync(file) && Date.now() - statSync(file).mtimeMs < SNAPSHOT_MAX_AGE_MS;
      return onceAcrossProcesses(
        file,
        usable,
        () => new Blob([readFileSync(file)]),
        async () => {
          const dump = await buildSnapshot(seed);
          try {
            const tmp = `${file}.${process.pid}.tmp`;
            writeFileSync(tmp, Buffer.from(await dump.arrayBuffer()));
            // rename is atomic, so a parallel worker never reads half a file
            renameSync(tmp, file);
          } catch {
            // the cache is an optimisation only
          }
          return dump;
        },
      );
    })();
    snapshotCache.set(key, pending);
    pending.catch(() => snapshotCache.delete(key));
  }
  return pending;
}


// ---- the PGlite database --------------------------------------------------------------------------

export const statementTimeoutError = () =>
  new PgError({ message: 'canceling statement due to statement timeout', code: '57014', severity: 'ERROR' });

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** A first-come, first-served lock whose waiters may give up their place. */
class Lock {
  private held = false;
  private readonly queue: { grant: () => void; state: 'waiting' | 'granted' | 'cancelled' }[] = [];

  request(): { granted: Promise<void>; cancel(): boolean } {
    let resolve!: () => void;
    const granted = new Promise<void>((r) => {
      resolve = r;
    });
    // the state changes synchronously, so a waiter never cancels a place it was already given
    const entry = { grant: resolve, state: 'waiting' as 'waiting' | 'granted' | 'cancelled' };
    if (!this.held) {
      this.held = true;
      entry.state = 'granted';
      entry.grant();
    } else this.queue.push(entry);
    return {
      granted,
      cancel: () => {
        if (entry.state !== 'waiting') return false;
        entry.state = 'cancelled';
        return true;
      },
    };
  }

  acquire(): Promise<void> {
    return this.request().granted;
  }

  release(): void {
    for (;;) {
      const next = this.queue.shift();
      if (!next) {
        this.held = false;
        return;
      }
      if (next.state === 'waiting') {
        next.state = 'granted';
        next.grant();
        return;
      }
    }
  }
}

// Throw-away databases live in the temp directory (a stopped thread must find its data again);
// ones left behind by a process that died are removed by the next one.
const TEMP_PREFIX = 'local-supabase-';
function pruneStaleTempDirs(): void {
  let entries: string[];
  try {
    entries = readdirSync(tmpdir());
  } catch {
    return;
  }
  for (const name of entries) {
    const pid = Number(name.slice(TEMP_PREFIX.length).split('-')[0]);
    if (!name.startsWith(TEMP_PREFIX) || !Number.isInteger(pid) || pid === process.pid) continue;
    try {
      process.kill(pid, 0);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ESRCH') rmSync(join(tmpdir(), name), { recursive: true, force: true });
    }
  }
}

interface Engine {
  conn: PgliteWorker;
  /** When the statement now running started, if one runs. */
  runningSince: number | null;
}

/**
 * A database that was just opened knows nothing of its tables yet: the first query of each loads
 * catalog caches and plans the policies. The replica pays that before it answers anyone.
 */
async function warmUp(conn: PgliteWorker): Promise<void> {
  const { rows } = await conn.query<{ name: string }>(
    `select format('%I.%I', n.nspname, c.relname) as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'v', 'm', 'p')`,
  );
  for (const role of ['anon', 'authenticated']) {
    for (const { name } of rows) {
      try {
        await conn.exec(`begin read only; set local role ${role}; select json_agg(t) from (select * from ${name} limit 1) t;`);
      } catch {
        // a table this role may not read: the error is the warm-up too
      } finally {
        await conn.exec('rollback').catch(() => {});
      }
    }
  }
}

class PgliteDb implements LocalDb {
  private primary: Engine | null;
  private reopening: Promise<Engine> | null = null;
  private readonly lock = new Lock();
  /** Counts commits that wrote something; the replica is current when it holds the same count. */
  private version = 0;
  private replica: Engine | null = null;
  private replicaVersion = -1;
  private replicaBusy = false;
  private refreshTimer: NodeJS.Timeout | null = null;
  private refreshing: Promise<void> | null = null;
  private closed = false;

  constructor(
    conn: PgliteWorker,
    readonly location: string,
    private readonly dataDir: string,
    private readonly tempDir: string | null,
    private readonly timeouts: StatementTimeouts,
    private readonly replicaOptions: { enabled: boolean; afterMs: number; refreshMs: number },
  ) {
    this.primary = { conn, runningSince: null };
  }

  /** Starts the replica from the fresh database's snapshot, or from a dump of the primary. */
  startReplica(snapshot: ArrayBuffer | null): void {
    if (!this.replicaOptions.enabled) return;
    const version = this.version;
    this.track(
      (async () => {
        if (snapshot) return this.installReplica(version, snapshot);
        const dump = await this.dumpPrimary();
        if (dump) await this.installReplica(dump.version, dump.data);
      })(),
    );
  }

  private track(pending: Promise<void>) {
    this.refreshing = pending.catch(() => {}).finally(() => {
      this.refreshing = null;
      if (!this.closed && this.replicaVersion !== this.version) this.scheduleRefresh();
    });
  }

  private async dumpPrimary(): Promise<{ version: number; data: ArrayBuffer } | null> {
    await this.lock.acquire();
    try {
      if (this.closed) return null;
      const engine = await this.ensurePrimary();
      return { version: this.version, data: await engine.conn.dump() };
    } finally {
      this.lock.release();
    }
  }

  private async installReplica(version: number, data: ArrayBuffer) {
    const conn = await PgliteWorker.start({ snapshot: data });
    await warmUp(conn);
    if (this.closed) {
      await conn.kill();
      return;
    }
    const old = this.replica;
    this.replica = { conn, runningSince: null };
    this.replicaVersion = version;
    // a replica still answering a read is stopped when that read is done (see onReplica)
    if (old && !this.replicaBusy) void old.conn.kill();
  }

  private scheduleRefresh(delayMs = this.replicaOptions.refreshMs) {
    if (!this.replicaOptions.enabled || this.closed) return;
    if (this.refreshTimer) clearTimeout(this.refreshTimer);
    this.refreshTimer = setTimeout(() => {
      this.refreshTimer = null;
      if (this.refreshing || this.closed || this.replicaVersion === this.version) return;
      this.track(
        (async () => {
          const dump = await this.dumpPrimary();
          if (dump) await this.installReplica(dump.version, dump.data);
        })(),
      );
    }, delayMs);
    this.refreshTimer.unref();
  }

  private async ensurePrimary(): Promise<Engine> {
    if (this.primary?.conn.alive) return this.primary;
    if (!this.reopening) {
      this.primary = null;
      // crash recovery replays what was committed; the stopped transaction is simply gone
      this.reopening = PgliteWorker.start({ dataDir: this.dataDir })
        .then((conn) => {
          this.primary = { conn, runningSince: null };
          return this.primary;
        })
        .finally(() => {
          this.reopening = null;
        });
    }
    return this.reopening;
  }

  /** Runs one statement; past `timeoutMs` the thread is stopped and the statement fails with 57014. */
  private async statement<T>(engine: Engine, timeoutMs: number, op: () => Promise<T>): Promise<T> {
    engine.runningSince = Date.now();
    let timer: NodeJS.Timeout | undefined;
    try {
      if (!timeoutMs) return await op();
      const expired = new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          // reject first, so the caller sees the timeout rather than the stopped thread
          reject(statementTimeoutError());
          void engine.conn.kill();
        }, timeoutMs);
      });
      return await Promise.race([op(), expired]);
    } finally {
      clearTimeout(timer);
      engine.runningSince = null;
    }
  }

  private async transaction<T>(
    engine: Engine,
    claims: Claims | null,
    options: TxOptions,
    fn: (tx: Tx) => Promise<T>,
  ): Promise<{ result: T; wrote: boolean }> {
    const timeoutMs = claims ? this.timeouts[claims.role] : 0;
    const conn = engine.conn;
    const run = <R>(op: () => Promise<R>) => this.statement(engine, timeoutMs, op);
    await conn.begin(
      Boolean(options.readOnly),
      claims ? [claims.role, JSON.stringify(claims), claims.sub ?? '', claims.email ?? ''] : null,
    );
    try {
      if (options.headers) await conn.query(`select set_config('request.headers', $1, true)`, [JSON.stringify(options.headers)]);
      const tx: Tx = {
        query: (sql, params) => run(() => conn.query(sql, params ?? [])),
        exec: (sql) => run(() => conn.exec(sql)),
      };
      const result = await fn(tx);
      let wrote = false;
      if (!options.readOnly) {
        const { rows } = await conn.query<{ wrote: boolean }>('select txid_current_if_assigned() is not null as wrote');
        wrote = Boolean(rows[0]?.wrote);
      }
      await conn.exec('commit');
      return { result, wrote };
    } catch (error) {
      if (conn.alive) await conn.exec('rollback').catch(() => {});
      if (error instanceof WorkerGone) {
        throw new PgError({ message: 'terminating connection: the database thread stopped', code: '57P01' });
      }
      throw error;
    }
  }

  private canUseReplica(): boolean {
    if (!this.replica?.conn.alive || this.replicaBusy || this.replicaVersion !== this.version) return false;
    if (!this.primary) return true; // reopening after a cancelled statement
    const since = this.primary.runningSince;
    return since !== null && Date.now() - since >= this.replicaOptions.afterMs;
  }

  private async onReplica<T>(claims: Claims | null, options: TxOptions, fn: (tx: Tx) => Promise<T>): Promise<T> {
    const engine = this.replica!;
    this.replicaBusy = true;
    try {
      return (await this.transaction(engine, claims, options, fn)).result;
    } finally {
      this.replicaBusy = false;
      if (this.replica !== engine) void engine.conn.kill(); // replaced by a newer copy meanwhile
      else if (!engine.conn.alive) {
        this.replica = null;
        this.replicaVersion = -1;
        this.scheduleRefresh();
      }
    }
  }

  private async run<T>(claims: Claims | null, options: TxOptions, fn: (tx: Tx) => Promise<T>): Promise<T> {
    if (this.closed) throw new PgError({ message: 'the database is closed', code: '57P01' });
    if (options.readOnly && this.replicaOptions.enabled) {
      const ticket = this.lock.request();
      for (;;) {
        const granted = await Promise.race([ticket.granted.then(() => true), sleep(10).then(() => false)]);
        if (granted) break;
        if (this.canUseReplica() && ticket.cancel()) return this.onReplica(claims, options, fn);
      }
    } else {
      await this.lock.acquire();
    }
    try {
      const engine = await this.ensurePrimary();
      const { result, wrote } = await this.transaction(engine, claims, options, fn);
      if (wrote) {
        this.version++;
        this.scheduleRefresh();
      }
      return result;
    } finally {
      this.lock.release();
    }
  }

  runningFor(): number | null {
    const since = this.primary?.runningSince;
    return since === null || since === undefined ? null : Date.now() - since;
  }

  async replicaCaughtUp(): Promise<boolean> {
    if (!this.replicaOptions.enabled) return false;
    for (;;) {
      if (this.closed) return false;
      if (this.replica?.conn.alive && this.replicaVersion === this.version) return true;
      if (!this.refreshing) this.scheduleRefresh(0);
      await (this.refreshing ?? sleep(20));
    }
  }

  asRole<T>(claims: Claims, fn: (tx: Tx) => Promise<T>, options: TxOptions = {}): Promise<T> {
    if (!API_ROLES.includes(claims.role)) throw new Error(`Unknown role ${String(claims.role)}`);
    return this.run(claims, options, fn);
  }

  asSystem<T>(fn: (tx: Tx) => Promise<T>, options: TxOptions = {}): Promise<T> {
    return this.run(null, options, fn);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (this.refreshTimer) clearTimeout(this.refreshTimer);
    await this.refreshing;
    await this.lock.acquire();
    try {
      await this.reopening?.catch(() => {});
      // a throw-away database is not shut down cleanly (its checkpoint would write files that are
      // deleted next), and its files go on the thread pool: together half a second per stand-in
      if (this.tempDir) await this.primary?.conn.kill();
      else await this.primary?.conn.close();
      await this.replica?.conn.kill();
    } finally {
      this.lock.release();
      if (this.tempDir) await rm(this.tempDir, { recursive: true, force: true });
    }
  }
}

/**
 * A data directory holding the fresh database, unpacked once per schema: copying it is several
 * times faster than unpacking the snapshot into a new directory through PGlite's file system.
 */
const unpackedCache = new Map<string, Promise<string>>();
function unpackedSnapshot(seed: boolean, snapshot: () => Promise<ArrayBuffer>): Promise<string> {
  const dir = join(CACHE_DIR, `${schemaFingerprint(seed)}-${seed ? 'seed' : 'bare'}.dir`);
  let pending = unpackedCache.get(dir);
  if (!pending) {
    pending = (async () => {
      const stamp = join(dir, 'PG_VERSION');
      const ready = () => existsSync(stamp) && Date.now() - statSync(stamp).mtimeMs < SNAPSHOT_MAX_AGE_MS;
      return onceAcrossProcesses(
        dir,
        ready,
        () => dir,
        async () => {
          const tmp = `${dir}.${process.pid}.tmp`;
          rmSync(tmp, { recursive: true, force: true });
          mkdirSync(dirname(tmp), { recursive: true });
          const conn = await PgliteWorker.start({ dataDir: tmp, snapshot: await snapshot() });
          await conn.close(); // a clean shutdown: the copies open without crash recovery
          rmSync(dir, { recursive: true, force: true });
          try {
            renameSync(tmp, dir);
          } catch {
            rmSync(tmp, { recursive: true, force: true }); // a process that did not wait was first
          }
          return dir;
        },
      );
    })();
    unpackedCache.set(dir, pending);
    pending.catch(() => unpackedCache.delete(dir));
  }
  return pending;
}

/**
 * Puts a fresh database into `dataDir` and opens it in a worker thread. The snapshot (46 MB) is
 * read only where the unpacked copy cannot serve: reading it cost a third of a second per database.
 */
async function startFresh(dataDir: string, seed: boolean, snapshot: () => Promise<ArrayBuffer>, useCache: boolean): Promise<PgliteWorker> {
  if (useCache) {
    try {
      const source = await unpackedSnapshot(seed, snapshot);
      await copyTree(source, dataDir);
      return await PgliteWorker.start({ dataDir });
    } catch {
      rmSync(dataDir, { recursive: true, force: true }); // fall back to unpacking the snapshot
    }
  }
  return PgliteWorker.start({ dataDir, snapshot: await snapshot() });
}

export async function openLocalDb(options: OpenOptions = {}): Promise<LocalDb> {
  const seed = options.seed ?? true;
  const timeouts = { ...DEFAULT_STATEMENT_TIMEOUTS, ...options.statementTimeouts };
  const replica = {
    enabled: options.readReplica ?? true,
    afterMs: options.replicaAfterMs ?? 50,
    refreshMs: options.replicaRefreshMs ?? 1000,
  };
  if (options.memory) {
    pruneStaleTempDirs();
    const tempDir = mkdtempSync(join(tmpdir(), `${TEMP_PREFIX}${process.pid}-`));
    try {
      const useCache = options.snapshotCache ?? true;
      const snapshot = () => freshSnapshot(seed, useCache).then((blob) => blob.arrayBuffer());
      const conn = await startFresh(join(tempDir, 'db'), seed, snapshot, useCache);
      const db = new PgliteDb(conn, 'memory', join(tempDir, 'db'), tempDir, timeouts, replica);
      db.startReplica(replica.enabled ? await snapshot() : null);
      return db;
    } catch (error) {
      rmSync(tempDir, { recursive: true, force: true });
      throw error;
    }
  }
  const dataDir = resolve(options.dataDir ?? join(ROOT_DIR, '.local', 'db'));
  if (options.reset && existsSync(dataDir)) rmSync(dataDir, { recursive: true, force: true });
  const fresh = !existsSync(join(dataDir, 'PG_VERSION'));
  let conn: PgliteWorker;
  let snapshot: ArrayBuffer | null = null;
  if (fresh) {
    mkdirSync(dirname(dataDir), { recursive: true });
    const useCache = options.snapshotCache ?? true;
    const read = () => freshSnapshot(seed, useCache).then((blob) => blob.arrayBuffer());
    conn = await startFresh(dataDir, seed, read, useCache);
    if (replica.enabled) snapshot = await read();
  } else {
    conn = await PgliteWorker.start({ dataDir });
    await conn.exec(readFileSync(PLATFORM_CRON_FILE, 'utf8')); // a data directory older than the stand-in's cron
    await conn.exec(readFileSync(PLATFORM_VAULT_FILE, 'utf8')); // … or than its vault
    await applyPending(conn);
  }
  const db = new PgliteDb(conn, dataDir, dataDir, null, timeouts, replica);
  db.startReplica(snapshot);
  return db;
}
