// Fetching a calendar feed from the address an admin gave, and nothing else: https only, never an
// address of a private or otherwise special network (checked for every redirect too, and for
// every IP address a name resolves to), within a time limit and a size limit, and only if what
// comes back is an iCalendar file. Each refusal is a FeedProblem the admin can act on.
import { isIpLiteral, isLoopbackAddress, isPublicAddress } from './address.ts';
import { FeedProblem, say } from './messages.ts';

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
  /** The DNS server to ask instead of the system's (the tests' own); normally unset. */
  nameServer?: { ipAddr: string; port: number };
}

export const MAX_REDIRECTS = 3;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const HEADERS = {
  accept: 'text/calendar, text/plain;q=0.5, */*;q=0.1',
  'user-agent': 'calendar-sync/1.0 (busy times for a booking calendar)',
};

/** The feed's text (an iCalendar file), or a FeedProblem saying why not. */
export async function fetchFeed(address: string, options: FetchOptions): Promise<string> {
  const signal = AbortSignal.timeout(options.timeoutMs);
  try {
    return await fetchWithin(address, options, signal);
  } catch (error) {
    if (error instanceof FeedProblem) throw error;
    if (signal.aborted) throw new FeedProblem(say.timeout(options.timeoutMs));
    // Deno's messages name the address, a secret: only their kind is kept
    throw new FeedProblem(/certificate/i.test(String((error as Error)?.message)) ? say.certificate() : say.unreachable());
  }
}

async function fetchWithin(address: string, options: FetchOptions, signal: AbortSignal): Promise<string> {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw new FeedProblem(say.invalidAddress());
  }
  for (let redirects = 0; ; redirects++) {
    await checkAddress(url, options, signal);
    const res = await fetch(url, { redirect: 'manual', signal, headers: HEADERS });
    if (!REDIRECTS.has(res.status)) return await readCalendar(res, options.maxBytes);
    await res.body?.cancel();
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

const isLocalhostName = (host: string) => /^localhost\.?$/.test(host) || /\.localhost\.?$/.test(host);

/** Refuses an address the function must not fetch; resolves its name to check where it goes. */
export async function checkAddress(url: URL, options: FetchOptions, signal?: AbortSignal): Promise<void> {
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new FeedProblem(say.httpsOnly());
  if (url.username || url.password) throw new FeedProblem(say.credentials());
  const host = url.hostname.toLowerCase();
  const loopback = isLocalhostName(host) || isLoopbackAddress(host);
  if (loopback && options.allowLoopback) return;
  if (url.protocol !== 'https:') throw new FeedProblem(say.httpsOnly());
  if (loopback) throw new FeedProblem(say.internalNetwork());
  if (isIpLiteral(host)) {
    if (!isPublicAddress(host)) throw new FeedProblem(say.internalNetwork());
    return;
  }
  const addresses = await resolve(host, options, signal);
  if (!addresses.length) throw new FeedProblem(say.unknownHost());
  if (addresses.some((ip) => !isPublicAddress(ip))) throw new FeedProblem(say.internalNetwork());
}

/** Every A and AAAA address of a name ([] when it has none). */
async function resolve(host: string, options: FetchOptions, signal?: AbortSignal): Promise<string[]> {
  const lookup = async (type: 'A' | 'AAAA') => {
    try {
      return { ok: true, failure: '', addresses: await Deno.resolveDns(host, type, { signal, nameServer: options.nameServer }) };
    } catch (error) {
      if (signal?.aborted) throw error;
      // no such name, or no address of this kind: an answer all the same (the error's kind is
      // kept for the log, not its message, which names the host)
      return { ok: error instanceof Deno.errors.NotFound, failure: (error as Error)?.name ?? 'Error', addresses: [] as string[] };
    }
  };
  const [a, aaaa] = await Promise.all([lookup('A'), lookup('AAAA')]);
  // neither question answered (the DNS server failed): not reachable, rather than unknown
  if (!a.ok && !aaaa.ok) {
    console.warn(`DNS lookups failed: ${a.failure}, ${aaaa.failure}`);
    throw new FeedProblem(say.unreachable());
  }
  return [...a.addresses, ...aaaa.addresses];
}

/** The body as text, if it is an iCalendar file no larger than `maxBytes`. */
async function readCalendar(res: Response, maxBytes: number): Promise<string> {
  if (!res.ok) {
    await res.body?.cancel();
    throw new FeedProblem(say.status(res.status));
  }
  const type = res.headers.get('content-type') ?? '';
  if (/^\s*(text\/html|application\/xhtml\+xml)\b/i.test(type)) {
    await res.body?.cancel();
    throw new FeedProblem(say.html());
  }
  if (Number(res.headers.get('content-length') ?? 0) > maxBytes) {
    await res.body?.cancel();
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
      await reader.cancel();
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
          await reader.cancel();
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
