// What the first bytes of a file say it is, for the image formats browsers show.

const startsWith = (bytes: Buffer, signature: number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b);
const ascii = (bytes: Buffer, start: number, end: number) => bytes.subarray(start, end).toString('latin1');

/** The image type of `bytes`, or null when they are not a recognised image. */
export function sniffImage(bytes: Buffer): string | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (ascii(bytes, 0, 6) === 'GIF87a' || ascii(bytes, 0, 6) === 'GIF89a') return 'image/gif';
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'image/webp';
  if (ascii(bytes, 4, 8) === 'ftyp') {
    const brand = ascii(bytes, 8, 12);
    if (brand === 'avif' || brand === 'avis') return 'image/avif';
    if (['heic', 'heix', 'hevc', 'hevx', 'mif1', 'msf1'].includes(brand)) return 'image/heic';
  }
  if (ascii(bytes, 0, 2) === 'BM' && bytes.length > 14) return 'image/bmp';
  if (startsWith(bytes, [0x00, 0x00, 0x01, 0x00]) && bytes.length > 6) return 'image/x-icon';
  if (startsWith(bytes, [0x49, 0x49, 0x2a, 0x00]) || startsWith(bytes, [0x4d, 0x4d, 0x00, 0x2a])) return 'image/tiff';
  if (looksLikeSvg(bytes)) return 'image/svg+xml';
  return null;
}

function looksLikeSvg(bytes: Buffer): boolean {
  const head = bytes.subarray(0, 4096).toString('utf8').replace(/^\uFEFF/, '').trimStart();
  if (!head.startsWith('<')) return false;
  // an XML prolog, comments or a doctype may come before the root element
  const rest = head.replace(/^(<\?xml[\s\S]*?\?>\s*|<!--[\s\S]*?-->\s*|<!DOCTYPE[^>]*>\s*)*/i, '');
  return /^<svg[\s>]/i.test(rest);
}

/** A best guess for bytes that are not an image, for the refusal message. */
export function describeNonImage(bytes: Buffer): string {
  const sample = bytes.subarray(0, 1024);
  if (sample.length === 0) return 'application/x-empty';
  if (sample.includes(0)) return 'application/octet-stream';
  const text = sample.toString('utf8');
  if (text.includes('\uFFFD')) return 'application/octet-stream';
  if (/^\s*<(!doctype html|html|head|body|script)/i.test(text)) return 'text/html';
  return 'text/plain';
}

/** `type/subtype` without parameters, lower-cased. */
export const baseMime = (value: string) => value.split(';')[0].trim().toLowerCase();

/** Whether `mime` is allowed by a bucket's list, which may hold wildcards like `image/*`. */
export function mimeAllowed(mime: string, allowed: string[]): boolean {
  const base = baseMime(mime);
  return allowed.some((entry) => {
    const rule = baseMime(entry);
    if (rule === base) return true;
    if (rule.endsWith('/*')) return base.startsWith(rule.slice(0, -1));
    return rule === '*/*' || rule === '*';
  });
}
