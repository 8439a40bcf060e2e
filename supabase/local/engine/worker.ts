// The main thread's handle on one PGlite worker thread (see pglite-worker.mjs).
import { Worker } from 'node:worker_threads';

const WORKER_URL = new URL('./pglite-worker.mjs', import.meta.url);

export interface QueryResult<T> {
  rows: T[];
  affectedRows: number;
}

/** A Postgres error as PGlite and node-postgres report it: message, SQLSTATE and the details. */
export class PgError extends Error {
  code!: string;
  detail?: string;
  hint?: string;
  constructor(fields: { message: string; code?: string; [key: string]: unknown }) {
    super(fields.message);
    Object.assign(this, fields);
    this.code = fields.code ?? 'XX000';
  }
}

export class WorkerGone extends Error {}

interface Pending {
  resolve(value: unknown): void;
  reject(error: Error): void;
}

export class PgliteWorker {
  private next = 1;
  private readonly pending = new Map<number, Pending>();
  private dead: Error | null = null;

  private constructor(private readonly worker: Worker) {
    worker.on('message', (msg: { id?: number; ok?: boolean; result?: unknown; error?: { message: string } }) => {
      if (msg.id === undefined) return;
      const p = this.pending.get(msg.id);
      if (!p) return;
      this.pending.delete(msg.id);
      if (msg.ok) p.resolve(msg.result);
      else p.reject(new PgError(msg.error!));
    });
    worker.on('error', (error) => this.fail(error));
    worker.on('exit', () => this.fail(new WorkerGone('the database thread stopped')));
  }

  /** Opens a database in a new thread: from `dataDir` (created from `snapshot` when given), or in memory. */
  static async start(options: { dataDir?: string; snapshot?: ArrayBuffer }): Promise<PgliteWorker> {
    const worker = new Worker(WORKER_URL, { workerData: options });
    await new Promise<void>((resolve, reject) => {
      const onMessage = (msg: { ready?: boolean; error?: { message: string } }) => {
        if (msg.ready === undefined) return;
        worker.off('message', onMessage);
        worker.off('exit', onExit);
        if (msg.ready) resolve();
        else {
          void worker.terminate();
          reject(new PgError(msg.error!));
        }
      };
      const onExit = (code: number) => reject(new WorkerGone(`the database thread exited (${code}) while opening`));
      worker.on('message', onMessage);
      worker.once('exit', onExit);
      worker.once('error', reject);
    });
    return new PgliteWorker(worker);
  }

  get alive(): boolean {
    return this.dead === null;
  }

  /** Keeps the process from staying alive only for this thread. */
  unref(): void {
    this.worker.unref();
  }

  private fail(error: Error) {
    if (!this.dead) this.dead = error;
    for (const p of this.pending.values()) p.reject(this.dead);
    this.pending.clear();
  }

  private call<T>(message: Record<string, unknown>): Promise<T> {
    if (this.dead) return Promise.reject(this.dead);
    const id = this.next++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.worker.postMessage({ ...message, id });
    });
  }

  query<T>(sql: string, params: unknown[] = []): Promise<QueryResult<T>> {
    return this.call({ op: 'query', sql, params });
  }

  async exec(sql: string): Promise<void> {
    await this.call({ op: 'exec', sql });
  }

  /** BEGIN [READ ONLY], then the role and JWT claims PostgREST sets: [role, claims json, sub, email]. */
  async begin(readOnly: boolean, claims: [string, string, string, string] | null): Promise<void> {
    await this.call({ op: 'begin', readOnly, claims });
  }

  dump(): Promise<ArrayBuffer> {
    return this.call({ op: 'dump' });
  }

  /** Stops the thread at once, whatever it is running (the way a statement is cancelled). */
  async kill(): Promise<void> {
    this.fail(new WorkerGone('the database thread was stopped'));
    await this.worker.terminate();
  }

  async close(): Promise<void> {
    if (this.dead) return;
    try {
      await this.call({ op: 'close' });
    } catch {
      // already gone
    }
    await this.kill();
  }
}
