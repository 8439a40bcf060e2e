// Supabase Edge Functions in the stand-in (supabase/local/functions/): real Deno workers behind
// hosted's gateway rules. The functions are tests/backend/fixtures/functions, copied to a temporary
// folder so a test can change a file and see its worker restart; `echo` keeps verify_jwt on (the
// default), `open` runs with verify_jwt = false, both serve _shared/echo.ts.
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { functionSettings, readProjectConfig } from '../../supabase/local/config.ts';
import { ROOT_DIR } from '../../supabase/local/db.ts';
import { HOSTED_LIMITS, FunctionsRuntime, type FunctionLogStream } from '../../supabase/local/functions/runtime.ts';
import { parseEnvFile, readEnvFile, secretRefusal } from '../../supabase/local/functions/secrets.ts';
import { signJwt } from '../../supabase/local/jwt.ts';
import { LOCAL_ADMIN, LOCAL_ANON_KEY, LOCAL_JWT_SECRET, LOCAL_SERVICE_ROLE_KEY } from '../../supabase/local/keys.ts';
import { startHarness, type Harness } from './harness.ts';

const FIXTURES = join(ROOT_DIR, 'tests', 'backend', 'fixtures', 'functions');

let h: Harness;
let dir: string;
let closed = false;
const logs: { name: string; line: string; stream: FunctionLogStream }[] = [];
/** Every worker process seen, to prove none outlives the stand-in. */
const pids = new Set<number>();

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const anon = bearer(LOCAL_ANON_KEY);

function call(path: string, init: RequestInit = {}): Promise<Response> {
  for (const w of h.local.functions.workers()) pids.add(w.pid);
  return fetch(`${h.url}/functions/v1/${path}`, init);
}

async function pidOf(name: 'echo' | 'open'): Promise<number> {
  const res = await call(`${name}/pid`, { headers: anon });
  const { pid } = (await res.json()) as { pid: number };
  pids.add(pid);
  return pid;
}

/** A platform error as hosted sends it: status, `{code, message}` and the code in sb-error-code. */
async function expectGatewayError(res: Response, status: number, code: string, message?: string | RegExp) {
  expect(res.status).toBe(status);
  expect(res.headers.get('sb-error-code')).toBe(code);
  const body = (await res.json()) as { code: string; message: string };
  expect(body.code).toBe(code);
  if (message !== undefined) expect(body.message).toMatch(message);
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'edge-functions-'));
  cpSync(FIXTURES, dir, { recursive: true });
  writeFileSync(
    join(dir, '.env'),
    ['# the functions\' secrets, as in supabase/functions/.env', 'FROM_ENV_FILE="from the file"', 'SUPABASE_SNEAKY=reserved', 'OVERRIDDEN=file', ''].join('\n'),
  );
  h = await startHarness({
    functions: {
      dir,
      secrets: { FROM_OPTIONS: 'from the options', OVERRIDDEN: 'options' },
      verifyJwt: { open: false },
      onLog: (name, line, stream) => logs.push({ name, line, stream }),
    },
  });
  // one worker of each of the two functions most tests use, so no test waits for a cold start
  await Promise.all([pidOf('echo'), pidOf('open')]);
});

afterAll(async () => {
  if (!closed) await h?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('serving a function', () => {
  it('answers at /functions/v1/<name> and below it; the function sees the path from its name on', async () => {
    const res = await call('echo/reflect/a/b?x=1', { headers: anon });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { path: string; search: string; url: string; rest: string[] };
    expect(body.path).toBe('/echo/reflect/a/b');
    expect(body.rest).toEqual(['a', 'b']);
    expect(body.search).toBe('?x=1');
    expect(body.url).toBe(`${h.url}/echo/reflect/a/b?x=1`);
  });

  it('is reached by supabase-js functions.invoke with the anon key, as the browser app would call it', async () => {
    const { data, error } = await h.anon.functions.invoke('echo/reflect', { body: { name: 'Мария' } });
    expect(error).toBeNull();
    expect(data.method).toBe('POST');
    expect(JSON.parse(data.text)).toEqual({ name: 'Мария' });
  });

  it('passes method, headers, status and body both ways; a form-encoded POST arrives as sent', async () => {
    const res = await call('open/reflect?status=202', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-custom': 'kept', 'cf-connecting-ip': '10.9.8.7' },
      body: 'List-Unsubscribe=One-Click&token=%D0%B0%2B1',
    });
    expect(res.status).toBe(202);
    expect(res.headers.get('x-echo')).toBe('yes');
    expect(res.headers.getSetCookie()).toEqual(['a=1; Path=/', 'b=2; Path=/']);
    const body = (await res.json()) as { method: string; form: Record<string, string>; headers: Record<string, string>; text: string };
    expect(body.method).toBe('POST');
    expect(body.text).toBe('List-Unsubscribe=One-Click&token=%D0%B0%2B1');
    expect(body.form).toEqual({ 'List-Unsubscribe': 'One-Click', token: 'а+1' });
    expect(body.headers['x-custom']).toBe('kept');
    expect(body.headers['content-type']).toBe('application/x-www-form-urlencoded');
    // the client's address as the gateway vouches for it (the harness trusts the header)
    expect(body.headers['cf-connecting-ip']).toBe('10.9.8.7');
  });

  it('streams bytes through unchanged, and an answer that comes in chunks', async () => {
    const bytes = new Uint8Array(256 * 1024).map((_, i) => (i * 7919) % 256);
    const res = await call('open/bytes', { method: 'PUT', body: bytes });
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(Buffer.from(bytes))).toBe(true);
    const streamed = await call('open/stream');
    expect(await streamed.text()).toBe('chunk 1\nchunk 2\nchunk 3\n');
  });

  it('serves the `export default { fetch }` form too', async () => {
    const res = await call('default-export/x', { headers: anon });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ form: 'export default', path: '/default-export/x' });
  });

  it('lets a function read its own files only', async () => {
    const own = await call(`open/read?file=${encodeURIComponent(join(dir, 'open', 'index.ts'))}`);
    expect(own.status).toBe(200);
    const other = await call(`open/read?file=${encodeURIComponent(join(dir, 'echo', 'index.ts'))}`);
    expect(await other.json()).toEqual({ error: 'NotCapable' });
  });

  it('answers a GET with text/html as text/plain, as hosted does without a custom domain', async () => {
    const page = await call('open/html');
    expect(page.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    const posted = await call('open/html', { method: 'POST' });
    expect(posted.headers.get('content-type')).toBe('text/html; charset=utf-8');
  });
});

describe('the environment a function gets', () => {
  it('is hosted\'s variables and the secrets, nothing of the stand-in\'s own', async () => {
    const res = await call('open/env');
    const { env, args } = (await res.json()) as { env: Record<string, string>; args: string[] };
    expect(env).toEqual({
      SUPABASE_URL: h.url,
      SUPABASE_ANON_KEY: LOCAL_ANON_KEY,
      SUPABASE_SERVICE_ROLE_KEY: LOCAL_SERVICE_ROLE_KEY,
      FROM_ENV_FILE: 'from the file',
      FROM_OPTIONS: 'from the options',
      // the start options' secrets win over the file's
      OVERRIDDEN: 'options',
      // the stand-in's own default (runtime.ts): calendar-sync may fetch feeds from this machine
      CALENDAR_FEEDS_ALLOW_LOOPBACK: 'true',
    });
    expect(args).toEqual([]);
  });

  it('refuses secrets named SUPABASE_… (hosted reserves them): skipped in a .env, an error in the options', () => {
    expect(readEnvFile(join(dir, '.env')).skipped).toEqual(['SUPABASE_SNEAKY: names starting with SUPABASE_ are reserved']);
    const deps = { url: () => '', jwtSecret: LOCAL_JWT_SECRET, config: { functions: {} }, quiet: true };
    expect(() => new FunctionsRuntime({ dir, watch: false, secrets: { SUPABASE_URL: 'x' } }, deps)).toThrow(/reserved/);
    expect(secretRefusal('9LIVES', 'x')).toMatch(/not a valid variable name/);
    expect(secretRefusal('BIG', 'x'.repeat(48 * 1024 + 1))).toMatch(/48 KiB/);
  });

  it('reads dotenv lines: comments, export, quotes and escapes', () => {
    const text = ['# comment', 'export A=1', 'B = two words # note', 'C="line\\nbreak \\"q\\""', "D='as #is'", 'E=', ''].join('\n');
    expect(parseEnvFile(text)).toEqual([
      ['A', '1'],
      ['B', 'two words'],
      ['C', 'line\nbreak "q"'],
      ['D', 'as #is'],
      ['E', ''],
    ]);
  });

  it('supabase/functions/.env.example names only secrets hosted would take', () => {
    const example = join(ROOT_DIR, 'supabase', 'functions', '.env.example');
    const entries = parseEnvFile(readFileSync(example, 'utf8'));
    expect(entries.length).toBeGreaterThan(0);
    for (const [name, value] of entries) expect(secretRefusal(name, value)).toBeNull();
  });
});

describe('verify_jwt', () => {
  const ran = () => logs.filter((l) => l.name === 'echo' && l.line === 'hello from echo').length;

  it('refuses a request without a valid JWT before the function runs, with hosted\'s 401s', async () => {
    const before = ran();
    const now = Math.floor(Date.now() / 1000);
    const forged = signJwt({ role: 'service_role', exp: now + 3600 }, 'not-the-project-secret-but-just-as-long-as-it');
    const expired = signJwt({ role: 'authenticated', sub: 'x', exp: now - 10 }, LOCAL_JWT_SECRET);
    const header = (h: object) => Buffer.from(JSON.stringify(h)).toString('base64url');
    const none = `${header({ alg: 'none', typ: 'JWT' })}.${header({ role: 'service_role' })}.`;
    const es256 = `${header({ alg: 'ES256', typ: 'JWT', kid: 'k' })}.${header({ role: 'anon' })}.c2ln`;
    await expectGatewayError(await call('echo/log'), 401, 'UNAUTHORIZED_NO_AUTH_HEADER', 'Missing authorization header');
    // an apikey alone is no authorization
    await expectGatewayError(await call('echo/log', { headers: { apikey: LOCAL_ANON_KEY } }), 401, 'UNAUTHORIZED_NO_AUTH_HEADER');
    await expectGatewayError(await call('echo/log', { headers: { authorization: `Basic ${LOCAL_ANON_KEY}` } }), 401, 'UNAUTHORIZED_INVALID_JWT_FORMAT', "Auth header is not 'Bearer {token}'");
    await expectGatewayError(await call('echo/log', { headers: bearer('not-a-jwt') }), 401, 'UNAUTHORIZED_INVALID_JWT_FORMAT', 'Invalid JWT');
    await expectGatewayError(await call('echo/log', { headers: bearer(forged) }), 401, 'UNAUTHORIZED_LEGACY_JWT', 'Invalid JWT');
    await expectGatewayError(await call('echo/log', { headers: bearer(expired) }), 401, 'UNAUTHORIZED_LEGACY_JWT', 'Invalid JWT');
    await expectGatewayError(await call('echo/log', { headers: bearer(none) }), 401, 'UNAUTHORIZED_UNSUPPORTED_TOKEN_ALGORITHM', 'Unsupported JWT algorithm none');
    await expectGatewayError(await call('echo/log', { headers: bearer(es256) }), 401, 'UNAUTHORIZED_ASYMMETRIC_JWT', 'Invalid JWT');
    expect(ran()).toBe(before);
  });

  it('lets the anon key, the service role key and a user\'s access token through, with no apikey needed', async () => {
    const client = h.newClient();
    const { data, error } = await client.auth.signInWithPassword(LOCAL_ADMIN);
    expect(error).toBeNull();
    for (const token of [LOCAL_ANON_KEY, LOCAL_SERVICE_ROLE_KEY, data.session!.access_token]) {
      const res = await call('echo/reflect', { headers: bearer(token) });
      expect(res.status).toBe(200);
      const body = (await res.json()) as { headers: Record<string, string> };
      expect(body.headers.authorization).toBe(`Bearer ${token}`);
      expect(body.headers.apikey).toBeUndefined();
    }
  });

  it('off, hands the function the request as it is (a webhook, a mail client\'s one-click POST)', async () => {
    const bare = await call('open/reflect', { method: 'POST', body: 'List-Unsubscribe=One-Click' });
    expect(bare.status).toBe(200);
    const forged = await call('open/reflect', { headers: bearer('whatever-the-caller-sent') });
    expect(((await forged.json()) as { headers: Record<string, string> }).headers.authorization).toBe('Bearer whatever-the-caller-sent');
  });

  it('lets a browser\'s CORS preflight reach the function, which answers it; the stand-in adds no CORS of its own', async () => {
    const preflight = await call('echo/reflect', {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, content-type' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('x-preflight-by')).toBe('echo');
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    const plain = await call('open/reflect', { headers: { origin: 'http://localhost:5173' } });
    expect(plain.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('is read from config.toml\'s [functions.<name>] sections, on where a function has none', () => {
    const file = join(dir, 'config.toml');
    writeFileSync(file, '[functions.mail-events]\nverify_jwt = false # a webhook\n\n[functions.other]\nverify_jwt = true\n');
    const config = readProjectConfig(file);
    expect(functionSettings(config, 'mail-events').verifyJwt).toBe(false);
    expect(functionSettings(config, 'other').verifyJwt).toBe(true);
    expect(functionSettings(config, 'unlisted').verifyJwt).toBe(true);
  });
});

describe('what the gateway answers itself', () => {
  it('answers a function that does not exist with hosted\'s 404', async () => {
    for (const path of ['no-such-function', 'no-such-function/below', '', '_shared', '_shared/echo.ts', '..%2Fecho']) {
      await expectGatewayError(await call(path, { headers: anon }), 404, 'NOT_FOUND', 'Requested function was not found');
    }
    await expectGatewayError(await fetch(`${h.url}/functions/v1`), 404, 'NOT_FOUND');
  });

  it('refuses methods hosted does not serve', async () => {
    const res = await call('open', { method: 'HEAD' });
    expect(res.status).toBe(405);
  });
});

describe('when a function fails', () => {
  it('answers an exception in the handler with 500, logs it, and the worker and the stand-in serve on', async () => {
    const pid = await pidOf('open');
    const res = await call('open/throw');
    expect(res.status).toBe(500);
    expect(res.headers.get('sb-error-code')).toBe('EDGE_FUNCTION_ERROR');
    expect(await res.text()).toBe('Internal Server Error');
    expect(logs.some((l) => l.name === 'open' && l.stream === 'stderr' && l.line.includes("thrown in open's handler"))).toBe(true);
    expect(await pidOf('open')).toBe(pid);
    expect((await fetch(`${h.url}/__local/health`)).status).toBe(200);
  });

  it('answers 500 WORKER_ERROR when the worker dies with the request open, and starts a fresh one for the next', async () => {
    const pid = await pidOf('open');
    await expectGatewayError(await call('open/crash'), 500, 'WORKER_ERROR', 'Function exited due to an error (please check logs)');
    expect(logs.some((l) => l.name === 'open' && l.line.includes("crash in open's timer"))).toBe(true);
    const next = await pidOf('open');
    expect(next).not.toBe(pid);
  });

  it('answers a function that cannot start as hosted does: 500 when its module throws, 503 BOOT_ERROR when it cannot load or serves nothing', async () => {
    await expectGatewayError(await call('boot-throws', { headers: anon }), 500, 'WORKER_ERROR');
    expect(logs.some((l) => l.name === 'boot-throws' && l.line.includes('no configuration'))).toBe(true);
    await expectGatewayError(await call('import-error', { headers: anon }), 503, 'BOOT_ERROR', 'Function failed to start (please check logs)');
    await expectGatewayError(await call('no-handler', { headers: anon }), 503, 'BOOT_ERROR');
    expect(logs.some((l) => l.name === 'no-handler' && l.line.includes('neither called Deno.serve()'))).toBe(true);
  });

  it('puts what a function prints in the log, by function and stream', async () => {
    await call('open/log');
    expect(logs).toContainEqual({ name: 'open', line: 'hello from open', stream: 'stdout' });
    expect(logs).toContainEqual({ name: 'open', line: 'complaint from open', stream: 'stderr' });
  });
});

describe('limits', () => {
  it('answers 504 IDLE_TIMEOUT when no response starts in time, and the worker serves on', async () => {
    const pid = await pidOf('open');
    h.local.functions.limits.idleTimeoutMs = 300;
    try {
      await expectGatewayError(await call('open/hang'), 504, 'IDLE_TIMEOUT', 'Request idle timeout limit (0.3s) reached');
    } finally {
      h.local.functions.limits.idleTimeoutMs = HOSTED_LIMITS.idleTimeoutMs;
    }
    expect(await pidOf('open')).toBe(pid);
  });

  it('stops a worker at its wall clock, answering the request still open with 546', async () => {
    h.local.functions.limits.wallClockMs = 1000;
    try {
      await h.local.functions.stop('open');
      await expectGatewayError(await call('open/hang'), 546, 'WORKER_RESOURCE_LIMIT', /not having enough compute resources/);
    } finally {
      h.local.functions.limits.wallClockMs = HOSTED_LIMITS.wallClockMs;
    }
    expect(logs.some((l) => l.name === 'open' && l.stream === 'runtime' && l.line.startsWith('wall clock time limit reached'))).toBe(true);
    expect((await call('open')).status).toBe(200);
  });

  it('stops a worker that runs out of memory, answering its request with 546', async () => {
    h.local.functions.limits.memoryMb = 64;
    try {
      await expectGatewayError(await call('memory-hog', { headers: anon }), 546, 'WORKER_RESOURCE_LIMIT');
    } finally {
      h.local.functions.limits.memoryMb = HOSTED_LIMITS.memoryMb;
    }
    expect(logs.some((l) => l.name === 'memory-hog' && l.stream === 'runtime' && l.line.endsWith('memory limit reached'))).toBe(true);
  });
});

describe('changes to a function', () => {
  it('serves a function added while the stand-in runs, and restarts its worker when its files change', async () => {
    const file = join(dir, 'version', 'index.ts');
    const write = (v: string) => writeFileSync(file, `Deno.serve(() => new Response('${v}'));\n`);
    mkdirSync(join(dir, 'version'));
    write('v1');
    expect(await (await call('version', { headers: anon })).text()).toBe('v1');
    write('v2');
    // the change reaches the stand-in as a file event; at most a few seconds, usually at once
    let seen = 'v1';
    for (const until = Date.now() + 5000; seen === 'v1' && Date.now() < until; ) {
      seen = await (await call('version', { headers: anon })).text();
      if (seen === 'v1') await new Promise((r) => setTimeout(r, 25));
    }
    expect(seen).toBe('v2');
  });
});

describe('closing the stand-in', () => {
  it('leaves no Deno worker behind', async () => {
    for (const w of h.local.functions.workers()) pids.add(w.pid);
    expect(pids.size).toBeGreaterThan(3);
    closed = true;
    await h.close();
    const alive = (pid: number) => {
      try {
        process.kill(pid, 0);
        return true;
      } catch {
        return false;
      }
    };
    expect([...pids].filter((pid) => pid > 0 && alive(pid))).toEqual([]);
    // and none that this test did not see: no process anywhere still runs a function of this folder
    if (existsSync('/proc')) {
      const stray = readdirSync('/proc')
        .filter((p) => /^\d+$/.test(p))
        .filter((p) => {
          try {
            return readFileSync(`/proc/${p}/cmdline`, 'utf8').includes(dir);
          } catch {
            return false;
          }
        });
      expect(stray).toEqual([]);
    }
  });
});
