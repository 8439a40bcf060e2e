// One PGlite database for the stand-in: platform bootstrap, migrations, seed, and the
// per-request transaction that runs under the caller's role with its JWT claims.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';

const here = dirname(fileURLToPath(import.meta.url));
export const SUPABASE_DIR = resolve(here, '..');
export const ROOT_DIR = resolve(SUPABASE_DIR, '..');
const MIGRATIONS_DIR = join(SUPABASE_DIR, 'migrations');
const SEED_FILE = join(SUPABASE_DIR, 'seed.sql');
const PLATFORM_FILE = join(here, 'platform.sql');

export type ApiRole = 'anon' | 'authenticated' | 'service_role';
export const API_ROLES: readonly ApiRole[] = ['anon', 'authenticated', 'service_role'];

export interface Claims {
  role: ApiRole;
  sub?: string;
  email?: string;
  [claim: string]: unknown;
}

export type Tx = Transaction;

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
}

interface Migration {
  version: string;
  file: string;
  sql: string;
}

function readMigrations(): Migration[] {
  if (!existsSync(MIGRATIONS_DIR)) return [];
  return readdirSync(MIGRATIONS_DIR)
    .filter((f) => /^\d+_.+\.sql$/.test(f))
    .sort()
    .map((file) => ({ version: file.split('_')[0], file, sql: readFileSync(join(MIGRATIONS_DIR, file), 'utf8') }));
}

function readSeed(): string {
  return existsSync(SEED_FILE) ? readFileSync(SEED_FILE, 'utf8') : '';
}

/** A fingerprint of everything that shapes a fresh database, for the snapshot cache. */
function schemaFingerprint(seed: boolean): string {
  const hash = createHash('sha256');
  hash.update(readFileSync(PLATFORM_FILE));
  for (const m of readMigrations()) hash.update(m.file).update(m.sql);
  if (seed) hash.update(readSeed());
  return hash.digest('hex').slice(0, 16);
}

async function applyPending(pg: PGlite): Promise<string[]> {
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
  for (const m of readMigrations()) {
    if (done.has(m.version)) continue;
    try {
      await pg.transaction(async (tx) => {
        await tx.exec(m.sql);
        await tx.query('insert into supabase_migrations.schema_migrations (version, name) values ($1, $2)', [
          m.version,
          m.file,
        ]);
      });
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

async function bootstrapFresh(pg: PGlite, seed: boolean): Promise<void> {
  await setSearchPath(pg);
  try {
    await pg.exec(readFileSync(PLATFORM_FILE, 'utf8'));
  } catch (error) {
    throw new Error(`platform.sql failed: ${(error as Error).message}`, { cause: error });
  }
  await applyPending(pg);
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

async function freshSnapshot(seed: boolean, useCache = true): Promise<Blob> {
  if (!useCache) return buildSnapshot(seed);
  const key = `${schemaFingerprint(seed)}-${seed ? 'seed' : 'bare'}`;
  let pending = snapshotCache.get(key);
  if (!pending) {
    pending = (async () => {
      const file = join(CACHE_DIR, `${key}.tar`);
      // The seed dates its demo content relative to now(): a snapshot older than a few hours would
      // make fresh databases look stale, so it is rebuilt.
      if (existsSync(file) && Date.now() - statSync(file).mtimeMs < SNAPSHOT_MAX_AGE_MS) return new Blob([readFileSync(file)]);
      const dump = await buildSnapshot(seed);
      try {
        mkdirSync(CACHE_DIR, { recursive: true });
        const tmp = `${file}.${process.pid}.tmp`;
        writeFileSync(tmp, Buffer.from(await dump.arrayBuffer()));
        // rename is atomic, so a parallel worker never reads half a file
        renameSync(tmp, file);
      } catch {
        // the cache is an optimisation only
      }
      return dump;
    })();
    snapshotCache.set(key, pending);
    pending.catch(() => snapshotCache.delete(key));
  }
  return pending;
}

export class LocalDb {
  private constructor(
    readonly pg: PGlite,
    readonly location: string,
  ) {}

  static async open(options: OpenOptions = {}): Promise<LocalDb> {
    const seed = options.seed ?? true;
    if (options.memory) {
      const snapshot = await freshSnapshot(seed, options.snapshotCache ?? true);
      const pg = await PGlite.create({ extensions: { pgcrypto }, loadDataDir: snapshot });
      await setSearchPath(pg);
      return new LocalDb(pg, 'memory');
    }
    const dataDir = resolve(options.dataDir ?? join(ROOT_DIR, '.local', 'db'));
    if (options.reset && existsSync(dataDir)) rmSync(dataDir, { recursive: true, force: true });
    const fresh = !existsSync(join(dataDir, 'PG_VERSION'));
    let pg: PGlite;
    if (fresh) {
      mkdirSync(dirname(dataDir), { recursive: true });
      const snapshot = await freshSnapshot(seed, options.snapshotCache ?? true);
      pg = await PGlite.create({ dataDir, extensions: { pgcrypto }, loadDataDir: snapshot });
    } else {
      pg = await PGlite.create({ dataDir, extensions: { pgcrypto } });
      await setSearchPath(pg);
      await applyPending(pg);
    }
    await setSearchPath(pg);
    return new LocalDb(pg, dataDir);
  }

  /**
   * Runs `fn` in one transaction as the API role of `claims`, with `request.jwt.claims` set the
   * way PostgREST sets it, so row-level security and auth.uid()/auth.email() see the caller.
   */
  async asRole<T>(claims: Claims, fn: (tx: Tx) => Promise<T>): Promise<T> {
    if (!API_ROLES.includes(claims.role)) throw new Error(`Unknown role ${String(claims.role)}`);
    return this.pg.transaction(async (tx) => {
      await tx.query(
        `select set_config('role', $1, true), set_config('request.jwt.claims', $2, true),
                set_config('request.jwt.claim.sub', $3, true), set_config('request.jwt.claim.role', $1, true),
                set_config('request.jwt.claim.email', $4, true)`,
        [claims.role, JSON.stringify(claims), claims.sub ?? '', claims.email ?? ''],
      );
      return fn(tx);
    });
  }

  /** Runs `fn` in one transaction as the database owner (the platform's own services). */
  async asSystem<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    return this.pg.transaction(fn);
  }

  async close(): Promise<void> {
    if (!this.pg.closed) await this.pg.close();
  }
}
