// Supabase Edge Functions in the stand-in, as `supabase functions serve` gives them and as strict
// as hosted: `supabase/functions/<name>/index.ts` answers at /functions/v1/<name> (and below it).
//
// Each function runs in a real Deno of its own (the npm package `deno`), one long-lived process
// per function, started on the function's first request: `deno run --preload host.ts index.ts`,
// where host.ts takes Deno.serve's place, keeps the function's handler and serves it on an
// ephemeral loopback port. The stand-in proxies each request there (method, headers, body, and
// the answer streamed back) after doing what hosted's gateway does first: refuse a request that
// has no valid JWT when the function's verify_jwt is on. Like hosted, it stops a worker at its
// wall-clock limit (retiring it at half that, so new requests go to a fresh one), answers 504 when
// no response starts within the request idle timeout, and answers the platform's own errors with
// hosted's status, `{code, message}` body and `sb-error-code` header (gateway.ts).
//
// A worker that dies is replaced on the next request; a worker whose files change is retired and
// the next request starts a fresh one (`functions serve` reloads too); close() stops them all.
// Each worker reads its stdin until it closes, so a stand-in that dies without close() still
// takes its workers with it.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, watch, type FSWatcher } from 'node:fs';
import { Agent, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { functionSettings, type ProjectConfig } from '../config.ts';
import { SUPABASE_DIR } from '../db.ts';
import { CLIENT_ADDRESS_HEADER } from '../http.ts';
import { signJwt } from '../jwt.ts';
import { LOCAL_ANON_KEY, LOCAL_JWT_SECRET, LOCAL_SERVICE_ROLE_KEY } from '../keys.ts';
import { denoBinary, denoEnv } from './deno.ts';
import {
  BOOT_ERROR,
  EDGE_FUNCTION_ERROR,
  ERROR_CODE_HEADER,
  idleTimeout,
  jwtRefusal,
  NOT_FOUND,
  WORKER_ERROR,
  WORKER_RESOURCE_LIMIT,
  type GatewayError,
} from './gateway.ts';
import { readEnvFile, secretRefusal } from './secrets.ts';

/** Where `supabase functions deploy` takes the functions from. */
export const FUNCTIONS_DIR = join(SUPABASE_DIR, 'functions');
const HOST_SCRIPT = fileURLToPath(new URL('./host.ts', import.meta.url));
/** The entry files the CLI looks for in a function's folder, in its order. */
const ENTRY_FILES = ['index.ts', 'index.js', 'index.mjs', 'index.tsx', 'index.jsx'];
/** A function's name as hosted accepts it (the CLI skips folders such as `_shared`). */
const FUNCTION_NAME = /^[A-Za-z][A-Za-z0-9_-]*$/;
/** The methods hosted serves; any other is refused with 405 before a function runs. */
const METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
/** Headers that belong to one connection, not to the request or answer passed along. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'te', 'trailer']);

export interface FunctionLimits {
  /**
   * A worker's wall clock: it is stopped this long after it started, and requests still running
   * in it are answered 546. At half of it the worker is retired: it takes no new requests (a
   * fresh worker does) and stops once its last request is done. Hosted: 150 s on the Free plan,
   * 400 s on paid plans.
   */
  wallClockMs: number;
  /** No response headers this long after a request reached its worker: 504. Hosted: 150 s. */
  idleTimeoutMs: number;
  /** V8's heap limit per worker; a worker that runs out dies and its requests get 546. Hosted: 256 MB. */
  memoryMb: number;
}

/** Hosted's limits on the Free plan. */
export const HOSTED_LIMITS: FunctionLimits = { wallClockMs: 150_000, idleTimeoutMs: 150_000, memoryMb: 256 };

export type FunctionLogStream = 'stdout' | 'stderr' | 'runtime';

export interface FunctionsOptions {
  /** Where the functions live, one folder each (default supabase/functions). */
  dir?: string;
  /** The secrets file (default `<dir>/.env`; false for none). Read again whenever a worker starts. */
  envFile?: string | false;
  /** Secrets besides and over the env file's; names starting with SUPABASE_ are refused (an error). */
  secrets?: Record<string, string>;
  /** verify_jwt per function over supabase/config.toml's `[functions.<name>]` (default: on). */
  verifyJwt?: Record<string, boolean>;
  /** Limits over hosted's (HOSTED_LIMITS); `runtime.limits` may be changed while it runs. */
  limits?: Partial<FunctionLimits>;
  /**
   * The project has a custom domain. Without one (the default) hosted serves no HTML: a GET whose
   * answer is text/html is sent as text/plain, and so it is here.
   */
  customDomain?: boolean;
  /**
   * Deno's own variables over the stand-in's (`DENO_DIR`, `NPM_CONFIG_REGISTRY`, `DENO_CERT`): a
   * test runs the functions with an empty cache and no registry to prove they need no download,
   * or trusts its own certificate authority. The function sees none of them but DENO_CERT (Deno
   * reads that one when the first TLS connection is made).
   */
  denoEnv?: { DENO_DIR?: string; NPM_CONFIG_REGISTRY?: string; DENO_CERT?: string };
  /** Restart a function's worker when its files change (default true). */
  watch?: boolean;
  /**
   * Each line a function prints (stdout, stderr) and each line the stand-in logs about its worker
   * (runtime). By default printed as `[functions:<name>] line`, unless the stand-in is quiet.
   */
  onLog?: (name: string, line: string, stream: FunctionLogStream) => void;
}

export interface WorkerInfo {
  name: string;
  pid: number;
  state: WorkerState;
  startedAt: number;
}

type WorkerState = 'starting' | 'ready' | 'retired' | 'exited';

interface RuntimeDeps {
  /** The stand-in's own address, once it listens (SUPABASE_URL). */
  url: () => string;
  jwtSecret: string;
  config: Pick<ProjectConfig, 'functions'>;
  quiet: boolean;
}

/** One request on its way through a worker; answered once, by the worker or by the runtime. */
interface InFlight {
  /** Answers with a platform error if nothing was sent yet, else cuts the answer short. */
  fail(error: GatewayError): void;
}

class Worker {
  readonly startedAt = Date.now();
  state: WorkerState = 'starting';
  port = 0;
  /** Why the runtime stopped it (a limit, a change, close), or why it died. */
  reason: 'limit' | 'memory' | 'crash' | 'stopped' | null = null;
  readonly inFlight = new Set<InFlight>();
  readonly agent = new Agent({ keepAlive: true });
  readonly ready: Promise<void>;
  readonly exited: Promise<void>;
  private bootError: GatewayError = BOOT_ERROR;
  private stderrTail = '';
  private timers: NodeJS.Timeout[] = [];
  /** Retired while it was still starting: it retires once its waiting requests are under way. */
  private retireWhenReady = false;

  constructor(
    readonly name: string,
    readonly child: ChildProcessWithoutNullStreams,
    marker: string,
    private readonly log: (line: string, stream: FunctionLogStream) => void,
    limits: FunctionLimits,
  ) {
    let resolveReady!: () => void;
    let rejectReady!: (error: GatewayError) => void;
    this.ready = new Promise<void>((resolve, reject) => {
      resolveReady = resolve;
      rejectReady = reject;
    });
    // a boot failure is answered to whoever waits; nobody waiting is no unhandled rejection
    this.ready.catch(() => {});
    let resolveExited!: () => void;
    this.exited = new Promise<void>((resolve) => (resolveExited = resolve));

    lines(child.stdout, (line) => {
      if (!line.startsWith(`\u001e${marker} `)) {
        this.log(line, 'stdout');
        return;
      }
      const [what, value] = line.slice(marker.length + 2).split(' ');
      if (what === 'ready') {
        this.port = Number(value);
        if (this.state === 'starting') this.state = 'ready';
        this.log(`booted in ${Date.now() - this.startedAt} ms`, 'runtime');
        resolveReady();
        // the requests that waited for the boot take their places first
        if (this.retireWhenReady) setImmediate(() => this.retire('changed while it started'));
      } else if (what === 'uncaught') {
        this.bootError = WORKER_ERROR;
      }
    });
    lines(child.stderr, (line) => {
      // Deno's hint for `export default { fetch }` under `deno run`: that form is served here
      if (/^warning: Detected export default \{ fetch \}/.test(line)) return;
      this.stderrTail = (this.stderrTail + line + '\n').slice(-2000);
      this.log(line, 'stderr');
    });
    // 'close' comes after the process has exited and its output has been read (markers included);
    // 'error' alone when Deno could not be started at all
    let ended = false;
    const end = (code: number | null, signal: NodeJS.Signals | null) => {
      if (ended) return;
      ended = true;
      const wasReady = this.state !== 'starting';
      this.state = 'exited';
      for (const t of this.timers) clearTimeout(t);
      this.agent.destroy();
      if (!this.reason) this.reason = /out of memory/i.test(this.stderrTail) ? 'memory' : 'crash';
      if (this.reason === 'crash' || this.reason === 'memory') {
        this.log(`worker exited (${signal ?? `code ${code}`})${this.reason === 'memory' ? ': memory limit reached' : ''}`, 'runtime');
      }
      // a limit: 546; a boot that failed: what the host reported (BOOT_ERROR unless the module
      // threw); requests under way when a worker died or was stopped: WORKER_ERROR
      const limit = this.reason === 'limit' || this.reason === 'memory';
      if (!wasReady) rejectReady(limit ? WORKER_RESOURCE_LIMIT : this.reason === 'crash' ? this.bootError : BOOT_ERROR);
      for (const request of [...this.inFlight]) request.fail(limit ? WORKER_RESOURCE_LIMIT : WORKER_ERROR);
      resolveExited();
    };
    child.once('close', end);
    child.once('error', (error) => {
      this.log(`could not start Deno: ${error.message}`, 'runtime');
      end(null, null);
    });

    this.timers.push(
      setTimeout(() => this.retire('wall clock: half of the limit'), limits.wallClockMs / 2),
      setTimeout(() => {
        if (this.state === 'exited') return;
        this.log(`wall clock time limit reached (${limits.wallClockMs / 1000} s): stopped`, 'runtime');
        this.stop('limit');
      }, limits.wallClockMs),
    );
    for (const t of this.timers) t.unref();
  }

  get takesRequests(): boolean {
    return this.state === 'ready' || (this.state === 'starting' && !this.retireWhenReady);
  }

  /** No new requests; stopped once the ones it has are answered. */
  retire(why: string) {
    if (this.state === 'starting') {
      this.retireWhenReady = true;
      return;
    }
    if (this.state !== 'ready') return;
    this.state = 'retired';
    this.log(`retired (${why})`, 'runtime');
    if (this.inFlight.size === 0) this.stop('stopped');
  }

  requestDone(request: InFlight) {
    this.inFlight.delete(request);
    if (this.state === 'retired' && this.inFlight.size === 0) this.stop('stopped');
  }

  stop(reason: 'limit' | 'stopped'): Promise<void> {
    if (this.state !== 'exited') {
      this.reason ??= reason;
      this.child.kill('SIGKILL');
    }
    return this.exited;
  }
}

/** Calls `onLine` with each complete line of a stream (and the last one at its end). */
function lines(stream: NodeJS.ReadableStream, onLine: (line: string) => void) {
  let buffer = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk: string) => {
    buffer += chunk;
    let at: number;
    while ((at = buffer.indexOf('\n')) >= 0) {
      onLine(buffer.slice(0, at).replace(/\r$/, ''));
      buffer = buffer.slice(at + 1);
    }
  });
  stream.on('end', () => {
    if (buffer) onLine(buffer);
    buffer = '';
  });
}

function sendError(res: ServerResponse, error: GatewayError) {
  const body = JSON.stringify({ code: error.code, message: error.message });
  res.writeHead(error.status, {
    'content-type': 'application/json',
    [ERROR_CODE_HEADER]: error.code,
    'content-length': String(Buffer.byteLength(body)),
  });
  res.end(body);
}

export class FunctionsRuntime {
  readonly dir: string;
  /** The limits new workers and requests get; a test may change them while the runtime runs. */
  readonly limits: FunctionLimits;
  private readonly workersByName = new Map<string, Worker[]>();
  private readonly warned = new Set<string>();
  /**
   * Secrets a function gets unless supabase/functions/.env or the options name them: what the
   * local stand-in itself knows (the site's address, its own webhook secret), so `npm run dev`
   * works on a fresh clone. Hosted has no such defaults.
   *
   * Every stand-in lets calendar-sync fetch feeds from the loopback address (127.0.0.1, [::1],
   * localhost, over http too), where the tests and a developer serve their .ics files; hosted never
   * has CALENDAR_FEEDS_ALLOW_LOOPBACK, so there the function refuses this machine like any other
   * private network.
   */
  defaults: Record<string, string> = { CALENDAR_FEEDS_ALLOW_LOOPBACK: 'true' };
  private watcher: FSWatcher | null = null;
  private closed = false;

  constructor(
    private readonly options: FunctionsOptions,
    private readonly deps: RuntimeDeps,
  ) {
    this.dir = options.dir ?? FUNCTIONS_DIR;
    this.limits = { ...HOSTED_LIMITS, ...options.limits };
    for (const [name, value] of Object.entries(options.secrets ?? {})) {
      const refusal = secretRefusal(name, value);
      if (refusal) throw new Error(`functions.secrets: ${refusal}`);
    }
    if (options.watch !== false && existsSync(this.dir)) this.startWatching();
  }

  /** The workers running now (one per function, more while a retired one finishes its requests). */
  workers(): WorkerInfo[] {
    return [...this.workersByName.values()].flat().map((w) => ({ name: w.name, pid: w.child.pid ?? 0, state: w.state, startedAt: w.startedAt }));
  }

  /** Stops the workers of one function, or all; the next request starts a fresh one. */
  async stop(name?: string): Promise<void> {
    const all = [...this.workersByName.values()].flat().filter((w) => name === undefined || w.name === name);
    await Promise.all(all.map((w) => w.stop('stopped')));
  }

  async close(): Promise<void> {
    this.closed = true;
    this.watcher?.close();
    this.watcher = null;
    await this.stop();
  }

  /**
   * Serves one request below /functions/v1: `path` is the part after that prefix, `ip` the
   * client's address as the gateway vouches for it (sent on as cf-connecting-ip).
   */
  async handle(req: IncomingMessage, res: ServerResponse, url: URL, path: string, ip: string): Promise<void> {
    const method = req.method ?? 'GET';
    const [, name = '', ...below] = path.split('/');
    if (!METHODS.has(method)) {
      // hosted documents the status, not a body: this one says what is accepted
      req.resume();
      const body = JSON.stringify({ message: `Edge Functions accept ${[...METHODS].join(', ')}` });
      res.writeHead(405, { 'content-type': 'application/json', allow: [...METHODS].join(', '), 'content-length': String(Buffer.byteLength(body)) });
      res.end(body);
      return;
    }
    const entry = FUNCTION_NAME.test(name) ? this.entryOf(name) : null;
    if (!entry || this.closed) {
      req.resume();
      sendError(res, NOT_FOUND);
      return;
    }
    // a browser's CORS preflight carries no Authorization header: it reaches the function, which
    // answers it itself (hosted's gateway adds no CORS headers of its own)
    if (method !== 'OPTIONS' && this.verifiesJwt(name)) {
      const refusal = jwtRefusal(req.headers.authorization, this.deps.jwtSecret);
      if (refusal) {
        req.resume();
        sendError(res, refusal);
        return;
      }
    }
    const worker = this.workerFor(name, entry);
    try {
      await worker.ready;
    } catch (error) {
      req.resume();
      sendError(res, error as GatewayError);
      return;
    }
    if (res.destroyed) return;
    this.proxy(worker, req, res, `/${[name, ...below].join('/')}${url.search}`, ip);
  }

  private verifiesJwt(name: string): boolean {
    return this.options.verifyJwt?.[name] ?? functionSettings(this.deps.config, name).verifyJwt;
  }

  private entryOf(name: string): string | null {
    for (const file of ENTRY_FILES) {
      const path = join(this.dir, name, file);
      if (existsSync(path)) return path;
    }
    return null;
  }

  private log(name: string, line: string, stream: FunctionLogStream) {
    if (this.options.onLog) this.options.onLog(name, line, stream);
    else if (!this.deps.quiet) (stream === 'stderr' ? console.error : console.log)(`[functions:${name}] ${line}`);
  }

  private warnOnce(message: string) {
    if (this.warned.has(message) || this.deps.quiet) return;
    this.warned.add(message);
    console.warn(`[functions] ${message}`);
  }

  /** What a function finds in Deno.env: hosted's own variables, then the secrets. */
  private functionEnv(): Record<string, string> {
    const env: Record<string, string> = { ...this.defaults };
    const envFile = this.options.envFile ?? join(this.dir, '.env');
    if (envFile) {
      const loaded = readEnvFile(envFile);
      for (const skipped of loaded.skipped) this.warnOnce(`${relative(process.cwd(), envFile) || envFile}: ${skipped}; skipped`);
      Object.assign(env, loaded.values);
    }
    Object.assign(env, this.options.secrets);
    const secret = this.deps.jwtSecret;
    const local = secret === LOCAL_JWT_SECRET;
    return {
      ...env,
      SUPABASE_URL: this.deps.url(),
      SUPABASE_ANON_KEY: local ? LOCAL_ANON_KEY : signJwt({ iss: 'supabase-demo', role: 'anon', exp: 1983812996 }, secret),
      SUPABASE_SERVICE_ROLE_KEY: local ? LOCAL_SERVICE_ROLE_KEY : signJwt({ iss: 'supabase-demo', role: 'service_role', exp: 1983812996 }, secret),
      // Hosted also sets SUPABASE_DB_URL, a Postgres connection string. The stand-in's database is
      // PGlite inside this process, with no Postgres wire protocol to connect to, so a function
      // finds no SUPABASE_DB_URL here and reaches the database through SUPABASE_URL's API.
    };
  }

  private workerFor(name: string, entry: string): Worker {
    const running = this.workersByName.get(name)?.find((w) => w.takesRequests);
    if (running) return running;
    const marker = randomBytes(12).toString('hex');
    const folder = join(this.dir, name);
    const log = (line: string, stream: FunctionLogStream) => this.log(name, line, stream);
    const deno = denoBinary();
    const config = ['deno.json', 'deno.jsonc'].map((f) => join(folder, f)).find((f) => existsSync(f));
    const args = [
      'run',
      '--no-prompt',
      ...(config ? ['--config', config] : ['--no-config']),
      // npm packages come from the project's node_modules (`npm install`), as package.json pins
      // them, never from a download at the worker's start: a machine without network runs the
      // functions too. (A deploy bundles the same npm: specifiers from the registry.)
      '--node-modules-dir=manual',
      '--allow-net',
      '--allow-env',
      // its own files only (static imports, _shared/ among them, load without a read permission)
      `--allow-read=${folder}`,
      `--v8-flags=--max-old-space-size=${this.limits.memoryMb}`,
      '--preload',
      HOST_SCRIPT,
      entry,
    ];
    const child = spawn(deno ?? 'deno-is-not-installed', args, {
      cwd: folder,
      // nothing of the stand-in's own environment: a function sees what hosted would give it
      env: { ...denoEnv(), ...this.options.denoEnv, ...this.functionEnv(), SB_LOCAL_FUNCTION_MARKER: marker },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    if (!deno) log('Deno is not installed: run `npm install` (the `deno` devDependency)', 'runtime');
    const worker = new Worker(name, child, marker, log, { ...this.limits });
    // kept until it has exited, so close() and stop() reach a retired worker too
    this.workersByName.set(name, [...(this.workersByName.get(name) ?? []), worker]);
    void worker.exited.then(() => {
      const rest = (this.workersByName.get(name) ?? []).filter((w) => w !== worker);
      if (rest.length) this.workersByName.set(name, rest);
      else this.workersByName.delete(name);
    });
    return worker;
  }

  private startWatching() {
    try {
      this.watcher = watch(this.dir, { recursive: true }, (_event, filename) => {
        if (!filename) return;
        // a function's own folder restarts that function; anything else (_shared/, .env) all of them
        const [first] = String(filename).split(sep);
        const affected = FUNCTION_NAME.test(first) ? [first] : [...this.workersByName.keys()];
        for (const name of affected) for (const w of this.workersByName.get(name) ?? []) w.retire(`${filename} changed`);
      });
      this.watcher.on('error', () => {
        this.watcher?.close();
        this.watcher = null;
      });
      this.watcher.unref();
    } catch {
      this.watcher = null;
    }
  }

  private proxy(worker: Worker, req: IncomingMessage, res: ServerResponse, path: string, ip: string) {
    const headers: Record<string, string> = {};
    for (let i = 0; i < req.rawHeaders.length; i += 2) {
      const key = req.rawHeaders[i].toLowerCase();
      if (HOP_BY_HOP.has(key) || key === CLIENT_ADDRESS_HEADER) continue;
      headers[key] = key in headers ? `${headers[key]}, ${req.rawHeaders[i + 1]}` : req.rawHeaders[i + 1];
    }
    // the Host the client asked for stays, so the function's request.url is the address it called
    headers[CLIENT_ADDRESS_HEADER] = ip;

    let answered = false;
    let finished = false;
    const method = req.method ?? 'GET';
    const idleMs = this.limits.idleTimeoutMs;
    const done = () => {
      if (finished) return;
      finished = true;
      clearTimeout(idle);
      clearTimeout(grace);
      worker.requestDone(inFlight);
    };
    const inFlight: InFlight = {
      fail: (error) => {
        if (finished) return;
        if (!answered) {
          answered = true;
          sendError(res, error);
        } else {
          res.destroy();
        }
        upstream.destroy();
        done();
      },
    };
    worker.inFlight.add(inFlight);

    const upstream = httpRequest({
      host: '127.0.0.1',
      port: worker.port,
      method,
      path,
      headers,
      agent: worker.agent,
    });
    const idle = setTimeout(() => {
      // the worker goes on (as on hosted, only this request fails)
      if (!answered) inFlight.fail(idleTimeout(idleMs));
    }, idleMs);
    let grace: NodeJS.Timeout | undefined;

    upstream.on('response', (answer: IncomingMessage) => {
      if (finished) {
        answer.resume();
        return;
      }
      answered = true;
      clearTimeout(idle);
      const out: string[] = [];
      let hasErrorCode = false;
      for (let i = 0; i < answer.rawHeaders.length; i += 2) {
        const key = answer.rawHeaders[i];
        const lower = key.toLowerCase();
        if (HOP_BY_HOP.has(lower)) continue;
        let value = answer.rawHeaders[i + 1];
        if (lower === ERROR_CODE_HEADER) hasErrorCode = true;
        if (lower === 'content-type') {
          // hosted without a custom domain serves no web pages: text/html goes out as text/plain
          if (method === 'GET' && !this.options.customDomain && /^\s*text\/html\b/i.test(value)) value = value.replace(/text\/html/i, 'text/plain');
        }
        out.push(key, value);
      }
      const status = answer.statusCode ?? 502;
      if (status >= 500 && !hasErrorCode) out.push(ERROR_CODE_HEADER, EDGE_FUNCTION_ERROR);
      res.writeHead(status, answer.statusMessage ?? '', out);
      answer.pipe(res);
      answer.on('end', done);
      answer.on('error', () => inFlight.fail(WORKER_ERROR));
    });
    upstream.on('error', () => {
      if (finished) return;
      // the connection broke: the worker has died (its exit answers with the reason) or will;
      // if it lives on, the request failed all the same
      if (worker.state === 'exited') inFlight.fail(worker.reason === 'limit' || worker.reason === 'memory' ? WORKER_RESOURCE_LIMIT : WORKER_ERROR);
      else grace = setTimeout(() => inFlight.fail(WORKER_ERROR), 2000);
    });
    // the client went away: so does the request to the function (its request.signal aborts)
    res.on('close', () => {
      if (!res.writableFinished && !finished) {
        upstream.destroy();
        done();
      }
    });
    req.pipe(upstream);
  }
}
