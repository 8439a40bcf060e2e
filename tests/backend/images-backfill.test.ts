// `npm run images:backfill` against the stand-in: pictures uploaded before the naming rule get their
// fallback and WebP copies (turned upright, without EXIF or GPS), every row that names them is
// pointed at the fallback, and a second run finds nothing to do.
import { afterAll, beforeAll, expect, it } from 'vitest';
import sharp from 'sharp';
import { responsiveImage, variantHeight } from '../../src/shared/media/variants.ts';
import { backfill, type BackfillSummary } from '../../scripts/tools/images-backfill.ts';
import { LOCAL_SERVICE_ROLE_KEY } from '../../supabase/local/keys.ts';
import { startHarness, type Harness } from './harness.ts';

let h: Harness;
const stamp = Date.now().toString(36);
const publicUrl = (bucket: string, path: string) => `${h.url}/storage/v1/object/public/${bucket}/${path}`;
const FOREIGN = 'https://images.example.com/photo.jpg';
const SVG = '/demo/project-crm-2.svg';

/**
 * 1000×1800 as stored, red above and blue below, tagged orientation 6 (turn a quarter clockwise to
 * view) and carrying GPS: upright it is 1800×1000 with the red on the right.
 */
async function phoneJpeg() {
  const half = (rgb: [number, number, number]) => Buffer.alloc(1000 * 900 * 3, Buffer.from(rgb));
  return sharp(Buffer.concat([half([220, 30, 30]), half([30, 30, 220])]), { raw: { width: 1000, height: 1800, channels: 3 } })
    .withExif({ IFD0: { Make: 'Test' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '42/1 41/1 0/1' } })
    .withMetadata({ orientation: 6 })
    .jpeg({ quality: 80 })
    .toBuffer();
}

/** 300×200 with a half-transparent background: its fallback must stay PNG. */
const alphaPng = () => sharp({ create: { width: 300, height: 200, channels: 4, background: { r: 40, g: 90, b: 200, alpha: 0.5 } } }).png().toBuffer();

async function upload(bucket: string, path: string, bytes: Buffer, contentType: string) {
  const { error } = await h.service.storage.from(bucket).upload(path, bytes, { contentType, upsert: false });
  expect(error).toBeNull();
  return publicUrl(bucket, path);
}

async function image(url: string) {
  const res = await fetch(url);
  expect(res.status, url).toBe(200);
  const bytes = Buffer.from(await res.arrayBuffer());
  return { bytes, meta: await sharp(bytes).metadata() };
}

const run = (dryRun = false) => {
  const lines: string[] = [];
  return backfill({ url: h.url, serviceKey: LOCAL_SERVICE_ROLE_KEY, dryRun, log: (l) => lines.push(l) }).then((s) => ({ ...s, lines }));
};

let jpegUrl: string;
let pngUrl: string;
let logoUrl: string;
const ids: Record<'post' | 'project' | 'client', string> = { post: '', project: '', client: '' };
let first: BackfillSummary & { lines: string[] };

beforeAll(async () => {
  h = await startHarness();
  const [jpeg, png] = await Promise.all([phoneJpeg(), alphaPng()]);
  jpegUrl = await upload('blog-images', `blog/phone-${stamp}.jpg`, jpeg, 'image/jpeg');
  pngUrl = await upload('project-gallery', `${stamp}-alpha.png`, png, 'image/png');
  logoUrl = await upload('blog-images', `clients/logo-${stamp}.png`, png, 'image/png');

  const post = await h.service
    .from('blog_posts')
    .insert({
      title: 'Снимки от телефона',
      slug: `snimki-${stamp}`,
      author: 'Тест',
      featured_image: jpegUrl,
      featured_image_alt: 'Градът по залез',
      content: `Увод.\n\n![Градът](${jpegUrl} "заглавие")\n\n![Схема](${pngUrl})\n\n![Чужда](${FOREIGN})\n\n![Вектор](${SVG})\n\nОтново: ![Пак](${jpegUrl})`,
    })
    .select('id')
    .single();
  expect(post.error).toBeNull();
  ids.post = post.data!.id;
  const project = await h.service
    .from('projects')
    .insert({
      title: 'Проект със снимки',
      slug: `proekt-${stamp}`,
      category: 'Automation',
      link: 'https://example.com',
      description: 'Описание',
      image: SVG,
      image_alt: 'Вектор',
      gallery: [
        { id: '1', title: 'Прозрачна', description: 'Първа', image: pngUrl, alt: 'Прозрачна схема', order: 0 },
        { id: '2', title: 'Вектор', description: '', image: SVG, alt: 'Вектор', order: 1 },
        { id: '3', title: 'Чужда', description: '', image: FOREIGN, alt: 'Чужда', order: 2 },
      ],
      detailed_description: `Ето я: ![Градът](${jpegUrl})`,
    })
    .select('id')
    .single();
  expect(project.error).toBeNull();
  ids.project = project.data!.id;
  const client = await h.service.from('clients').insert({ name: `Клиент ${stamp}`, logo: logoUrl, logo_alt: 'Лого' }).select('id').single();
  expect(client.error).toBeNull();
  ids.client = client.data!.id;
});

afterAll(async () => {
  await h?.close();
});

const rowOf = async (table: 'blog_posts' | 'projects' | 'clients', id: string) => {
  const { data, error } = await h.service.from(table).select('*').eq('id', id).single();
  expect(error).toBeNull();
  return data as Record<string, unknown>;
};

it('a dry run plans the three rows and writes nothing', async () => {
  const before = await rowOf('blog_posts', ids.post);
  const plan = await run(true);
  expect(plan.rows.map((r) => [r.table, r.outcome])).toEqual([
    ['blog_posts', 'planned'],
    ['projects', 'planned'],
    ['clients', 'planned'],
  ]);
  expect(plan.lines.at(-1)).toMatch(/^Dry run: 3 row\(s\) would be updated and 3 image\(s\) converted\. Nothing was written\.$/);
  expect(await rowOf('blog_posts', ids.post)).toEqual(before);
  expect((await fetch(plan.rows[0].replacements[0].to)).ok).toBe(false);
});

it('converts every stored raster, points every row at the fallbacks and leaves SVGs and foreign URLs', async () => {
  first = await run();
  expect(first).toMatchObject({ rowsUpdated: 3, rowsChangedMeanwhile: 0, rowsRefused: 0, imagesConverted: 3, problems: 0, objectsAlreadyThere: 0 });
  // the photo: 6 files; each PNG: the fallback and copies at 240 px and its own width
  expect(first.objectsUploaded).toBe(6 + 3 + 3);

  const jpegRule = `${h.url}/storage/v1/object/public/blog-images/blog/phone-${stamp}.1600x889.jpg`;
  const pngRule = `${h.url}/storage/v1/object/public/project-gallery/${stamp}-alpha.300x200.png`;
  const logoRule = `${h.url}/storage/v1/object/public/blog-images/clients/logo-${stamp}.300x200.png`;

  const post = await rowOf('blog_posts', ids.post);
  expect(post.featured_image).toBe(jpegRule);
  expect(post.featured_image_alt).toBe('Градът по залез');
  expect(post.content).toBe(
    `Увод.\n\n![Градът](${jpegRule} "заглавие")\n\n![Схема](${pngRule})\n\n![Чужда](${FOREIGN})\n\n![Вектор](${SVG})\n\nОтново: ![Пак](${jpegRule})`,
  );
  const project = await rowOf('projects', ids.project);
  expect(project.image).toBe(SVG);
  expect(project.gallery).toEqual([
    { id: '1', title: 'Прозрачна', description: 'Първа', image: pngRule, alt: 'Прозрачна схема', order: 0 },
    { id: '2', title: 'Вектор', description: '', image: SVG, alt: 'Вектор', order: 1 },
    { id: '3', title: 'Чужда', description: '', image: FOREIGN, alt: 'Чужда', order: 2 },
  ]);
  expect(project.detailed_description).toBe(`Ето я: ![Градът](${jpegRule})`);
  expect((await rowOf('clients', ids.client)).logo).toBe(logoRule);

  // the photo's fallback: turned upright (red on the right), scaled to 1600 wide, no EXIF or GPS
  const fallback = await image(jpegRule);
  expect(fallback.meta).toMatchObject({ format: 'jpeg', width: 1600, height: 889 });
  expect(fallback.meta.exif).toBeUndefined();
  expect(fallback.meta.orientation).toBeUndefined();
  const { data: px } = await sharp(fallback.bytes).extract({ left: 1500, top: 444, width: 1, height: 1 }).raw().toBuffer({ resolveWithObject: true });
  expect(px[0]).toBeGreaterThan(150);
  expect(px[2]).toBeLessThan(100);

  const responsive = responsiveImage(jpegRule)!;
  expect(responsive.sources.map((s) => s.width)).toEqual([240, 480, 720, 1080, 1600]);
  for (const source of responsive.sources) {
    const copy = await image(source.url);
    expect(copy.meta).toMatchObject({ format: 'webp', width: source.width, height: variantHeight(responsive, source.width) });
    expect(copy.meta.exif).toBeUndefined();
  }
  expect((await fetch(responsive.sources[0].url)).headers.get('cache-control')).toBe('max-age=31536000');

  // the transparent PNG stays PNG, its copy keeps the alpha
  for (const rule of [pngRule, logoRule]) {
    expect((await image(rule)).meta).toMatchObject({ format: 'png', width: 300, height: 200, hasAlpha: true });
    const copies = responsiveImage(rule)!.sources;
    expect(copies.map((c) => c.width)).toEqual([240, 300]);
    for (const copy of copies) {
      expect((await image(copy.url)).meta).toMatchObject({ format: 'webp', width: copy.width, height: (copy.width * 2) / 3, hasAlpha: true });
    }
  }
  // the originals stay
  for (const url of [jpegUrl, pngUrl, logoUrl]) expect((await fetch(url)).status).toBe(200);
});

it('a second run finds nothing to do and changes nothing', async () => {
  const before = await Promise.all([rowOf('blog_posts', ids.post), rowOf('projects', ids.project), rowOf('clients', ids.client)]);
  const second = await run();
  expect(second).toMatchObject({ rows: [], rowsUpdated: 0, imagesConverted: 0, objectsUploaded: 0 });
  expect(second.lines).toEqual(['Nothing to do: every stored raster image the rows name already follows the naming rule.']);
  expect(await Promise.all([rowOf('blog_posts', ids.post), rowOf('projects', ids.project), rowOf('clients', ids.client)])).toEqual(before);
});

it('a run stopped after the uploads is completed by the next one, without new files', async () => {
  // as if a run had stored the photo's files and stopped before updating this row
  const late = await h.service.from('clients').insert({ name: `Късен ${stamp}`, logo: jpegUrl, logo_alt: 'Лого' }).select('id').single();
  expect(late.error).toBeNull();
  const next = await run();
  expect(next).toMatchObject({ rowsUpdated: 1, imagesConverted: 1, objectsUploaded: 0, objectsAlreadyThere: 6, problems: 0 });
  expect((await rowOf('clients', late.data!.id)).logo).toBe(first.rows[0].replacements[0].to);
});

it('a file that cannot be read is reported and skipped; the rest of the run goes on', async () => {
  const missing = publicUrl('blog-images', `blog/gone-${stamp}.jpg`);
  const row = await h.service.from('clients').insert({ name: `Без файл ${stamp}`, logo: missing, logo_alt: 'Лого' }).select('id, updated_at').single();
  expect(row.error).toBeNull();
  const next = await run();
  expect(next).toMatchObject({ rowsUpdated: 0, problems: 1 });
  expect(next.rows[0]).toMatchObject({ outcome: 'nothing replaced', problems: [{ url: missing, reason: 'cannot be downloaded (HTTP 400)' }] });
  expect((await rowOf('clients', row.data!.id)).updated_at).toBe(row.data!.updated_at);
});
