import { describe, expect, it } from 'vitest';
import {
  buildObjectPath,
  extensionOf,
  formatMegabytes,
  MAX_IMAGE_BYTES,
  randomString,
  uploadMessages,
  validateImageFile,
} from '@/admin/kit/upload';

const file = (name: string, type: string, size = 10) => new File([new Uint8Array(size)], name, { type });

describe('image file checks', () => {
  it('asks for a file when none was chosen', () => {
    const error = validateImageFile(null);
    expect(error?.title).toBe('Моля, изберете файл');
    expect(error?.message).toBe('Не сте избрали файл за качване.');
  });

  it('accepts only images the buckets take', () => {
    expect(validateImageFile(file('a.pdf', 'application/pdf'))?.message).toBe(uploadMessages.notImage);
    expect(validateImageFile(file('a.svg', 'image/svg+xml'))?.message).toBe(uploadMessages.unsupportedType);
    expect(validateImageFile(file('a.png', 'image/png'))).toBeNull();
    expect(validateImageFile(file('a.webp', 'image/webp'))).toBeNull();
  });

  it('refuses files over 10 MiB before sending, saying how big they are', () => {
    const big = file('snimka.jpg', 'image/jpeg', MAX_IMAGE_BYTES + 1);
    const error = validateImageFile(big);
    expect(error?.title).toBe('Грешка при качване');
    expect(error?.message).toContain('„snimka.jpg“');
    expect(error?.message).toContain('10 MB');
    expect(validateImageFile(file('ok.jpg', 'image/jpeg', MAX_IMAGE_BYTES))).toBeNull();
  });

  it('formats sizes in megabytes', () => {
    expect(formatMegabytes(MAX_IMAGE_BYTES)).toBe('10 MB');
    expect(formatMegabytes(1.5 * 1024 * 1024)).toBe('1,5 MB');
  });
});

describe('stored names', () => {
  it('random string, timestamp and the original extension, under the folder', () => {
    expect(buildObjectPath(file('Моята Снимка.PNG', 'image/png'), { folder: 'blog/', now: 1732000000000, random: 'abc123' })).toBe(
      'blog/abc123-1732000000000.png',
    );
    expect(buildObjectPath(file('logo.webp', 'image/webp'), { folder: 'clients', now: 5, random: 'r' })).toBe('clients/r-5.webp');
  });

  it('puts the timestamp first for gallery names', () => {
    expect(buildObjectPath(file('x.jpg', 'image/jpeg'), { order: 'timestamp-first', now: 7, random: 'q' })).toBe('7-q.jpg');
  });

  it('derives an extension from the type when the name has none', () => {
    expect(extensionOf(file('snimka', 'image/jpeg'))).toBe('jpg');
    expect(extensionOf(file('archive.tar.gz', 'image/png'))).toBe('gz');
  });

  it('makes a different random string each time', () => {
    const a = randomString();
    expect(a).toMatch(/^[a-z0-9]{12}$/);
    expect(randomString()).not.toBe(a);
  });

  it('two uploads of the same file get different names', () => {
    const f = file('a.png', 'image/png');
    expect(buildObjectPath(f, { folder: 'blog' })).not.toBe(buildObjectPath(f, { folder: 'blog' }));
  });
});
