// Runs inside Deno (not Node), loaded with `deno run --preload` before a function's index.ts.
//
// A function is written as on hosted Supabase: `Deno.serve(handler)` (or `export default
// { fetch }`). This script takes Deno.serve's place before the function's module runs, keeps the
// handler it is given, and once the module has loaded serves that handler on an ephemeral
// loopback port, which it reports to the stand-in (supabase/local/functions/runtime.ts) on
// stdout. Everything else on stdout and stderr is the function's own log.
//
// Deno-only: the Node type check leaves it out (tsconfig.json's exclude), and it imports nothing.

type Handler = (request: Request, info: Deno.ServeHandlerInfo) => Response | Promise<Response>;
type ErrorHandler = (error: unknown) => Response | Promise<Response>;

// The stand-in's marker for its own lines on stdout, Deno's own settings (its cache, the npm
// registry a test may point nowhere; DENO_CERT, a test's certificate authority, stays: Deno reads
// it only when the first TLS connection is made), and the two variables
// Deno sets for its Node compatibility (PATH, DENO_NODE_SHIM_ACTIVE): none of them are the
// function's business, so they leave the environment before the function runs.
const marker = Deno.env.get('SB_LOCAL_FUNCTION_MARKER') ?? '';
for (const name of ['SB_LOCAL_FUNCTION_MARKER', 'DENO_DIR', 'DENO_NO_UPDATE_CHECK', 'NO_COLOR', 'NPM_CONFIG_REGISTRY', 'PATH', 'DENO_NODE_SHIM_ACTIVE']) {
  Deno.env.delete(name);
}

const encoder = new TextEncoder();
function report(line: string) {
  Deno.stdout.writeSync(encoder.encode(`\u001e${marker} ${line}\n`));
}

let handler: Handler | null = null;
let onError: ErrorHandler | null = null;
let port = 0;
const realServe = Deno.serve.bind(Deno);

function pickHandler(first: unknown, second: unknown): { handler?: Handler; onError?: ErrorHandler } {
  if (typeof first === 'function') return { handler: first as Handler };
  const options = (first ?? {}) as { handler?: Handler; onError?: ErrorHandler };
  return { handler: typeof second === 'function' ? (second as Handler) : options.handler, onError: options.onError };
}

// Deno.serve as the function sees it: it only records the handler (the port, hostname and
// onListen it may pass mean nothing here, as on hosted).
(Deno as { serve: unknown }).serve = (first: unknown, second?: unknown) => {
  const picked = pickHandler(first, second);
  if (handler) console.warn('Deno.serve() was called more than once; the first handler serves');
  else if (picked.handler) {
    handler = picked.handler;
    onError = picked.onError ?? null;
  }
  return {
    finished: new Promise<void>(() => {}),
    shutdown: () => Promise.resolve(),
    ref() {},
    unref() {},
    get addr() {
      return { transport: 'tcp', hostname: '127.0.0.1', port };
    },
    [Symbol.asyncDispose]: () => Promise.resolve(),
  };
};

// Deno.serve's own behaviour when a handler throws: the error in the log, 500 to the client.
async function answerError(error: unknown): Promise<Response> {
  if (onError) {
    try {
      return await onError(error);
    } catch (again) {
      error = again;
    }
  }
  console.error(error);
  return new Response('Internal Server Error', { status: 500, headers: { 'content-type': 'text/plain;charset=UTF-8' } });
}

// The stand-in keeps this process's stdin open; when it goes away (even killed), so does the
// worker. (Started once the module has loaded: a read pending earlier holds back the load event.)
async function exitWithStandIn() {
  const buffer = new Uint8Array(64);
  while ((await Deno.stdin.read(buffer)) !== null) {
    // nothing is ever sent; the loop only waits for the end
  }
  Deno.exit(0);
}

globalThis.addEventListener('load', async () => {
  void exitWithStandIn();
  let module: Record<string, unknown>;
  try {
    module = await import(Deno.mainModule);
  } catch {
    // the module threw while it ran; Deno reports the error itself and ends the process
    report('uncaught');
    return;
  }
  const fallback = module.default as { fetch?: unknown } | undefined;
  if (!handler && fallback && typeof fallback.fetch === 'function') handler = (fallback.fetch as Handler).bind(fallback);
  if (!handler) {
    console.error('The function neither called Deno.serve() nor exported default { fetch }');
    report('no-handler');
    Deno.exit(1);
  }
  const serve = handler;
  realServe(
    {
      hostname: '127.0.0.1',
      port: 0,
      onListen(address) {
        port = address.port;
        report(`ready ${port}`);
      },
    },
    async (request, info) => {
      try {
        return await serve(request, info);
      } catch (error) {
        return answerError(error);
      }
    },
  );
});
