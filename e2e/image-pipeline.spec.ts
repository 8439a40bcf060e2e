// A photo straight from a phone, uploaded through the admin as a project's main image: the admin's
// browser stores it upright, without its metadata (GPS included), as a JPEG of at most 1600 px and
// WebP copies at the naming rule's widths; the public project page offers the copies through
// `srcset` with the alt text, and a phone-sized visitor downloads a copy, never the fallback.
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { expect, test } from '@playwright/test';
import { makePhonePhoto } from '../scripts/tools/make-phone-photo.mjs';
import { responsiveImage } from '../src/shared/media/variants';
import { toasts } from './admin-helpers';
import { db, openSignedIn, unique } from './support';

test('a phone photo through the admin becomes upright, metadata-free WebP copies that the project page offers by srcset', async ({ page, browser }) => {
  // stored sideways (2400×1800, EXIF orientation 6) as a phone writes it, with GPS tags
  const photo = await makePhonePhoto({ path: `.cache/e2e-phone-photo-${process.pid}.jpg`, width: 2400, height: 1800, orientation: 6 });
  const before = await sharp(readFileSync(photo.path)).metadata();
  expect(before.exif).toBeDefined();

  const title = unique('Снимка E2E');
  const slug = `snimka-e2e-${Date.now().toString(36)}`;
  const { data: category } = await db.from('project_categories').select('name').limit(1).single();
  const { data: project, error } = await db
    .from('projects')
    .insert({ title, slug, category: category!.name, image: '/demo/project-crm.svg', link: 'https://example.com', description: 'Снимка от телефон.' })
    .select('id')
    .single();
  expect(error).toBeNull();

  await openSignedIn(page, `/work-admin/projects/${project!.id}`);
  await page.getByRole('tab', { name: /Медия и категория/ }).click();
  await page.getByLabel('Качи изображение', { exact: true }).setInputFiles(photo.path);
  await expect(toasts(page).getByText('Изображението е качено')).toBeVisible();
  // what it cost and what it weighs now
  await expect(page.getByText(/MB → \d+ KB/)).toBeVisible();
  await page.getByLabel(/^Алтернативен текст/).fill('Офис сграда по залез');
  await page.getByRole('button', { name: 'Обнови проекта' }).click();
  await expect(toasts(page).getByText('Проектът е обновен')).toBeVisible();

  const { data: saved } = await db.from('projects').select('image, image_alt').eq('id', project!.id).single();
  const image = responsiveImage(saved!.image as string);
  // upright (the 1800×2400 the camera meant), scaled down to 1600 px wide
  expect(image).toMatchObject({ width: 1600, height: 2133 });
  expect(saved!.image_alt).toBe('Офис сграда по залез');

  const fallback = await sharp(Buffer.from(await (await fetch(image!.src)).arrayBuffer())).metadata();
  expect(fallback).toMatchObject({ format: 'jpeg', width: 1600, height: 2133 });
  expect(fallback.exif).toBeUndefined();
  expect(fallback.orientation).toBeUndefined();
  for (const copy of image!.sources) {
    const res = await fetch(copy.url);
    expect(res.headers.get('content-type')).toBe('image/webp');
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: copy.width });
    expect(meta.exif).toBeUndefined();
  }
  expect(image!.sources.map((s) => s.width)).toEqual([240, 480, 720, 1080, 1600]);

  // a phone visitor (390 px wide, twice as dense) on the republished project page
  // the screen too: the project's desktop device would otherwise lend its 1920 px screen, which the
  // browser's look-ahead parser takes as the phone's device-width
  const phone = await browser.newContext({
    viewport: { width: 390, height: 844 },
    screen: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'bg-BG',
  });
  try {
    // the publisher rewrites the static page within seconds; the visitor then opens it once
    await expect
      .poll(async () => (await fetch(new URL(`/project/${slug}`, test.info().project.use.baseURL)).then((r) => r.text())).includes('Офис сграда по залез'))
      .toBe(true);
    const visitor = await phone.newPage();
    const images: string[] = [];
    visitor.on('response', (res) => {
      if (res.request().resourceType() === 'image' && res.url().includes('/storage/v1/object/public/')) images.push(res.url());
    });
    await visitor.goto(`/project/${slug}`);
    const picture = visitor.locator(`picture:has(img[alt="Офис сграда по залез"])`).first();
    await expect(picture.locator('source[type="image/webp"]')).toHaveAttribute('srcset', image!.sources.map((s) => `${s.url} ${s.width}w`).join(', '));
    await expect(picture.locator('img')).toHaveAttribute('src', image!.src);
    // the 720 px copy (358 CSS px at twice the density: 716), once
    await expect.poll(() => images).toEqual([image!.sources.find((s) => s.width === 720)!.url]);
  } finally {
    await phone.close();
    await db.from('projects').delete().eq('id', project!.id);
  }
});
