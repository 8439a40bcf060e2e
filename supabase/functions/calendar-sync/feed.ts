// Fetching a calendar feed from the address an admin gave, and nothing else: https only, never an
// address of a private or otherwise special network (checked for every redirect too, and for
// every IP address a name resolves to), within a time limit and a size limit, and only if what
// comes back is an iCalendar file. Each refusal is a FeedProblem the admin can act on.
//
// The name is resolved once per hop, and the connection goes to an address of that answer, the
// one the guard checked: the host's name is only sent in TLS (SNI, and the certificate must be
// for it) and in the Host header. fetch() would resolve the name a second time, and a name that
// answers a public address to the guard and 127.0.0.1 a moment later (DNS rebinding) would lead it
// into the provider's own network.
//
// Pure TypeScript: the network (DNS, TCP, TLS) comes in as `Net` (deno-net.ts in the function, Node
// sockets in the tests).
import { isIpLiteral, isLoopbackAddress, isPublicAddress } from './address.ts';
import { get, type Answer, type Connection } from './http1.ts';
import { FeedProblem, say } from './messages.ts';

/** DNS, TCP and TLS, as the runtime provides them. */
export interface Net {
  /**
   * Every A and AAAA address of a name ([] when it has none). Throws FeedProblem when no DNS
   * server answered.
   */
  resolve(host: string, signal: AbortSignal): Promise<string[]>;
  /**
   * A connection to `ip` and `port`; with `tls`, a TLS connection over it for `tls.serverName`
   * (sent as SNI; the certificate must be valid for that name).
   */
  connect(ip: string, port: number, tls: { serverName: string } | null, signal: AbortSignal): Promise<Connection>;
}

export interface FetchOptions {
  /** The whole fetch, redirects and body included, in milliseconds. */
  timeoutMs: number;
  /** The largest body read; a larger one is refused without being read whole. */
  maxBytes: number;
  /**
   * The local stand-in only: http and https to the loopback address (127.0.0.1, [::1],
   * localhost), where the tests and a developer serve their feeds. Hosted never allows it.
   */
  allowLoopback: boolean;
  net: Net;
}

export const MAX_REDIRECTS = 3;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const HEADERS: [string, string][] = [
  ['Accept', 'text/calendar, text/plain;q=0.5, */*;q=0.1'],
  ['Accept-Encoding', 'gzip, identity'],
  ['User-Agent', 'calendar-sync/1.0 (busy times for a booking calendar)'],
];

/** The feed's text (an iCalendar file), or a FeedProblem saying why not. */
export async function fetchFeed(address: string, options: FetchOptions): Promise<string> {
  const signal = AbortSignal.timeout(options.timeoutMs);
  // every connection opened ends with the fetch, or at once when the time is up
  const open = new Set<Connection>();
  const closeAll = () => {
    for (const c of open) closeQuietly(c);
    open.clear();
  };
  signal.addEventListener('abort', closeAll, { once: true });
  try {
    return await fetchWithin(address, options, signal, open);
  } catch (error) {
    if (signal.aborted) throw new FeedProblem(say.timeout(options.timeoutMs));
    if (error instanceof FeedProblem) throw error;
    // the runtime's messages may name the address, a secret: only their kind is kept
    throw new FeedProblem(/certificate|UnknownIssuer|NotValidForName|BadCertificate/i.test(String((error as Error)?.message)) ? say.certificate() : say.unreachable());
  } finally {
    signal.removeEventListener('abort', closeAll);
    closeAll();
  }
}

function closeQuietly(c: Connection) {
  try {
    c.close();
  } catch {
    // closed already
  }
}

async function fetchWithin(address: string, options: FetchOptions, signal: AbortSignal, open: Set<Connection>): Promise<string> {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw new FeedProblem(say.invalidAddress());
  }
  for (let redirects = 0; ; redirects++) {
    const target = await checkAddress(url, options, signal);
    const res = await request(url, target, options, signal, open);
    if (!REDIRECTS.has(res.status)) return await readCalendar(res, options.maxBytes);
    await res.body?.cancel().catch(() => {});
    if (redirects >= MAX_REDIRECTS) throw new FeedProblem(say.tooManyRedirects(MAX_REDIRECTS));
    const location = res.headers.get('location');
    if (!location) throw new FeedProblem(say.badRedirect());
    try {
      // relative to the address that sent it; every hop is checked as the first one was
      url = new URL(location, url);
    } catch {
      throw new FeedProblem(say.badRedirect());
    }
  }
}

/** Where a checked address may be fetched from: the IP addresses the guard let through. */
export interface Target {
  ips: string[];
}

const isLocalhostName = (host: string) => /^localhost\.?$/.test(host) || /\.localhost\.?$/.test(host);
const bare = (host: string) => host.replace(/^\[|\]$/g, '');

/**
 * Refuses an address the function must not fetch; otherwise the IP addresses it may connect to
 * (a name is resolved here, once, and every address it has must be public).
 */
export async function checkAddress(url: URL, options: FetchOptions, signal: AbortSignal): Promise<Target> {
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new FeedProblem(say.httpsOnly());
  if (url.username || url.password) throw new FeedProblem(say.credentials());
  const host = url.hostname.toLowerCase();
  const loopback = isLocalhostName(host) || isLoopbackAddress(host);
  if (loopback && options.allowLoopback) {
    // the stand-in's own machine, by its literal address or its name (never asked of DNS)
    return { ips: isIpLiteral(host) ? [bare(host)] : ['127.0.0.1', '::1'] };
  }
  if (url.protocol !== 'https:') throw new FeedProblem(say.httpsOnly());
  if (loopback) throw new FeedProblem(say.internalNetwork());
  if (isIpLiteral(host)) {
    if (!isPublicAddress(host)) throw new FeedProblem(say.internalNetwork());
    return { ips: [bare(host)] };
  }
  const addresses = await options.net.resolve(host.replace(/\.$/, ''), signal);
  if (!addresses.length) throw new FeedProblem(say.unknownHost());
  if (addresses.some((ip) => !isPublicAddress(ip))) throw new FeedProblem(say.internalNetwork());
  return { ips: addresses };
}

/** The GET, over a connection to one of the target's addresses (tried in turn). */
async function request(url: URL, target: Target, options: FetchOptions, signal: AbortSignal, open: Set<Connection>): Promise<Answer> {
  const tls = url.protocol === 'https:' ? { serverName: bare(url.hostname) } : null;
  const port = Number(url.port) || (tls ? 443 : 80);
  let connection: Connection | null = null;
  let failure: unknown = null;
  for (const ip of target.ips) {
    try {
      connection = await options.net.connect(ip, port, tls, signal);
      break;
    } catch (error) {
      if (signal.aborted) throw error;
      failure = error;
    }
  }
  if (!connection) throw failure ?? new Error('no address to connect to');
  open.add(connection);
  return await get(connection, `${url.pathname || '/'}${url.search}`, [['Host', url.host], ...HEADERS]);
}

/** The body as text, if it is an iCalendar file no larger than `maxBytes`. */
async function readCalendar(res: Answer, maxBytes: number): Promise<string> {
  if (res.status < 200 || res.status > 299) {
    await res.body?.cancel().catch(() => {});
    throw new FeedProblem(say.status(res.status));
  }
  const type = res.headers.get('content-type') ?? '';
  if (/^\s*(text\/html|application\/xhtml\+xml)\b/i.test(type)) {
    await res.body?.cancel().catch(() => {});
    throw new FeedProblem(say.html());
  }
  if (Number(res.headers.get('content-length') ?? 0) > maxBytes && !res.headers.get('content-encoding')) {
    await res.body?.cancel().catch(() => {});
    throw new FeedProblem(say.tooLarge(maxBytes));
  }
  if (!res.body) throw new FeedProblem(say.notCalendar());
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let checked = false;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => {});
      throw new FeedProblem(say.tooLarge(maxBytes));
    }
    chunks.push(value);
    // what a file starts with shows at once whether it is a calendar: no need to read on if not
    if (!checked) {
      const head = decode(chunks, size).replace(LEADING_SPACE, '');
      if (head.length >= CALENDAR_START.length || size > 64 * 1024) {
        checked = true;
        const problem = notCalendar(head);
        if (problem) {
          await reader.cancel().catch(() => {});
          throw problem;
        }
      }
    }
  }
  const text = decode(chunks, size);
  const problem = notCalendar(text);
  if (problem) throw problem;
  return text;
}

function decode(chunks: Uint8Array[], size: number): string {
  const all = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    all.set(chunk, at);
    at += chunk.byteLength;
  }
  // UTF-8 is iCalendar's encoding (RFC 5545); a byte-order mark is dropped
  return new TextDecoder('utf-8').decode(all);
}

const CALENDAR_START = 'BEGIN:VCALENDAR';
const LEADING_SPACE = /^[\s\uFEFF]+/;

function notCalendar(text: string): FeedProblem | null {
  const start = text.replace(LEADING_SPACE, '').slice(0, CALENDAR_START.length).toUpperCase();
  if (start === CALENDAR_START) return null;
  if (start.startsWith('<')) return new FeedProblem(say.html());
  return new FeedProblem(say.notCalendar());
}
