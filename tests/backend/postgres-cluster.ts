// A throw-away PostgreSQL cluster for the tests that prove the schema on real PostgreSQL (the
// server hosted Supabase runs; PGlite is PostgreSQL 18, hosted projects 15 or 17). Debian's
// postgresql-NN package installs the binaries under /usr/lib/postgresql/NN/bin; `.ci/run` installs
// postgresql-15. The cluster lives in a temporary directory, listens only on a Unix socket there
// and on a free port, and is removed afterwards.
import { execFile } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { PLATFORM_CRON_FILE, PLATFORM_FILE, PLATFORM_VAULT_FILE, readMigrations } from '../../supabase/local/db.ts';

const run = promisify(execFile);

export interface PostgresBinaries {
  version: number;
  bin: string;
  /** The server's extension libraries (pg_cron.so, when Debian's postgresql-15-cron is installed). */
  lib: string;
}

/** The newest PostgreSQL server installed the Debian way, or null. */
export function findPostgres(root = '/usr/lib/postgresql'): PostgresBinaries | null {
  if (!existsSync(root)) return null;
  const found = readdirSync(root)
    .filter((v) => /^\d+$/.test(v))
    .map((v) => ({ version: Number(v), bin: join(root, v, 'bin'), lib: join(root, v, 'lib') }))
    .filter((b) => ['initdb', 'pg_ctl', 'postgres'].every((f) => existsSync(join(b.bin, f))))
    .sort((a, b) => b.version - a.version);
  return found[0] ?? null;
}

/** Why the PostgreSQL tests are skipped here, or null when they can run. */
export function postgresSkipReason(): string | null {
  if (process.env.SKIP_POSTGRES_TESTS) return 'SKIP_POSTGRES_TESTS is set';
  if (!findPostgres()) return 'no PostgreSQL server in /usr/lib/postgresql/*/bin (apt-get install postgresql-15)';
  if (userInfo().uid === 0 && !postgresAccount()) return 'running as root and there is no postgres account to run the server as';
  return null;
}

/** uid and gid of the `postgres` account (Debian's package creates it). */
function postgresAccount(): [number, number] | null {
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('postgres:'));
  if (!line) return null;
  const [uid, gid] = line.split(':').slice(2, 4).map(Number);
  return [uid, gid];
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

export interface PostgresCluster {
  version: number;
  connection: pg.PoolConfig;
  /** Runs SQL (several statements allowed) as the superuser. */
  sql(text: string): Promise<void>;
  stop(): Promise<void>;
}

export async function startPostgres(): Promise<PostgresCluster> {
  const bins = findPostgres();
  if (!bins) throw new Error('PostgreSQL is not installed');
  const dir = mkdtempSync(join(tmpdir(), 'pg-test-'));
  const data = join(dir, 'data');
  // PostgreSQL refuses to run as root: as root, the `postgres` account runs it
  const asRoot = userInfo().uid === 0;
  const exec = (file: string, args: string[]) =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', join(bins.bin, file), ...args]) : run(join(bins.bin, file), args);
  if (asRoot) {
    const account = postgresAccount();
    if (!account) throw new Error('running as root and there is no postgres account');
    chownSync(dir, ...account);
  }
  chmodSync(dir, 0o700);
  let started = false;
  try {
    await exec('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8', '--no-sync']);
    const port = await freePort();
    const opts = [`-p ${port}`, `-k ${dir}`, "-c listen_addresses=''", '-c fsync=off', '-c full_page_writes=off', '-c synchronous_commit=off'];
    // the real pg_cron (Debian's postgresql-15-cron), as hosted Supabase has it: the migrations
    // create the extension and schedule their jobs; its workers run them inside the server
    if (existsSync(join(bins.lib, 'pg_cron.so'))) {
      opts.push('-c shared_preload_libraries=pg_cron', '-c cron.database_name=postgres', '-c cron.use_background_workers=on');
    }
    await exec('pg_ctl', ['-D', data, '-o', opts.join(' '), '-l', join(dir, 'server.log'), '-w', '-t', '60', 'start']);
    started = true;
    const connection: pg.PoolConfig = { host: dir, port, user: 'postgres', database: 'postgres' };
    const sql = async (text: string) => {
      const client = new pg.Client(connection);
      await client.connect();
      try {
        await client.query(text);
      } finally {
        await client.end();
      }
    };
    return {
      version: bins.version,
      connection,
      sql,
      async stop() {
        await exec('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']).catch(() => {});
        rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    if (started) await exec('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']).catch(() => {});
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}

/**
 * The hosted platform's own schema, before any migration (supabase/local/platform*.sql), and the
 * `postgres` role's search path as a hosted project has it. With `migrationsTable`, also the table
 * in which the Supabase CLI records what it applied, for our own loop below (the CLI makes it itself).
 */
export async function applyPlatform(cluster: PostgresCluster, { migrationsTable = true } = {}): Promise<void> {
  await cluster.sql(`set search_path to "$user", public, extensions;\n${readFileSync(PLATFORM_FILE, 'utf8')}`);
  await cluster.sql(readFileSync(PLATFORM_CRON_FILE, 'utf8')); // nothing where the real pg_cron is preloaded
  await cluster.sql(readFileSync(PLATFORM_VAULT_FILE, 'utf8')); // supabase_vault has no Debian package
  await cluster.sql(`alter role postgres set search_path to "$user", public, extensions`);
  if (migrationsTable) {
    await cluster.sql(`create schema if not exists supabase_migrations;
      create table if not exists supabase_migrations.schema_migrations (version text primary key, name text, applied_at timestamptz default now());`);
  }
}

/**
 * The cluster's address as the Supabase CLI takes it: Go's parser wants a host before the path (the
 * socket directory in `host=` overrides it), and the cluster speaks no TLS.
 */
export function cliDatabaseUrl(cluster: PostgresCluster): string {
  return `postgresql://postgres@localhost:${cluster.connection.port}/postgres?host=${encodeURIComponent(String(cluster.connection.host))}&sslmode=disable`;
}

/** Runs the real Supabase CLI (the pinned devDependency `supabase`) from the repository's root. */
export async function supabaseCli(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run('npx', ['--no-install', 'supabase', ...args], { maxBuffer: 16 * 1024 * 1024 });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof e.code === 'number' ? e.code : 1, stdout: e.stdout ?? '', stderr: e.stderr ?? String(error) };
  }
}

/**
 * The migrations `which` picks, in order, each in its own transaction and recorded as the CLI
 * records them (an upgrade test applies them in parts, with the data of its day in between).
 */
export async function applyMigrations(cluster: PostgresCluster, which: (version: string) => boolean = () => true): Promise<string[]> {
  const applied: string[] = [];
  for (const m of readMigrations().filter((m) => which(m.version))) {
    try {
      await cluster.sql(`begin;
        set local search_path to "$user", public, extensions;
        ${m.sql}
        ;insert into supabase_migrations.schema_migrations (version, name) values ('${m.version}', '${m.file.replace(/'/g, "''")}');
        commit;`);
    } catch (error) {
      await cluster.sql('rollback').catch(() => {});
      throw new Error(`${m.file} failed on PostgreSQL ${cluster.version}: ${(error as Error).message}`, { cause: error });
    }
    applied.push(m.file);
  }
  return applied;
}

/**
 * What a release does to a project: the platform's own schema (hosted has it), then
 * `supabase db push --include-seed` of the real CLI, which applies every migration in order, each
 * recorded in supabase_migrations.schema_migrations, and then the seed. The migrations it applied.
 */
export async function applySchema(cluster: PostgresCluster): Promise<string[]> {
  await applyPlatform(cluster, { migrationsTable: false });
  const push = await supabaseCli(['db', 'push', '--db-url', cliDatabaseUrl(cluster), '--include-seed', '--yes']);
  const output = `${push.stdout}\n${push.stderr}`;
  if (push.code !== 0) throw new Error(`supabase db push failed on PostgreSQL ${cluster.version} (exit ${push.code}):\n${output.slice(-4000)}`);
  return [...output.matchAll(/Applying migration (\S+\.sql)\.\.\./g)].map((m) => m[1]);
}
