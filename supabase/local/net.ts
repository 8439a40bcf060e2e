// The stand-in's pg_net worker. On hosted Supabase, net.http_post() only queues a request (a row in
// net.http_request_queue, visible once the transaction commits) and a background worker of the
// extension sends it and stores the answer in net._http_response. Database webhooks are triggers
// built on that. Here the queue and the function are the same (platform.sql); this class is the
// worker: after every write through the API it takes the queued requests, sends them in order,
// and records each answer, so a trigger written for hosted Supabase works unchanged.
import type { LocalDb } from './db.ts';

/** Requests taken from the queue per transaction. */
const BATCH = 100;
/** Answers kept in net._http_response (pg_net keeps them 6 hours by default; this also caps the count). */
const KEEP_RESPONSES = 500;
/** Characters of an answer's body kept. */
const MAX_CONTENT = 8 * 1024;

interface QueuedRequest {
  id: string;
  method: string;
  url: string;
  headers: Record<string, string> | null;
  body: string | null;
  timeout_milliseconds: number;
}

interface Answer {
  id: string;
  status_code: number | null;
  content_type: string | null;
  headers: Record<string, string> | null;
  content: string | null;
  timed_out: boolean;
  error_msg: string | null;
}

export interface NetDispatcherOptions {
  quiet?: boolean;
  /** For tests: the fetch that sends the requests. */
  fetch?: typeof fetch;
}

export class NetDispatcher {
  private scheduled = false;
  private running: Promise<void> | null = null;
  private again = false;
  private disabled = false;
  private closed = false;
  private holds = 0;
  /** Requests sent since start (for tests and the log). */
  sent = 0;

  constructor(
    private readonly db: LocalDb,
    private readonly options: NetDispatcherOptions = {},
  ) {}

  /** Something may have been queued: send it soon (many calls in a row make one pass). */
  kick(): void {
    if (this.disabled || this.closed) return;
    if (this.running || this.holds > 0) {
      this.again = true;
      return;
    }
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      if (this.holds > 0) {
        this.again = true;
        return;
      }
      this.running = this.drainAll().finally(() => {
        this.running = null;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
    });
  }

  /**
   * For tests that play the answers a request would bring themselves: nothing queued is sent until
   * the returned release is called (then it is), and a pass under way has finished when this
   * resolves. (Hosted pg_net has no such pause; its worker would send the requests as usual.)
   */
  async hold(): Promise<() => void> {
    this.holds += 1;
    await this.running;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.holds -= 1;
      if (this.holds === 0 && this.again) {
        this.again = false;
        this.kick();
      }
    };
  }

  /** Resolves when every request queued so far has been sent and answered (or is held). */
  async settled(): Promise<void> {
    for (;;) {
      if (this.running) await this.running;
      else if (this.scheduled || (this.again && this.holds === 0)) await new Promise((r) => setImmediate(r));
      else return;
    }
  }

  close(): void {
    this.closed = true;
  }

  private async drainAll(): Promise<void> {
    for (;;) {
      if (this.closed) return;
      const batch = await this.take();
      if (batch.length === 0) return;
      const answers: Answer[] = [];
      for (const request of batch) answers.push(await this.send(request));
      await this.record(answers);
    }
  }

  private async take(): Promise<QueuedRequest[]> {
    try {
      const rows = await this.db.asSystem((tx) =>
        tx.query<QueuedRequest>(
          `delete from net.http_request_queue
            where id in (select id from net.http_request_queue order by id limit ${BATCH})
        returning id::text, method, url, headers, convert_from(body, 'UTF8') as body, timeout_milliseconds`,
        ),
      );
      return rows.rows.sort((a, b) => Number(a.id) - Number(b.id));
    } catch (error) {
      // a database without the net schema (e.g. a plain PostgreSQL in a test) has nothing to send
      if ((error as { code?: string }).code === '42P01' || (error as { code?: string }).code === '3F000') {
        this.disabled = true;
        return [];
      }
      if (!this.options.quiet) console.error('[local-supabase] net: could not read the request queue', error);
      return [];
    }
  }

  private async send(request: QueuedRequest): Promise<Answer> {
    const doFetch = this.options.fetch ?? fetch;
    const answer: Answer = {
      id: request.id,
      status_code: null,
      content_type: null,
      headers: null,
      content: null,
      timed_out: false,
      error_msg: null,
    };
    try {
      const res = await doFetch(request.url, {
        method: request.method,
        headers: request.headers ?? {},
        body: request.method === 'GET' ? undefined : (request.body ?? undefined),
        signal: AbortSignal.timeout(Math.max(1, request.timeout_milliseconds)),
        redirect: 'manual',
      });
      answer.status_code = res.status;
      answer.content_type = res.headers.get('content-type');
      answer.headers = Object.fromEntries(res.headers.entries());
      answer.content = (await res.text()).slice(0, MAX_CONTENT);
    } catch (error) {
      const name = (error as Error).name;
      answer.timed_out = name === 'TimeoutError' || name === 'AbortError';
      answer.error_msg = answer.timed_out
        ? `Timeout of ${request.timeout_milliseconds} ms reached`
        : String((error as { cause?: { code?: string } }).cause?.code ?? (error as Error).message);
    }
    this.sent++;
    if (!this.options.quiet && (answer.error_msg || (answer.status_code ?? 0) >= 400)) {
      console.warn(`[local-supabase] net: POST ${request.url} → ${answer.error_msg ?? answer.status_code}`);
    }
    return answer;
  }

  private async record(answers: Answer[]): Promise<void> {
    // the database closes right after the dispatcher; an answer that arrives later is dropped
    if (this.closed) return;
    try {
      await this.db.asSystem(async (tx) => {
        await tx.query(
          `insert into net._http_response (id, status_code, content_type, headers, content, timed_out, error_msg)
           select (a->>'id')::bigint, (a->>'status_code')::int, a->>'content_type', a->'headers', a->>'content',
                  (a->>'timed_out')::boolean, a->>'error_msg'
             from jsonb_array_elements($1::jsonb) a
           on conflict (id) do nothing`,
          [JSON.stringify(answers)],
        );
        await tx.query(
          `delete from net._http_response
            where created < now() - interval '6 hours'
               or id <= (select id from net._http_response order by id desc offset ${KEEP_RESPONSES} limit 1)`,
        );
      });
    } catch (error) {
      if (!this.options.quiet) console.error('[local-supabase] net: could not record the answers', error);
    }
  }
}
