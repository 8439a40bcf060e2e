// `npm run images:backfill [-- --dry-run]`: gives the pictures uploaded before the naming rule of
// src/shared/media/variants.ts their responsive copies, and points the rows at them.
//
// For the Supabase project of the environment (VITE_SUPABASE_URL, from the environment or .env, and
// SUPABASE_SERVICE_ROLE_KEY from the environment only; without them the local stand-in on
// 127.0.0.1:54321 and its own service key), it reads every post (featured_image, content), project
// (image, gallery[].image, detailed_description) and client (logo), drafts too. An image URL in
// them that points at this project's public storage (buckets blog-images and project-gallery), is a
// raster (jpg, jpeg, png, webp, avif, a still gif) and does not follow the rule is downloaded and
// made into the fallback and the WebP copies the rule names. They are uploaded next to the original
// (never overwriting: an object already there counts as done), then the row is updated once, all
// its occurrences of the URL at a time, only if nobody changed it meanwhile (updated_at).
//
// Nothing is deleted: the originals stay where old links and feeds may still point. Running it again
// finds nothing to do; a run stopped between uploading and updating is completed by the next one,
// because the new names follow from the original's path and size alone. A file that cannot be
// downloaded or decoded is reported and left as it is. `--dry-run` reads and plans, and writes nothing.
import { pathToFileURL } from 'node:url';
import sharp, { type Metadata, type OutputInfo } from 'sharp';
import {
  fallbackSize,
  JPEG_QUALITY,
  responsiveImage,
  VARIANT_WIDTHS,
  variantHeight,
  variantPaths,
  WEBP_QUALITY,
  type FallbackType,
} from '../../src/shared/media/variants.ts';
import { envValue, LOCAL_URL } from '../publisher/config.mjs';
import { isLocal, LOCAL_SERVICE_ROLE_KEY } from './local-backend.mjs';

export interface BackfillOptions {
  /** The project's URL, e.g. http://127.0.0.1:54321 or https://<ref>.supabase.co. */
  url: string;
  serviceKey: string;
  /** Plan only: read rows and images, upload and update nothing. */
  dryRun?: boolean;
  /** Where the per-row lines and the summary go (console.log by default). */
  log?: (line: string) => void;
}

export interface Replacement {
  from: string;
  to: string;
  /** What was stored for it: the fallback and the WebP copies, with 'uploaded' or 'already there'. */
  objects: { path: string; outcome: 'uploaded' | 'already there' | 'planned' }[];
}

export interface RowReport {
  table: TableName;
  id: string;
  label: string;
  outcome: 'updated' | 'planned' | 'changed meanwhile' | 'refused' | 'nothing replaced';
  replacements: Replacement[];
  problems: { url: string; reason: string }[];
}

export interface BackfillSummary {
  dryRun: boolean;
  /** Only the rows that held an image to convert. */
  rows: RowReport[];
  rowsUpdated: number;
  rowsChangedMeanwhile: number;
  /** Rows the database would not update (the reason is in the row's problems). */
  rowsRefused: number;
  imagesConverted: number;
  objectsUploaded: number;
  objectsAlreadyThere: number;
  problems: number;
}

type TableName = 'blog_posts' | 'projects' | 'clients';
type FieldKind = 'url' | 'markdown' | 'gallery';
type Row = Record<string, unknown> & { id: string; updated_at: string };

const TABLES: { table: TableName; labels: string[]; fields: [string, FieldKind][] }[] = [
  { table: 'blog_posts', labels: ['slug'], fields: [['featured_image', 'url'], ['content', 'markdown']] },
  { table: 'projects', labels: ['slug', 'title'], fields: [['image', 'url'], ['gallery', 'gallery'], ['detailed_description', 'markdown']] },
  { table: 'clients', labels: ['name'], fields: [['logo', 'url']] },
];

/** The public buckets content images live in (src/admin/kit/media/upload-rules.ts). */
const BUCKETS = ['blog-images', 'project-gallery'];
const RASTER = /^(.+)\.(jpe?g|png|webp|avif|gif)$/i;
/** `![alt](url)` and `![alt](<url> "title")`: the URL stops at whitespace, `)` or `>`. */
const MARKDOWN_IMAGE = /!\[[^\]]*\]\(\s*<?([^\s)>]+)>?/g;
/** The copies never change under their name, so browsers and CDNs may keep them for a year. */
const CACHE_CONTROL = 'max-age=31536000';
const PAGE_ROWS = 200;
// the browser pipeline's qualities, as sharp counts them
const QUALITY = { webp: Math.round(WEBP_QUALITY * 100), jpeg: Math.round(JPEG_QUALITY * 100) };

class Problem extends Error {}

/** A stored picture a row names: where it is and the base its new names are made from. */
interface StoredImage {
  url: string;
  bucket: string;
  path: string;
  /** The path without its extension: the rule's base, the same on every run. */
  base: string;
  /** The URL without query and without the extension, as the row wrote it. */
  urlStem: string;
}

/** The picture `url` names if it is a raster in this project's public storage not under the rule yet. */
export function storedImage(url: string, projectUrl: string): StoredImage | null {
  const prefix = `${projectUrl.replace(/\/+$/, '')}/storage/v1/object/public/`;
  if (!url.startsWith(prefix) || responsiveImage(url)) return null;
  const bare = url.replace(/[?#].*$/, '');
  const [bucketPart, ...segments] = bare.slice(prefix.length).split('/');
  let bucket: string;
  let path: string;
  try {
    bucket = decodeURIComponent(bucketPart);
    path = segments.map(decodeURIComponent).join('/');
  } catch {
    return null;
  }
  if (!BUCKETS.includes(bucket)) return null;
  const match = RASTER.exec(path);
  if (!match || match[1].endsWith('/')) return null;
  const extension = match[2];
  return { url, bucket, path, base: match[1], urlStem: bare.slice(0, bare.length - extension.length - 1) };
}

/** The image URLs a field holds (for a gallery, each item's image). */
function urlsIn(kind: FieldKind, value: unknown): string[] {
  if (kind === 'url') return typeof value === 'string' && value ? [value.trim()] : [];
  if (kind === 'markdown') return typeof value === 'string' ? [...value.matchAll(MARKDOWN_IMAGE)].map((m) => m[1]) : [];
  if (!Array.isArray(value)) return [];
  return value.flatMap((item) => (item && typeof item === 'object' && typeof item.image === 'string' ? [item.image as string] : []));
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The field with every URL of `map` replaced; the same value when nothing in it changed. */
function replaced(kind: FieldKind, value: unknown, map: Map<string, string>): unknown {
  if (kind === 'url') return typeof value === 'string' && map.has(value.trim()) ? map.get(value.trim()) : value;
  if (kind === 'markdown') {
    if (typeof value !== 'string') return value;
    let text = value;
    // a whole URL only: not the start of a longer one that merely begins the same
    for (const [from, to] of map) text = text.replace(new RegExp(`${escapeRegExp(from)}(?![^\\s)"'<>\\]])`, 'g'), () => to);
    return text;
  }
  if (!Array.isArray(value)) return value;
  return value.map((item) => (item && typeof item === 'object' && typeof item.image === 'string' && map.has(item.image) ? { ...item, image: map.get(item.image) } : item));
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Runs the backfill against one project; see the header. Never throws for one bad image or row. */
export async function backfill({ url: rawUrl, serviceKey, dryRun = false, log = console.log }: BackfillOptions): Promise<BackfillSummary> {
  const url = rawUrl.replace(/\/+$/, '');
  const auth = { apikey: serviceKey, Authorization: `Bearer ${serviceKey}` };

  async function rest(path: string, init: RequestInit = {}): Promise<unknown> {
    const res = await fetch(`${url}/rest/v1/${path}`, {
      ...init,
      headers: { ...auth, ...(init.body ? { 'Content-Type': 'application/json' } : {}), ...init.headers },
      signal: AbortSignal.timeout(60_000),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${init.method ?? 'GET'} /rest/v1/${path.split('?')[0]}: HTTP ${res.status} ${text.slice(0, 300)}`);
    return text ? JSON.parse(text) : null;
  }

  /** Every row of a table, in pages by id (a project caps each read at its max_rows). */
  async function* rowsOf(table: TableName, columns: string[]): AsyncGenerator<Row> {
    let after: string | null = null;
    for (;;) {
      const filter: string = after === null ? '' : `&id=gt.${encodeURIComponent(after)}`;
      const page = (await rest(`${table}?select=${columns.join(',')}&order=id.asc&limit=${PAGE_ROWS}${filter}`)) as Row[];
      yield* page;
      if (page.length < PAGE_ROWS) return;
      after = page[page.length - 1].id;
    }
  }

  /** Uploads one object unless it is there already (a run stopped halfway left it). */
  async function upload(bucket: string, path: string, bytes: Buffer, contentType: string): Promise<'uploaded' | 'already there'> {
    const key = [bucket, ...path.split('/')].map(encodeURIComponent).join('/');
    const res = await fetch(`${url}/storage/v1/object/${key}`, {
      method: 'POST',
      headers: { ...auth, 'Content-Type': contentType, 'cache-control': CACHE_CONTROL, 'x-upsert': 'false' },
      body: new Uint8Array(bytes),
      signal: AbortSignal.timeout(120_000),
    });
    if (res.ok) return 'uploaded';
    const text = await res.text();
    let body: { statusCode?: unknown; error?: unknown; message?: unknown } = {};
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON
    }
    // storage-api says 'Duplicate' with HTTP 400 (older) or 409 (newer)
    if (res.status === 409 || String(body.statusCode) === '409' || body.error === 'Duplicate') return 'already there';
    throw new Problem(`uploading ${bucket}/${path} failed: HTTP ${res.status} ${String(body.message ?? text).slice(0, 200)}`);
  }

  /** Makes and stores the rule's files for one picture; resolves to its new URL. */
  async function convert(image: StoredImage): Promise<Replacement> {
    let res: Response;
    try {
      res = await fetch(image.url, { signal: AbortSignal.timeout(120_000) });
    } catch (error) {
      throw new Problem(`cannot be downloaded (${(error as Error).message})`);
    }
    if (!res.ok) throw new Problem(`cannot be downloaded (HTTP ${res.status})`);
    const original = Buffer.from(await res.arrayBuffer());
    const input = () => sharp(original, { failOn: 'error' });
    let meta: Metadata;
    let transparent: boolean;
    try {
      meta = await input().metadata();
      transparent = Boolean(meta.hasAlpha) && !(await input().stats()).isOpaque;
    } catch (error) {
      throw new Problem(`is not an image that can be decoded (${(error as Error).message})`);
    }
    if ((meta.pages ?? 1) > 1) throw new Problem(`is animated (${meta.pages} frames): left as it is`);
    if (!meta.width || !meta.height) throw new Problem('has no size');
    // EXIF orientations 5 to 8 turn the picture a quarter: its upright size is the other way round
    const upright = (meta.orientation ?? 1) >= 5 ? { width: meta.height, height: meta.width } : { width: meta.width, height: meta.height };
    const size = fallbackSize(upright.width, upright.height);
    const type: FallbackType = transparent ? 'png' : 'jpg';
    const paths = variantPaths(image.base, size, type);
    // the row's own URL with the new ending, so it stays written (and encoded) as the row wrote it
    const newUrl = `${image.urlStem}${paths.fallback.slice(image.base.length)}`;
    if (!responsiveImage(newUrl)) throw new Problem(`makes a name the rule does not read (${paths.fallback})`);
    if (dryRun) {
      return {
        from: image.url,
        to: newUrl,
        objects: [paths.fallback, ...paths.copies.map((c) => c.path)].map((path) => ({ path, outcome: 'planned' as const })),
      };
    }
    // decoded once: turned upright (.rotate() applies the EXIF orientation) and scaled to the
    // fallback's size; the copies are scaled from those pixels. sharp writes no metadata unless
    // asked, so EXIF and GPS stay behind.
    let pixels: { data: Buffer; info: OutputInfo };
    try {
      pixels = await input().rotate().resize(size.width, size.height, { fit: 'fill' }).raw().toBuffer({ resolveWithObject: true });
    } catch (error) {
      throw new Problem(`cannot be converted (${(error as Error).message})`);
    }
    const { data, info } = pixels;
    const scaled = (width: number) => {
      const image = sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
      return width === info.width ? image : image.resize(width, variantHeight(size, width), { fit: 'fill' });
    };
    const outputs: { path: string; make: () => Promise<Buffer>; type: string }[] = [
      {
        path: paths.fallback,
        type: transparent ? 'image/png' : 'image/jpeg',
        make: () =>
          transparent
            ? scaled(size.width).png({ compressionLevel: 9, adaptiveFiltering: true }).toBuffer()
            : scaled(size.width).flatten({ background: '#ffffff' }).jpeg({ quality: QUALITY.jpeg, mozjpeg: true }).toBuffer(),
      },
      ...paths.copies.map((copy) => ({
        path: copy.path,
        type: 'image/webp',
        make: () => scaled(copy.width).webp({ quality: QUALITY.webp }).toBuffer(),
      })),
    ];
    const objects: Replacement['objects'] = [];
    for (const output of outputs) {
      let bytes: Buffer;
      try {
        bytes = await output.make();
      } catch (error) {
        throw new Problem(`cannot be converted (${(error as Error).message})`);
      }
      objects.push({ path: output.path, outcome: await upload(image.bucket, output.path, bytes, output.type) });
    }
    return { from: image.url, to: newUrl, objects };
  }

  // one conversion per URL, however many rows name it
  const conversions = new Map<string, Promise<Replacement>>();
  const summary: BackfillSummary = {
    dryRun,
    rows: [],
    rowsUpdated: 0,
    rowsChangedMeanwhile: 0,
    rowsRefused: 0,
    imagesConverted: 0,
    objectsUploaded: 0,
    objectsAlreadyThere: 0,
    problems: 0,
  };
  const counted = new Set<string>();

  for (const { table, labels, fields } of TABLES) {
    const columns = ['id', 'updated_at', ...labels, ...fields.map(([column]) => column)];
    for await (const row of rowsOf(table, columns)) {
      const images = new Map<string, StoredImage>();
      for (const [column, kind] of fields) {
        for (const found of urlsIn(kind, row[column])) {
          const image = storedImage(found, url);
          if (image) images.set(found, image);
        }
      }
      if (images.size === 0) continue;

      const label = labels.map((l) => row[l]).find((v) => typeof v === 'string' && v) ?? row.id;
      const report: RowReport = { table, id: row.id, label: String(label), outcome: 'nothing replaced', replacements: [], problems: [] };
      const map = new Map<string, string>();
      for (const image of images.values()) {
        if (!conversions.has(image.url)) conversions.set(image.url, convert(image));
        try {
          const replacement = await conversions.get(image.url)!;
          report.replacements.push(replacement);
          map.set(image.url, replacement.to);
          if (!counted.has(image.url)) {
            counted.add(image.url);
            summary.imagesConverted += 1;
            for (const o of replacement.objects) {
              if (o.outcome === 'uploaded') summary.objectsUploaded += 1;
              if (o.outcome === 'already there') summary.objectsAlreadyThere += 1;
            }
          }
        } catch (error) {
          if (!(error instanceof Problem)) throw error;
          report.problems.push({ url: image.url, reason: error.message });
          if (!counted.has(image.url)) {
            counted.add(image.url);
            summary.problems += 1;
          }
        }
      }

      if (map.size > 0) {
        const patch: Record<string, unknown> = {};
        for (const [column, kind] of fields) {
          const next = replaced(kind, row[column], map);
          if (!sameJson(next, row[column])) patch[column] = next;
        }
        if (dryRun) report.outcome = 'planned';
        else {
          try {
            // guarded by the version read: an edit made meanwhile wins, and the next run tries again
            const updated = (await rest(`${table}?id=eq.${encodeURIComponent(row.id)}&updated_at=eq.${encodeURIComponent(row.updated_at)}&select=id`, {
              method: 'PATCH',
              body: JSON.stringify(patch),
              headers: { Prefer: 'return=representation' },
            })) as unknown[];
            report.outcome = updated.length > 0 ? 'updated' : 'changed meanwhile';
          } catch (error) {
            // a row the database refuses (a rule it breaks) is reported; the copies stay for the next run
            report.outcome = 'refused';
            report.problems.push({ url: '(the row)', reason: (error as Error).message });
            summary.rowsRefused += 1;
          }
        }
        if (report.outcome === 'updated') summary.rowsUpdated += 1;
        if (report.outcome === 'changed meanwhile') summary.rowsChangedMeanwhile += 1;
      }
      summary.rows.push(report);
      logRow(report, log);
    }
  }

  log(summaryLine(summary));
  return summary;
}

function logRow(report: RowReport, log: (line: string) => void) {
  const outcome = {
    updated: 'updated',
    planned: 'would be updated',
    'changed meanwhile': 'NOT updated: changed by someone meanwhile (run again)',
    refused: 'NOT updated: the database refused the update',
    'nothing replaced': 'not updated: no image could be converted',
  }[report.outcome];
  log(`${report.table} "${report.label}" (${report.id}): ${outcome}`);
  for (const r of report.replacements) {
    const copies = r.objects.filter((o) => o.path.endsWith('.webp')).map((o) => /\.w(\d+)\.webp$/.exec(o.path)?.[1]);
    const there = r.objects.filter((o) => o.outcome === 'already there').length;
    log(`  ${r.from}\n    → ${r.to} + WebP ${copies.join(', ')}${there ? ` (${there} of ${r.objects.length} files were there already)` : ''}`);
  }
  for (const p of report.problems) log(`  ! ${p.url}: ${p.reason}`);
}

function summaryLine(s: BackfillSummary): string {
  if (s.rows.length === 0) return 'Nothing to do: every stored raster image the rows name already follows the naming rule.';
  const problems = s.problems ? `; ${s.problems} image(s) skipped with a problem (see "!" above)` : '';
  if (s.dryRun) {
    const planned = s.rows.filter((r) => r.outcome === 'planned').length;
    return `Dry run: ${planned} row(s) would be updated and ${s.imagesConverted} image(s) converted${problems}. Nothing was written.`;
  }
  const meanwhile =
    (s.rowsChangedMeanwhile ? `, ${s.rowsChangedMeanwhile} changed meanwhile and left for the next run` : '') +
    (s.rowsRefused ? `, ${s.rowsRefused} refused by the database (see "!" above)` : '');
  return `Done: ${s.rowsUpdated} row(s) updated${meanwhile}; ${s.imagesConverted} image(s) converted (${s.objectsUploaded} files uploaded, ${s.objectsAlreadyThere} there already)${problems}. Originals were kept.`;
}

// ---- command line -------------------------------------------------------------------------------

async function main(argv: string[]) {
  if (argv.includes('--help')) {
    console.log('npm run images:backfill [-- --dry-run]   (see the header of scripts/tools/images-backfill.ts)');
    return 0;
  }
  const unknown = argv.filter((a) => a !== '--dry-run');
  if (unknown.length) {
    console.error(`Unknown argument(s): ${unknown.join(' ')}`);
    return 2;
  }
  const url = String(envValue('VITE_SUPABASE_URL') || LOCAL_URL).replace(/\/+$/, '');
  // the service key is a secret: from the process environment only, never from .env
  const serviceKey = process.env.SUPABASE_SERVICE_ROLE_KEY || (isLocal(url) ? LOCAL_SERVICE_ROLE_KEY : '');
  if (!serviceKey) {
    console.error(`SUPABASE_SERVICE_ROLE_KEY is not set: it is needed to write to ${url} (Project Settings → API → service_role).`);
    return 1;
  }
  try {
    await fetch(`${url}/rest/v1/`, { headers: { apikey: serviceKey }, signal: AbortSignal.timeout(10_000) });
  } catch {
    console.error(`No answer from ${url}.${isLocal(url) ? ' Start the local stand-in first: npm run backend' : ''}`);
    return 1;
  }
  const dryRun = argv.includes('--dry-run');
  console.log(`${dryRun ? 'Dry run against' : 'Backfilling'} ${url}${isLocal(url) ? ' (the local stand-in)' : ''}; WebP widths ${VARIANT_WIDTHS.join(', ')}, nothing is deleted.`);
  await backfill({ url, serviceKey, dryRun });
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
