// RFC 6238 time-based one-time passwords as GoTrue's TOTP factors use them: a 20-byte secret in
// unpadded base32, HMAC-SHA1, 6 digits, a 30-second period and one step of skew either way; the
// otpauth:// URI authenticator apps read, and the QR code of it as an SVG document.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import QRCode from 'qrcode';

export const TOTP_PERIOD = 30;
export const TOTP_DIGITS = 6;
/** Steps before and after the current one that are still accepted. */
export const TOTP_SKEW = 1;
const SECRET_BYTES = 20;

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function base32Encode(bytes: Buffer): string {
  let out = '';
  let bits = 0;
  let value = 0;
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += ALPHABET[(value << (5 - bits)) & 31];
  return out;
}

/** Decodes base32 (case-insensitive, padding optional); null when it is not base32. */
export function base32Decode(text: string): Buffer | null {
  const clean = text.trim().toUpperCase().replace(/=+$/, '');
  const bytes: number[] = [];
  let bits = 0;
  let value = 0;
  for (const char of clean) {
    const index = ALPHABET.indexOf(char);
    if (index < 0) return null;
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
}

/** A new secret as GoTrue generates one: 20 random bytes, base32 without padding (32 characters). */
export const newTotpSecret = (): string => base32Encode(randomBytes(SECRET_BYTES));

/** The RFC 4226 code for one counter value. */
export function hotp(key: Buffer, counter: number): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac('sha1', key).update(message).digest();
  const offset = mac[mac.length - 1] & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** TOTP_DIGITS).padStart(TOTP_DIGITS, '0');
}

export const totpCounter = (at: number = Date.now()): number => Math.floor(at / 1000 / TOTP_PERIOD);

/** The code for `secret` at the time `at` (ms). */
export function totpCode(secret: string, at: number = Date.now()): string {
  const key = base32Decode(secret);
  if (!key) throw new Error('TOTP secret is not base32');
  return hotp(key, totpCounter(at));
}

/** Whether `code` is the code of the current step or of one step either side of it. */
export function validateTotp(secret: string, code: string, at: number = Date.now()): boolean {
  if (code.length !== TOTP_DIGITS) return false;
  const key = base32Decode(secret);
  if (!key) return false;
  const given = Buffer.from(code);
  const counter = totpCounter(at);
  let ok = false;
  for (let step = -TOTP_SKEW; step <= TOTP_SKEW; step += 1) {
    const expected = Buffer.from(hotp(key, counter + step));
    // every candidate is compared, so the time taken does not tell which one matched
    if (expected.length === given.length && timingSafeEqual(expected, given)) ok = true;
  }
  return ok;
}

// Path and query escaping as Go's net/url does it for these parts: ':' and '@' stay as they are.
const escapePart = (text: string) =>
  encodeURIComponent(text).replace(/%(3A|40|24|26|2B|3D)/gi, (m) => decodeURIComponent(m));

/** The key URI authenticator apps read: otpauth://totp/<issuer>:<account>?algorithm=…&secret=…, keys sorted. */
export function otpauthUri(issuer: string, account: string, secret: string): string {
  const query = [
    ['algorithm', 'SHA1'],
    ['digits', String(TOTP_DIGITS)],
    ['issuer', issuer],
    ['period', String(TOTP_PERIOD)],
    ['secret', secret],
  ]
    .map(([k, v]) => `${k}=${escapePart(v)}`)
    .join('&');
  return `otpauth://totp/${escapePart(issuer)}:${escapePart(account)}?${query}`;
}

const QR_BLOCK = 3;
/** Blocks of white around the code (the quiet zone). */
const QR_MARGIN = 4;

/**
 * The QR code of `text` (error correction H) as a bare SVG document, one 3-unit square per module
 * inside a 4-module white margin, the way GoTrue draws it; supabase-js turns it into a data URI.
 */
export function qrSvg(text: string): string {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'H' });
  const size = qr.modules.size;
  const side = (size + 2 * QR_MARGIN) * QR_BLOCK;
  const start = QR_MARGIN * QR_BLOCK;
  const rects: string[] = [];
  for (let row = 0; row < size; row += 1) {
    for (let col = 0; col < size; col += 1) {
      const fill = qr.modules.get(row, col) ? 'black' : 'white';
      rects.push(
        `<rect x="${start + col * QR_BLOCK}" y="${start + row * QR_BLOCK}" width="${QR_BLOCK}" height="${QR_BLOCK}" style="fill:${fill};stroke:none" />`,
      );
    }
  }
  return (
    `<?xml version="1.0"?>\n<svg width="${side}" height="${side}"\n` +
    `     xmlns="http://www.w3.org/2000/svg" \n     xmlns:xlink="http://www.w3.org/1999/xlink">\n${rects.join('\n')}\n</svg>\n`
  );
}
