// The network of feed.ts in Deno (and Supabase's Edge Runtime): DNS through Deno.resolveDns, a
// TCP connection to the checked IP address through Deno.connect, and TLS over it through
// Deno.startTls with the host's name, which is what SNI carries and what the certificate must be
// valid for (the runtime's own root certificates).
import type { Connection } from './http1.ts';
import type { Net } from './feed.ts';
import { FeedProblem, say } from './messages.ts';

export interface DenoNetOptions {
  /** The DNS server to ask instead of the system's (the tests' own); normally unset. */
  nameServer?: { ipAddr: string; port: number };
}

export function denoNet(options: DenoNetOptions = {}): Net {
  return {
    async resolve(host, signal) {
      const lookup = async (type: 'A' | 'AAAA') => {
        try {
          return { ok: true, failure: '', addresses: await Deno.resolveDns(host, type, { signal, nameServer: options.nameServer }) };
        } catch (error) {
          if (signal.aborted) throw error;
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
    },

    async connect(ip, port, tls, signal) {
      signal.throwIfAborted();
      // Deno.connect takes no signal: the wait ends with the time, and a connection that arrives
      // after it is closed
      const connecting = Deno.connect({ hostname: ip, port, transport: 'tcp' });
      const tcp = await untilAborted(connecting, signal, (late) => late.close());
      if (!tls) return tcp as Connection;
      // a server that never answers the handshake is cut off when the time is up
      const cut = () => closeQuietly(tcp);
      signal.addEventListener('abort', cut, { once: true });
      try {
        return (await Deno.startTls(tcp, { hostname: tls.serverName, alpnProtocols: ['http/1.1'] })) as Connection;
      } catch (error) {
        closeQuietly(tcp);
        throw error;
      } finally {
        signal.removeEventListener('abort', cut);
      }
    },
  };
}

function closeQuietly(c: { close(): void }) {
  try {
    c.close();
  } catch {
    // closed already, or handed over to TLS
  }
}

/** `work`'s result, or the signal's reason once it aborts (what `work` gives later goes to `dispose`). */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal, dispose: (late: T) => void): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const abort = () => {
      reject(signal.reason);
    };
    signal.addEventListener('abort', abort, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener('abort', abort);
        if (signal.aborted) dispose(value);
        else resolve(value);
      },
      (error) => {
        signal.removeEventListener('abort', abort);
        reject(error);
      },
    );
  });
}
