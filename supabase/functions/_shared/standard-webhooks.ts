// Standard Webhooks signatures (https://www.standardwebhooks.com), as Svix signs them for Resend:
// the signed content is `<id>.<timestamp>.<body>`, HMAC-SHA256 with the secret's bytes (the part
// after `whsec_`, base64), and the signature header lists one or more `v1,<base64>` separated by
// spaces (several during a secret's rotation). Resend sends the headers as svix-id,
// svix-timestamp and svix-signature; the standard's names are webhook-*. Plain Web Crypto, so the
// same file runs in the Edge Runtime (Deno) and in Node's tests.

/** How far a delivery's timestamp may be from now, either way (replays older than this are refused). */
export const TOLERANCE_SECONDS = 5 * 60;

export type Verdict =
  | { ok: true; id: string }
  | { ok: false; reason: 'missing_headers' | 'bad_timestamp' | 'too_old' | 'bad_secret' | 'no_match' };

const encoder = new TextEncoder();

function base64Bytes(value: string): Uint8Array<ArrayBuffer> | null {
  try {
    const binary = atob(value);
    const bytes = new Uint8Array(new ArrayBuffer(binary.length));
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    return bytes;
  } catch {
    return null;
  }
}

function bytesBase64(bytes: ArrayBuffer): string {
  let binary = '';
  for (const byte of new Uint8Array(bytes)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** Compares two strings in time that depends on their length only. */
function sameText(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

function header(headers: Headers, name: string): string | null {
  return headers.get(`webhook-${name}`) ?? headers.get(`svix-${name}`);
}

/** The `v1,<base64>` signature of `body` under `secret` (`whsec_…`), for senders and tests. */
export async function sign(secret: string, id: string, timestamp: number, body: string): Promise<string> {
  const key = await importSecret(secret);
  if (!key) throw new Error('not a webhook secret');
  const mac = await crypto.subtle.sign('HMAC', key, encoder.encode(`${id}.${timestamp}.${body}`));
  return `v1,${bytesBase64(mac)}`;
}

async function importSecret(secret: string): Promise<CryptoKey | null> {
  const bytes = base64Bytes(secret.startsWith('whsec_') ? secret.slice('whsec_'.length) : secret);
  if (!bytes || bytes.length < 16) return null;
  return crypto.subtle.importKey('raw', bytes, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
}

/** Checks a delivery: its headers, its age and one of its signatures. `now` is in seconds. */
export async function verify(secret: string, headers: Headers, body: string, now = Math.floor(Date.now() / 1000)): Promise<Verdict> {
  const id = header(headers, 'id');
  const stamp = header(headers, 'timestamp');
  const signatures = header(headers, 'signature');
  if (!id || !stamp || !signatures) return { ok: false, reason: 'missing_headers' };
  if (!/^\d{1,12}$/.test(stamp)) return { ok: false, reason: 'bad_timestamp' };
  const timestamp = Number(stamp);
  if (Math.abs(now - timestamp) > TOLERANCE_SECONDS) return { ok: false, reason: 'too_old' };
  const key = await importSecret(secret);
  if (!key) return { ok: false, reason: 'bad_secret' };
  const expected = bytesBase64(await crypto.subtle.sign('HMAC', key, encoder.encode(`${id}.${timestamp}.${body}`)));
  for (const entry of signatures.split(' ')) {
    const [version, value] = entry.split(',', 2);
    if (version === 'v1' && value && sameText(value, expected)) return { ok: true, id };
  }
  return { ok: false, reason: 'no_match' };
}
