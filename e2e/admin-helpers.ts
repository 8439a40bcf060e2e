// Helpers of the admin end-to-end specs: a real PNG made on the fly, signing out through the
// header, and reading the admin panel's toasts.
import { deflateSync } from 'node:zlib';
import { expect, type Page } from '@playwright/test';
import { toasts } from './support';

export { toasts };

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const b of bytes) crc = CRC_TABLE[(crc ^ b) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A valid RGB PNG of the given size filled with one colour (the storage checks real image bytes). */
export function makePng(width = 24, height = 16, rgb: [number, number, number] = [47, 76, 196]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => rgb).flat())]);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export function pngFile(name: string) {
  return { name, mimeType: 'image/png', buffer: makePng() };
}

/** The toast region of the page. */

/** 'Изход' in the admin header, then the login page. */
export async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Изход' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(toasts(page).getByText('Успешно излизане')).toBeVisible();
}

/** Fills the login form and submits it, without expecting success. */
export async function trySignIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Имейл').fill(email);
  await page.getByLabel('Парола').fill(password);
  await page.getByRole('button', { name: 'Вход' }).click();
}

/** Opens a tab of /blog-admin. */
export async function openTab(page: Page, name: 'Публикации' | 'Потребители' | 'Клиенти' | 'Календар') {
  await page.getByRole('tab', { name }).click();
  await expect(page.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true');
}
