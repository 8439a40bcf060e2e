// The stand-in's database interface over a real PostgreSQL server (node-postgres), so the same
// REST, auth and storage code — and the same tests — run against the PostgreSQL hosted Supabase
// runs. Each transaction gets its own connection; the role's statement timeout is PostgreSQL's own.
import pg from 'pg';
import {
  API_ROLES,
  DEFAULT_STATEMENT_TIMEOUTS,
  type Claims,
  type LocalDb,
  type StatementTimeouts,
  type Tx,
  type TxOptions,
} from '../db.ts';

// as PGlite answers them: bigint as a number (our counts and ids fit), the rest as node-postgres does
const INT8 = 20;
const types = {
  getTypeParser: ((oid: number, format?: string) =>
    oid === INT8 && format !== 'binary' ? (v: string) => Number(v) : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
};

export interface PostgresDbOptions {
  /** node-postgres connection settings (host may be a Unix socket directory). */
  connection: pg.PoolConfig;
  statementTimeouts?: Partial<StatementTimeouts>;
}

export class PostgresDb implements LocalDb {
  private readonly pool: pg.Pool;
  private readonly timeouts: StatementTimeouts;
  readonly location: string;

  constructor(options: PostgresDbOptions) {
    this.pool = new pg.Pool({
      max: 8,
      ...options.connection,
      types,
      // as on hosted Supabase, extension functions resolve without a schema prefix
      options: `-c search_path="$user",public,extensions`,
    });
    this.pool.on('error', () => {}); // an idle connection that dies is replaced on next use
    this.timeouts = { ...DEFAULT_STATEMENT_TIMEOUTS, ...options.statementTimeouts };
    this.location = `postgres://${options.connection.host ?? 'localhost'}:${options.connection.port ?? 5432}`;
  }

  private async run<T>(claims: Claims | null, options: TxOptions, fn: (tx: Tx) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    let broken = false;
    try {
      await client.query(options.readOnly ? 'begin read only' : 'begin');
      if (claims) {
        await client.query(
          `select set_config('statement_timeout', $5, true), set_config('role', $1, true),
                  set_config('request.jwt.claims', $2, true), set_config('request.jwt.claim.sub', $3, true),
                  set_config('request.jwt.claim.role', $1, true), set_config('request.jwt.claim.email', $4, true)`,
          [claims.role, JSON.stringify(claims), claims.sub ?? '', claims.email ?? '', String(this.timeouts[claims.role])],
        );
      }
      if (options.headers) await client.query(`select set_config('request.headers', $1, true)`, [JSON.stringify(options.headers)]);
      const tx: Tx = {
        query: async (sql, params) => {
          const res = await client.query(sql, params ?? []);
          return { rows: res.rows, affectedRows: res.rowCount ?? 0 };
        },
        exec: async (sql) => {
          await client.query(sql);
        },
      };
      const result = await fn(tx);
      await client.query('commit');
      return result;
    } catch (error) {
      await client.query('rollback').catch(() => {
        broken = true;
      });
      throw error;
    } finally {
      client.release(broken);
    }
  }

  asRole<T>(claims: Claims, fn: (tx: Tx) => Promise<T>, options: TxOptions = {}): Promise<T> {
    if (!API_ROLES.includes(claims.role)) throw new Error(`Unknown role ${String(claims.role)}`);
    return this.run(claims, options, fn);
  }

  asSystem<T>(fn: (tx: Tx) => Promise<T>, options: TxOptions = {}): Promise<T> {
    return this.run(null, options, fn);
  }

  runningFor(): number | null {
    return null; // PostgreSQL runs statements side by side: none holds up another
  }

  async replicaCaughtUp(): Promise<boolean> {
    return false;
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}
