// A small HTTP/1.1 client over a connection the caller opened itself: one GET, its answer's
// status, headers and body as a stream. It exists so that the feed's fetch talks to the very IP
// address the guard checked (feed.ts opens the connection to it, with the host's name for TLS),
// where fetch() would resolve the name again and could be sent elsewhere (DNS rebinding).
//
// What it reads, it bounds: the status line and headers (64 KiB), chunk-size lines, and the body
// by the caller's byte limit (counted after any content coding is undone, so a small gzip bomb
// stops at the limit too). Pure TypeScript over web streams, no Deno or Node API: the tests run it
// over Node sockets.

/** One connection, as Deno.Conn (or a TLS one) gives it. */
export interface Connection {
  readable: ReadableStream<Uint8Array>;
  writable: WritableStream<Uint8Array>;
  close(): void;
}

export interface Answer {
  status: number;
  headers: Headers;
  /** The body, content coding undone; null for an answer that has none (HEAD, 204, 304). */
  body: ReadableStream<Uint8Array> | null;
}

/** The server's answer was not HTTP/1.x as it should be (the message is for the log only). */
export class ProtocolError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ProtocolError';
  }
}

const MAX_HEAD_BYTES = 64 * 1024;
const MAX_LINE_BYTES = 8 * 1024;
const encoder = new TextEncoder();
const latin1 = new TextDecoder('latin1');

/** Reads a stream with lines and exact lengths, keeping what it read ahead. */
class Reader {
  private buffer = new Uint8Array(0);
  private done = false;
  private readonly reader: ReadableStreamDefaultReader<Uint8Array>;

  constructor(stream: ReadableStream<Uint8Array>) {
    this.reader = stream.getReader();
  }

  /** More bytes into the buffer; false at the end of the stream. */
  private async fill(): Promise<boolean> {
    if (this.done) return false;
    const { done, value } = await this.reader.read();
    if (done) {
      this.done = true;
      return false;
    }
    const joined = new Uint8Array(this.buffer.byteLength + value.byteLength);
    joined.set(this.buffer);
    joined.set(value, this.buffer.byteLength);
    this.buffer = joined;
    return true;
  }

  private take(n: number): Uint8Array {
    const out = this.buffer.subarray(0, n);
    this.buffer = this.buffer.subarray(n);
    return out;
  }

  /** A line without its CRLF (or bare LF), at most `max` bytes; null at the end of the stream. */
  async line(max = MAX_LINE_BYTES): Promise<string | null> {
    for (;;) {
      const at = this.buffer.indexOf(10);
      if (at >= 0) {
        if (at > max) throw new ProtocolError('line too long');
        const line = this.take(at + 1);
        return latin1.decode(line.subarray(0, line.byteLength - (at > 0 && line[at - 1] === 13 ? 2 : 1)));
      }
      if (this.buffer.byteLength > max) throw new ProtocolError('line too long');
      if (!(await this.fill())) {
        if (this.buffer.byteLength === 0) return null;
        throw new ProtocolError('the connection closed within a line');
      }
    }
  }

  /** Up to `max` bytes (at least one); null at the end of the stream. */
  async some(max: number): Promise<Uint8Array | null> {
    if (this.buffer.byteLength === 0 && !(await this.fill())) return null;
    return this.take(Math.min(max, this.buffer.byteLength)).slice();
  }

  cancel(): Promise<void> {
    return this.reader.cancel().catch(() => {});
  }
}

/** Sends `GET target` with these headers and reads the answer's head; the body streams. */
export async function get(connection: Connection, target: string, headers: [string, string][]): Promise<Answer> {
  if (/[\s]/.test(target) || headers.some(([k, v]) => /[\s:]/.test(k) || /[\r\n]/.test(v))) throw new ProtocolError('a header or the target has a line break');
  const head = [`GET ${target} HTTP/1.1`, ...headers.map(([k, v]) => `${k}: ${v}`), 'Connection: close', '', ''].join('\r\n');
  const writer = connection.writable.getWriter();
  await writer.write(encoder.encode(head));
  writer.releaseLock();

  const reader = new Reader(connection.readable);
  for (;;) {
    const { status, headers: answerHeaders } = await readHead(reader);
    // 1xx are interim answers (100 Continue, 103 Early Hints): the real one follows
    if (status >= 100 && status < 200) continue;
    const body = status === 204 || status === 304 ? null : bodyOf(reader, answerHeaders);
    if (!body) void reader.cancel();
    return { status, headers: answerHeaders, body: body && decoded(body, answerHeaders) };
  }
}

async function readHead(reader: Reader): Promise<{ status: number; headers: Headers }> {
  let size = 0;
  const statusLine = await reader.line();
  if (statusLine === null) throw new ProtocolError('the connection closed before an answer');
  const m = /^HTTP\/1\.[01] (\d{3})(?: .*)?$/.exec(statusLine);
  if (!m) throw new ProtocolError('not an HTTP/1.x status line');
  const headers = new Headers();
  for (;;) {
    const line = await reader.line();
    if (line === null) throw new ProtocolError('the connection closed within the headers');
    size += line.length + 2;
    if (size > MAX_HEAD_BYTES) throw new ProtocolError('the headers are too large');
    if (line === '') break;
    // obsolete line folding (RFC 9112 5.2) is refused, as it may be
    if (/^[ \t]/.test(line)) throw new ProtocolError('a folded header line');
    const colon = line.indexOf(':');
    if (colon <= 0) throw new ProtocolError('a header line without a name');
    try {
      headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
    } catch {
      throw new ProtocolError('a header that is not valid');
    }
  }
  return { status: Number(m[1]), headers };
}

/** The body as its framing says: chunked, a length, or until the connection closes. */
function bodyOf(reader: Reader, headers: Headers): ReadableStream<Uint8Array> {
  const coding = (headers.get('transfer-encoding') ?? '').toLowerCase().split(',').map((s) => s.trim()).filter(Boolean);
  if (coding.length) {
    if (coding[coding.length - 1] !== 'chunked' || coding.length > 1) throw new ProtocolError('a transfer coding other than chunked');
    return chunked(reader);
  }
  const lengthHeader = headers.get('content-length');
  if (lengthHeader !== null) {
    // "n, n" (a repeated header) is the same length; anything else is refused
    const lengths = new Set(lengthHeader.split(',').map((s) => s.trim()));
    const [only] = lengths;
    if (lengths.size !== 1 || !/^\d{1,15}$/.test(only)) throw new ProtocolError('a content length that is not valid');
    return sized(reader, Number(only));
  }
  return untilClose(reader);
}

function stream(pull: (controller: ReadableStreamDefaultController<Uint8Array>) => Promise<void>, reader: Reader): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>({ pull, cancel: () => reader.cancel() }, { highWaterMark: 0 });
}

function sized(reader: Reader, length: number): ReadableStream<Uint8Array> {
  let left = length;
  return stream(async (controller) => {
    if (left === 0) {
      controller.close();
      void reader.cancel();
      return;
    }
    const chunk = await reader.some(Math.min(left, 64 * 1024));
    if (!chunk) throw new ProtocolError('the connection closed before the body ended');
    left -= chunk.byteLength;
    controller.enqueue(chunk);
  }, reader);
}

function untilClose(reader: Reader): ReadableStream<Uint8Array> {
  return stream(async (controller) => {
    let chunk: Uint8Array | null;
    try {
      chunk = await reader.some(64 * 1024);
    } catch (error) {
      // a body that runs until the connection closes has no other end: a TLS peer that closes
      // without its close_notify has ended it too (a calendar cut short loses its unfinished event)
      if (!/close_notify|UnexpectedEof|unexpected ?eof/i.test(String((error as Error)?.message))) throw error;
      chunk = null;
    }
    if (chunk) controller.enqueue(chunk);
    else controller.close();
  }, reader);
}

function chunked(reader: Reader): ReadableStream<Uint8Array> {
  let left = 0;
  let finished = false;
  return stream(async (controller) => {
    if (finished) return;
    if (left === 0) {
      const sizeLine = await reader.line(1024);
      if (sizeLine === null) throw new ProtocolError('the connection closed before the last chunk');
      const m = /^([0-9a-fA-F]{1,12})[ \t]*(;.*)?$/.exec(sizeLine);
      if (!m) throw new ProtocolError('a chunk size that is not valid');
      left = parseInt(m[1], 16);
      if (left === 0) {
        // the trailer section, read and dropped, then the end
        for (let n = 0; ; n++) {
          const line = await reader.line();
          if (line === null || line === '') break;
          if (n > 100) throw new ProtocolError('too many trailer lines');
        }
        finished = true;
        controller.close();
        void reader.cancel();
        return;
      }
    }
    const chunk = await reader.some(Math.min(left, 64 * 1024));
    if (!chunk) throw new ProtocolError('the connection closed within a chunk');
    left -= chunk.byteLength;
    if (left === 0 && (await reader.line(2)) !== '') throw new ProtocolError('a chunk without its CRLF');
    controller.enqueue(chunk);
  }, reader);
}

/** The body with its content coding undone (gzip, deflate); an unknown coding is an error. */
function decoded(body: ReadableStream<Uint8Array>, headers: Headers): ReadableStream<Uint8Array> {
  const codings = (headers.get('content-encoding') ?? '').toLowerCase().split(',').map((s) => s.trim()).filter((s) => s && s !== 'identity');
  let out = body;
  for (const coding of codings.reverse()) {
    if (coding !== 'gzip' && coding !== 'x-gzip' && coding !== 'deflate') throw new ProtocolError(`a content coding it cannot read (${coding.slice(0, 20)})`);
    out = out.pipeThrough(new DecompressionStream(coding === 'deflate' ? 'deflate' : 'gzip') as unknown as TransformStream<Uint8Array, Uint8Array>);
  }
  return out;
}
