// A small multipart/form-data reader for uploads: storage-js sends a FormData with the
// `cacheControl` field (and maybe `metadata`) followed by the file.
import { storageErrors } from './errors.ts';

export interface FormPart {
  name: string;
  filename: string | null;
  contentType: string | null;
  data: Buffer;
}

export function boundaryOf(contentType: string): string | null {
  const match = contentType.match(/boundary=(?:"([^"]+)"|([^;\s]+))/i);
  return match ? (match[1] ?? match[2]) : null;
}

function dispositionParam(value: string, param: string): string | null {
  const match = value.match(new RegExp(`(?:^|;)\\s*${param}="((?:[^"\\\\]|\\\\.)*)"`, 'i'));
  if (match) return match[1].replace(/\\(.)/g, '$1');
  const bare = value.match(new RegExp(`(?:^|;)\\s*${param}=([^;\\s]*)`, 'i'));
  return bare ? bare[1] : null;
}

export function parseMultipart(body: Buffer, contentType: string): FormPart[] {
  const boundary = boundaryOf(contentType);
  if (!boundary) throw storageErrors.invalidRequest('Multipart body without a boundary');
  const delimiter = Buffer.from(`--${boundary}`);
  const parts: FormPart[] = [];
  let pos = body.indexOf(delimiter);
  if (pos < 0) throw storageErrors.invalidRequest('Malformed multipart body');
  for (;;) {
    pos += delimiter.length;
    // `--` after a delimiter closes the body
    if (body[pos] === 0x2d && body[pos + 1] === 0x2d) break;
    if (body[pos] === 0x0d && body[pos + 1] === 0x0a) pos += 2;
    else throw storageErrors.invalidRequest('Malformed multipart body');
    const headerEnd = body.indexOf('\r\n\r\n', pos);
    if (headerEnd < 0) throw storageErrors.invalidRequest('Malformed multipart body');
    const headers = new Map<string, string>();
    for (const line of body.subarray(pos, headerEnd).toString('utf8').split('\r\n')) {
      const colon = line.indexOf(':');
      if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
    }
    const dataStart = headerEnd + 4;
    const next = body.indexOf(Buffer.from(`\r\n--${boundary}`), dataStart);
    if (next < 0) throw storageErrors.invalidRequest('Malformed multipart body');
    const disposition = headers.get('content-disposition') ?? '';
    parts.push({
      name: dispositionParam(disposition, 'name') ?? '',
      filename: dispositionParam(disposition, 'filename'),
      contentType: headers.get('content-type') ?? null,
      data: body.subarray(dataStart, next),
    });
    pos = next + 2;
  }
  return parts;
}
