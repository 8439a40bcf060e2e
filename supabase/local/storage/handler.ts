// /storage/v1: the part of Supabase's storage API that storage-js uses — buckets, upload and
// update (raw body or multipart), list, remove, info and download — with metadata in
// storage.buckets / storage.objects. Object rows are read and written under the caller's role,
// so the storage.objects row-level-security policies decide; bytes go to disk or memory.
import { createHash, randomUUID } from 'node:crypto';
import { rmdir } from 'node:fs/promises';
import { resolve, sep } from 'node:path';
import type { Claims, Tx } from '../db.ts';
import type { Handler, ServerContext } from '../context.ts';
import { header, resolveClaims, type LocalRequest, type LocalResponse } from '../http.ts';
import { deleteBytes, getBytes, putBytes } from './blobs.ts';
import { fromDatabase, StorageError, storageErrors } from './errors.ts';
import { parseMultipart } from './multipart.ts';
import { decodePath, validBucketId, validKey } from './names.ts';
import { baseMime, describeNonImage, mimeAllowed, sniffImage } from './sniff.ts';

/** The project-wide upload limit (supabase/config.toml [storage] file_size_limit). */
export const GLOBAL_FILE_SIZE_LIMIT = 10 * 1024 * 1024;
const MAX_LIST_LIMIT = 1000;
const MAX_DELETE_PREFIXES = 1000;

const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8' };
const ok = (body: unknown): LocalResponse => ({ status: 200, headers: { ...JSON_HEADERS }, body });

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface BucketRow {
  id: string;
  name: string;
  owner: string | null;
  public: boolean;
  type: string;
  file_size_limit: number | null;
  allowed_mime_types: string[] | null;
  created_at: Date;
  updated_at: Date;
}

interface ObjectMetadata {
  eTag?: string;
  size?: number;
  mimetype?: string;
  cacheControl?: string;
  lastModified?: string;
  contentLength?: number;
  httpStatusCode?: number;
}

interface ObjectRow {
  id: string;
  bucket_id: string;
  name: string;
  owner: string | null;
  owner_id: string | null;
  created_at: Date;
  updated_at: Date;
  last_accessed_at: Date;
  metadata: ObjectMetadata | null;
  version: string | null;
  user_metadata: Record<string, unknown> | null;
}

const OBJECT_COLUMNS =
  'id, bucket_id, name, owner, owner_id, created_at, updated_at, last_accessed_at, metadata, version, user_metadata';
const BUCKET_COLUMNS = 'id, name, owner, public, type, file_size_limit, allowed_mime_types, created_at, updated_at';

// ---------------------------------------------------------------------------------------------
// request helpers
// ---------------------------------------------------------------------------------------------

/** The caller's claims; a bad token is refused the way storage-api refuses it. */
function callerClaims(req: LocalRequest, ctx: ServerContext): Claims {
  const result = resolveClaims(req, ctx.jwtSecret);
  if (result.ok) return result.claims;
  const message =
    result.reason === 'expired'
      ? 'jwt expired'
      : result.reason === 'signature'
        ? 'invalid signature'
        : result.reason === 'malformed'
          ? 'jwt malformed'
          : result.message;
  throw storageErrors.invalidJwt(message);
}

function jsonBody(req: LocalRequest): Record<string, unknown> {
  const text = req.body.toString('utf8').trim();
  if (!text) return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw storageErrors.invalidRequest('Body is not valid JSON');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw storageErrors.invalidRequest('Body must be a JSON object');
  }
  return value as Record<string, unknown>;
}

/** Runs `fn` under the caller's role; refusals by the database become storage-api errors. */
async function underRole<T>(ctx: ServerContext, claims: Claims, fn: (tx: Tx) => Promise<T>): Promise<T> {
  try {
    return await ctx.db.asRole(claims, fn);
  } catch (error) {
    if (error instanceof StorageError) throw error;
    return fromDatabase(error);
  }
}

const ownerOf = (claims: Claims) => ({
  owner: typeof claims.sub === 'string' && UUID.test(claims.sub) ? claims.sub : null,
  ownerId: typeof claims.sub === 'string' && claims.sub ? claims.sub : null,
});

// ---------------------------------------------------------------------------------------------
// buckets
// ---------------------------------------------------------------------------------------------

function parseSizeLimit(value: unknown): number | null {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value === 'number' && Number.isFinite(value) && value >= 0) return Math.floor(value);
  if (typeof value === 'string') {
    const match = value.trim().match(/^(\d+(?:\.\d+)?)\s*(b|kb|mb|gb|kib|mib|gib)?$/i);
    if (match) {
      const units: Record<string, number> = { b: 1, kb: 1e3, mb: 1e6, gb: 1e9, kib: 1024, mib: 1024 ** 2, gib: 1024 ** 3 };
      return Math.floor(Number(match[1]) * units[(match[2] ?? 'b').toLowerCase()]);
    }
  }
  throw storageErrors.invalidRequest('Invalid file size format, hint: use 20GB / 20MB / 30KB / 3B');
}

function parseMimeList(value: unknown): string[] | null {
  if (value === undefined || value === null) return null;
  if (!Array.isArray(value) || value.some((v) => typeof v !== 'string' || !/^[\w.+-]+\/[\w.+*-]+$/.test(v))) {
    throw storageErrors.invalidRequest('Invalid allowed_mime_types');
  }
  return value.length ? (value as string[]) : null;
}

async function listBuckets(req: LocalRequest, ctx: ServerContext): Promise<LocalResponse> {
  const claims = callerClaims(req, ctx);
  const q = req.url.searchParams;
  const column = q.get('sortColumn') ?? 'name';
  if (!['id', 'name', 'created_at', 'updated_at'].includes(column)) throw storageErrors.invalidParameter('Invalid sortColumn');
  const order = (q.get('sortOrder') ?? 'asc').toLowerCase();
  if (order !== 'asc' && order !== 'desc') throw storageErrors.invalidParameter('Invalid sortOrder');
  const limit = q.has('limit') ? Number(q.get('limit')) : null;
  const offset = q.has('offset') ? Number(q.get('offset')) : 0;
  if ((limit !== null && !(Number.isInteger(limit) && limit >= 0)) || !(Number.isInteger(offset) && offset >= 0)) {
    throw storageErrors.invalidParameter('Invalid limit or offset');
  }
  const search = q.get('search') ?? '';
  const rows = await underRole(ctx, claims, async (tx) => {
    const { rows } = await tx.query<BucketRow>(
      `select ${BUCKET_COLUMNS} from storage.buckets
        where ($1 = '' or name ilike '%' || $1 || '%')
        order by ${column} ${order} limit $2 offset $3`,
      [search, limit, offset],
    );
    return rows;
  });
  return ok(rows);
}

async function getBucket(req: LocalRequest, ctx: ServerContext, bucketId: string): Promise<LocalResponse> {
  const claims = callerClaims(req, ctx);
  const row = await underRole(ctx, claims, async (tx) => {
    const { rows } = await tx.query<BucketRow>(`select ${BUCKET_COLUMNS} from storage.buckets where id = $1`, [bucketId]);
    return rows[0];
  });
  if (!row) throw storageErrors.noSuchBucket();
  return ok(row);
}

async function createBucket(req: LocalRequest, ctx: ServerContext): Promise<LocalResponse> {
  const claims = callerClaims(req, ctx);
  const body = jsonBody(req);
  const name = typeof body.name === 'string' ? body.name : typeof body.id === 'string' ? body.id : '';
  const id = typeof body.id === 'string' ? body.id : name;
  validBucketId(id);
  validBucketId(name);
  const limit = parseSizeLimit(body.file_size_limit);
  const mimes = parseMimeList(body.allowed_mime_types);
  try {
    await underRole(ctx, claims, (tx) =>
      tx.query(
        `insert into storage.buckets (id, name, owner, owner_id, public, file_size_limit, allowed_mime_types)
         values ($1, $2, $3, $4, $5, $6, $7)`,
        [id, name, ownerOf(claims).owner, ownerOf(claims).ownerId, body.public === true, limit, mimes],
      ),
    );
  } catch (error) {
    if (error instanceof StorageError && error.statusCode === '409') {
      throw new StorageError('409', 'BucketAlreadyExists', 'Duplicate', 'The resource already exists');
    }
    throw error;
  }
  return ok({ name });
}

async function updateBucket(req: LocalRequest, ctx: ServerContext, bucketId: string): Promise<LocalResponse> {
  const claims = callerClaims(req, ctx);
  const body = jsonBody(req);
  const sets: string[] = [];
  const params: unknown[] = [bucketId];
  if (body.public !== undefined) {
    params.push(body.public === true);
    sets.push(`public = $${params.length}`);
  }
  if (body.file_size_limit !== undefined) {
    params.push(parseSizeLimit(body.file_size_limit));
    sets.push(`file_size_limit = $${params.length}`);
  }
  if (body.allowed_mime_types !== undefined) {
    params.push(parseMimeList(body.allowed_mime_types));
    sets.push(`allowed_mime_types = $${params.length}`);
  }
  sets.push('updated_at = now()');
  const updated = await underRole(ctx, claims, async (tx) => {
    const { rows } = await tx.query<{ id: string }>(
      `update storage.buckets set ${sets.join(', ')} where id = $1 returning id`,
      params,
    );
    return rows.length;
  });
  if (!updated) throw storageErrors.noSuchBucket();
  return ok({ message: 'Successfully updated' });
}

async function deleteBucket(req: LocalRequest, ctx: ServerContext, bucketId: string): Promise<LocalResponse> {
  const claims = callerClaims(req, ctx);
  const deleted = await underRole(ctx, claims, async (tx) => {
    const { rows: objects } = await tx.query<{ n: number }>(
      `select count(*)::int as n from storage.objects where bucket_id = $1`,
      [bucketId],
    );
    if (objects[0].n > 0) throw storageErrors.bucketNotEmpty();
    const { rows } = await tx.query<{ id: string }>(`delete from storage.buckets where id = $1 returning id`, [bucketId]);
    return rows.length;
  });
  if (!deleted) throw storageErrors.noSuchBucket();
  if (ctx.storageDir) {
    const base = resolve(ctx.storageDir);
    const dir = resolve(base, bucketId);
    if (dir.startsWith(base + sep)) await rmdir(dir).catch(() => undefined);
  }
  return ok({ message: 'Successfully deleted' });
}

async function emptyBucket(req: LocalRequest, ctx: ServerContext, bucketId: string): Promise<LocalResponse> {
  const claims = callerClaims(req, ctx);
  const names = await underRole(ctx, claims, async (tx) => {
    const { rows: buckets } = await tx.query(`select id from storage.buckets where id = $1`, [bucketId]);
    if (!buckets.length) throw storageErrors.noSuchBucket();
    const { rows } = await tx.query<{ name: string }>(
      `delete from storage.objects where bucket_id = $1 returning name`,
      [bucketId],
    );
    return rows.map((r) => r.name);
  });
  for (const name of names) await deleteBytes(ctx, bucketId, name);
  return ok({ message: 'Successfully emptied' });
}

// ---------------------------------------------------------------------------------------------
// objects: upload
// ---------------------------------------------------------------------------------------------

interface Upload {
  bytes: Buffer;
  mimetype: string;
  cacheControl: string;
  userMetadata: Record<string, unknown> | null;
}

function parseUserMetadata(text: string): Record<string, unknown> {
  try {
    const value = JSON.parse(text);
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // fall through
  }
  throw storageErrors.invalidRequest('Invalid metadata');
}

function cacheControlOf(value: string | null | undefined): string {
  const text = value?.trim();
  if (!text) return 'no-cache';
  return /^\d+$/.test(text) ? `max-age=${text}` : text;
}

function readUpload(req: LocalRequest): Upload {
  const contentType = header(req, 'content-type') ?? '';
  if (/^multipart\/form-data/i.test(contentType)) {
    const parts = parseMultipart(req.body, contentType);
    const file = parts.find((p) => p.filename !== null) ?? parts.find((p) => p.name === '');
    if (!file) throw storageErrors.invalidRequest('No content provided');
    const field = (name: string) => parts.find((p) => p.name === name && p !== file)?.data.toString('utf8');
    const metadata = field('metadata');
    return {
      bytes: Buffer.from(file.data),
      mimetype: file.contentType || field('contentType') || 'application/octet-stream',
      cacheControl: cacheControlOf(field('cacheControl')),
      userMetadata: metadata ? parseUserMetadata(metadata) : null,
    };
  }
  const encoded = header(req, 'x-metadata');
  let userMetadata: Record<string, unknown> | null = null;
  if (encoded) userMetadata = parseUserMetadata(Buffer.from(encoded, 'base64').toString('utf8'));
  return {
    bytes: req.body,
    mimetype: contentType || 'application/octet-stream',
    cacheControl: cacheControlOf(header(req, 'cache-control')),
    userMetadata,
  };
}

// Both end up as response headers on download, so they must be plain header values.
const MIME_SHAPE = /^[\w.+-]+\/[\w.+-]+(\s*;\s*[\w.+-]+=("[\x20-\x21\x23-\x7e]*"|[\w.+-]+))*\s*$/;
const HEADER_SAFE = /^[\x20-\x7e]{0,200}$/;

/** Applies the bucket's size and type rules; returns the content type to store. */
function checkAgainstBucket(bucket: BucketRow, upload: Upload): string {
  if (!MIME_SHAPE.test(upload.mimetype) || upload.mimetype.length > 200) {
    throw storageErrors.invalidMime(upload.mimetype.replace(/[^\x20-\x7e]/g, '?').slice(0, 200));
  }
  if (!HEADER_SAFE.test(upload.cacheControl)) throw storageErrors.invalidRequest('Invalid cache-control value');
  const limit = Math.min(bucket.file_size_limit ?? GLOBAL_FILE_SIZE_LIMIT, GLOBAL_FILE_SIZE_LIMIT);
  if (upload.bytes.length > limit) throw storageErrors.tooLarge();
  const allowed = bucket.allowed_mime_types ?? [];
  const declared = baseMime(upload.mimetype);
  if (allowed.length && !mimeAllowed(declared, allowed)) throw storageErrors.invalidMime(upload.mimetype);
  const imageOnly = allowed.length > 0 && allowed.every((m) => baseMime(m).startsWith('image/'));
  if (!imageOnly) return upload.mimetype;
  // an image-only bucket takes only bytes that really are an image of an allowed type
  const actual = sniffImage(upload.bytes);
  if (!actual) throw storageErrors.invalidMime(describeNonImage(upload.bytes));
  if (!mimeAllowed(actual, allowed)) throw storageErrors.invalidMime(actual);
  // SVG is a document that can carry scripts: only where the bucket names it, never by wildcard
  if (actual === 'image/svg+xml' && !allowed.some((m) => baseMime(m) === 'image/svg+xml')) {
    throw storageErrors.invalidMime(actual);
  }
  return actual === declared ? upload.mimetype : actual;
}

async function uploadObject(
  req: LocalRequest,
  ctx: ServerContext,
  bucketId: string,
  name: string,
  upsert: boolean,
): Promise<LocalResponse> {
  const claims = callerClaims(req, ctx);
  validKey(name);
  const bucket = await ctx.db.asSystem(async (tx) => {
    const { rows } = await tx.query<BucketRow>(`select ${BUCKET_COLUMNS} from storage.buckets where id = $1`, [bucketId]);
    return rows[0];
  });
  if (!bucket) throw storageErrors.noSuchBucket();
  const upload = readUpload(req);
  const mimetype = checkAgainstBucket(bucket, upload);
  const size = upload.bytes.length;
  const metadata: ObjectMetadata = {
    eTag: `"${createHash('md5').update(upload.bytes).digest('hex')}"`,
    size,
    mimetype,
    cacheControl: upload.cacheControl,
    lastModified: new Date().toISOString(),
    contentLength: size,
    httpStatusCode: 200,
  };
  const { owner, ownerId } = ownerOf(claims);
  const params = [randomUUID(), bucket.id, name, owner, ownerId, metadata, upload.userMetadata, randomUUID()];
  const id = await underRole(ctx, claims, async (tx) => {
    let objectId = params[0] as string;
    if (upsert) {
      const { rows } = await tx.query<{ id: string }>(
        `insert into storage.objects (id, bucket_id, name, owner, owner_id, metadata, user_metadata, version)
         values ($1, $2, $3, $4, $5, $6, $7, $8)
         on conflict (bucket_id, name) do update
           set owner = excluded.owner, owner_id = excluded.owner_id, metadata = excluded.metadata,
               user_metadata = excluded.user_metadata, version = excluded.version,
               updated_at = now(), last_accessed_at = now()
         returning id`,
        params,
      );
      objectId = rows[0]?.id ?? objectId;
    } else {
      // no RETURNING: a plain upload needs only the insert policy, as on hosted Supabase
      await tx.query(
        `insert into storage.objects (id, bucket_id, name, owner, owner_id, metadata, user_metadata, version)
         values ($1, $2, $3, $4, $5, $6, $7, $8)`,
        params,
      );
    }
    // the row is accepted; store the bytes before the transaction commits, so a failed write
    // leaves no row behind
    await putBytes(ctx, bucket.id, name, upload.bytes);
    return objectId;
  });
  return ok({ Id: id, Key: `${bucket.id}/${name}` });
}

// ---------------------------------------------------------------------------------------------
// objects: list, remove, info, download
// ---------------------------------------------------------------------------------------------

const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

async function listObjects(req: LocalRequest, ctx: ServerContext, bucketId: string): Promise<LocalResponse> {
  const claims = callerClaims(req, ctx);
  const body = jsonBody(req);
  const rawPrefix = body.prefix === undefined || body.prefix === null ? '' : body.prefix;
  if (typeof rawPrefix !== 'string') throw storageErrors.invalidParameter('prefix must be a string');
  let prefix = rawPrefix;
  if (prefix.length > 0 && !prefix.endsWith('/')) prefix = `${prefix}/`; // a prefix is always a folder
  const search = typeof body.search === 'string' ? body.search : '';
  const limit = body.limit === undefined ? 100 : Number(body.limit);
  const offset = body.offset === undefined ? 0 : Number(body.offset);
  if (!Number.isInteger(limit) || limit < 1 || !Number.isInteger(offset) || offset < 0) {
    throw storageErrors.invalidParameter('Invalid limit or offset');
  }
  const sortBy = (typeof body.sortBy === 'object' && body.sortBy !== null ? body.sortBy : {}) as Record<string, unknown>;
  const column = typeof sortBy.column === 'string' ? sortBy.column : 'name';
  const order = typeof sortBy.order === 'string' ? sortBy.order.toLowerCase() : 'asc';
  if (!['name', 'updated_at', 'created_at', 'last_accessed_at'].includes(column)) {
    throw storageErrors.invalidParameter('Invalid sortBy column');
  }
  if (order !== 'asc' && order !== 'desc') throw storageErrors.invalidParameter('Invalid sortBy order');
  const levels = prefix.split('/').length;
  const pattern = `${likeEscape(prefix + search)}%`;
  const rows = await underRole(ctx, claims, async (tx) => {
    const { rows } = await tx.query(
      `with matched as (
         select name, id, updated_at, created_at, last_accessed_at, metadata, path_tokens
           from storage.objects
          where bucket_id = $1 and name ilike $2 escape '\\'
       )
       select * from (
         select path_tokens[$3] as name, null::uuid as id, null::timestamptz as updated_at,
                null::timestamptz as created_at, null::timestamptz as last_accessed_at, null::jsonb as metadata
           from matched where array_length(path_tokens, 1) > $3
          group by path_tokens[$3]
         union all
         select path_tokens[$3] as name, id, updated_at, created_at, last_accessed_at, metadata
           from matched where array_length(path_tokens, 1) = $3
       ) entries
       order by ${column} ${order}${column === 'name' ? '' : ', name asc'}
       limit $4 offset $5`,
      [bucketId, pattern, levels, Math.min(limit, MAX_LIST_LIMIT), offset],
    );
    return rows;
  });
  return ok(rows);
}

async function removeObjects(req: LocalRequest, ctx: ServerContext, bucketId: string): Promise<LocalResponse> {
  const claims = callerClaims(req, ctx);
  const body = jsonBody(req);
  const prefixes = body.prefixes;
  if (!Array.isArray(prefixes) || prefixes.length === 0 || prefixes.some((p) => typeof p !== 'string')) {
    throw storageErrors.invalidParameter('prefixes must be a non-empty array of strings');
  }
  if (prefixes.length > MAX_DELETE_PREFIXES) throw storageErrors.invalidParameter('Too many prefixes');
  const rows = await underRole(ctx, claims, async (tx) => {
    const { rows } = await tx.query<ObjectRow>(
      `delete from storage.objects where bucket_id = $1 and name = any($2::text[]) returning ${OBJECT_COLUMNS}`,
      [bucketId, prefixes],
    );
    return rows;
  });
  for (const row of rows) await deleteBytes(ctx, bucketId, row.name);
  return ok(rows);
}

async function removeObject(req: LocalRequest, ctx: ServerContext, bucketId: string, name: string): Promise<LocalResponse> {
  const claims = callerClaims(req, ctx);
  validKey(name);
  const rows = await underRole(ctx, claims, async (tx) => {
    const { rows } = await tx.query<{ name: string }>(
      `delete from storage.objects where bucket_id = $1 and name = $2 returning name`,
      [bucketId, name],
    );
    return rows;
  });
  if (!rows.length) throw storageErrors.noSuchKey();
  await deleteBytes(ctx, bucketId, name);
  return ok({ message: 'Successfully deleted' });
}

type Access = 'public' | 'authenticated';

/**
 * The object row for a read. Public reads are answered as storage-api answers them: for a public
 * bucket, without asking the policies; everything else is read under the caller's role.
 */
async function findObject(
  req: LocalRequest,
  ctx: ServerContext,
  access: Access,
  bucketId: string,
  name: string,
): Promise<ObjectRow> {
  validKey(name);
  if (access === 'public') {
    const found = await ctx.db.asSystem(async (tx) => {
      const { rows: buckets } = await tx.query(`select id from storage.buckets where id = $1 and public = true`, [bucketId]);
      if (!buckets.length) return { bucket: false as const };
      const { rows } = await tx.query<ObjectRow>(
        `select ${OBJECT_COLUMNS} from storage.objects where bucket_id = $1 and name = $2`,
        [bucketId, name],
      );
      return { bucket: true as const, row: rows[0] };
    });
    if (!found.bucket) throw storageErrors.noSuchBucket();
    if (!found.row) throw storageErrors.noSuchKey();
    return found.row;
  }
  const claims = callerClaims(req, ctx);
  const row = await underRole(ctx, claims, async (tx) => {
    const { rows } = await tx.query<ObjectRow>(
      `select ${OBJECT_COLUMNS} from storage.objects where bucket_id = $1 and name = $2`,
      [bucketId, name],
    );
    return rows[0];
  });
  if (!row) throw storageErrors.noSuchKey();
  return row;
}

function contentDisposition(download: string, name: string): string {
  const filename = download || name.split('/').pop() || 'download';
  const ascii = filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

async function downloadObject(
  req: LocalRequest,
  ctx: ServerContext,
  access: Access,
  bucketId: string,
  name: string,
): Promise<LocalResponse> {
  const row = await findObject(req, ctx, access, bucketId, name);
  const bytes = await getBytes(ctx, bucketId, row.name);
  if (!bytes) throw storageErrors.noSuchKey();
  const meta = row.metadata ?? {};
  const etag = meta.eTag ?? `"${createHash('md5').update(bytes).digest('hex')}"`;
  const headers: Record<string, string> = {
    'content-type': meta.mimetype ?? 'application/octet-stream',
    'cache-control': meta.cacheControl ?? 'no-cache',
    etag,
    'last-modified': new Date(row.updated_at ?? meta.lastModified ?? Date.now()).toUTCString(),
  };
  if (req.url.searchParams.has('download')) {
    headers['content-disposition'] = contentDisposition(req.url.searchParams.get('download') ?? '', row.name);
  }
  const ifNoneMatch = header(req, 'if-none-match');
  if (ifNoneMatch && ifNoneMatch.split(',').some((t) => t.trim() === etag || t.trim() === '*')) {
    return { status: 304, headers };
  }
  return { status: 200, headers, body: bytes };
}

async function objectInfo(
  req: LocalRequest,
  ctx: ServerContext,
  access: Access,
  bucketId: string,
  name: string,
): Promise<LocalResponse> {
  const row = await findObject(req, ctx, access, bucketId, name);
  const meta = row.metadata ?? {};
  return ok({
    id: row.id,
    name: row.name,
    version: row.version,
    bucket_id: row.bucket_id,
    size: meta.size ?? null,
    content_type: meta.mimetype ?? null,
    cache_control: meta.cacheControl ?? null,
    etag: meta.eTag ?? null,
    metadata: row.user_metadata ?? {},
    last_modified: row.updated_at,
    created_at: row.created_at,
  });
}

// ---------------------------------------------------------------------------------------------
// objects: move and copy
// ---------------------------------------------------------------------------------------------

function moveParams(req: LocalRequest) {
  const body = jsonBody(req);
  const str = (key: string) => (typeof body[key] === 'string' ? (body[key] as string) : '');
  const bucketId = str('bucketId');
  const source = str('sourceKey');
  const destination = str('destinationKey');
  if (!bucketId || !source || !destination) {
    throw storageErrors.invalidParameter('bucketId, sourceKey and destinationKey are required');
  }
  return { bucketId, source: validKey(source), destination: validKey(destination), toBucket: str('destinationBucket') || bucketId };
}

async function moveObject(req: LocalRequest, ctx: ServerContext): Promise<LocalResponse> {
  const claims = callerClaims(req, ctx);
  const { bucketId, source, destination, toBucket } = moveParams(req);
  await underRole(ctx, claims, async (tx) => {
    const { rows } = await tx.query<{ id: string }>(
      `update storage.objects set bucket_id = $3, name = $4, updated_at = now()
        where bucket_id = $1 and name = $2 returning id`,
      [bucketId, source, toBucket, destination],
    );
    if (!rows.length) throw storageErrors.noSuchKey();
    const bytes = await getBytes(ctx, bucketId, source);
    if (!bytes) throw storageErrors.noSuchKey();
    await putBytes(ctx, toBucket, destination, bytes);
  });
  if (bucketId !== toBucket || source !== destination) await deleteBytes(ctx, bucketId, source);
  return ok({ message: 'Successfully moved' });
}

async function copyObject(req: LocalRequest, ctx: ServerContext): Promise<LocalResponse> {
  const claims = callerClaims(req, ctx);
  const { bucketId, source, destination, toBucket } = moveParams(req);
  const { owner, ownerId } = ownerOf(claims);
  const id = randomUUID();
  await underRole(ctx, claims, async (tx) => {
    const { rows } = await tx.query<{ id: string }>(
      `select id from storage.objects where bucket_id = $1 and name = $2`,
      [bucketId, source],
    );
    if (!rows.length) throw storageErrors.noSuchKey();
    await tx.query(
      `insert into storage.objects (id, bucket_id, name, owner, owner_id, metadata, user_metadata, version)
       select $3, $4, $5, $6, $7, metadata, user_metadata, $8 from storage.objects where bucket_id = $1 and name = $2`,
      [bucketId, source, id, toBucket, destination, owner, ownerId, randomUUID()],
    );
    const bytes = await getBytes(ctx, bucketId, source);
    if (!bytes) throw storageErrors.noSuchKey();
    await putBytes(ctx, toBucket, destination, bytes);
  });
  return ok({ Id: id, Key: `${toBucket}/${destination}` });
}

// ---------------------------------------------------------------------------------------------
// routing
// ---------------------------------------------------------------------------------------------

/** `bucket` and the decoded object name from the raw path segments after a route prefix. */
function bucketAndName(segments: string[]): { bucket: string; name: string } {
  const [rawBucket, ...rest] = segments;
  const bucket = decodePath(rawBucket ?? '');
  if (!bucket) throw storageErrors.noSuchBucket();
  return { bucket, name: decodePath(rest.join('/')) };
}

async function route(req: LocalRequest, ctx: ServerContext): Promise<LocalResponse> {
  // req.path is still percent-encoded, so an encoded `/` or `..` stays inside one segment here
  const segments = req.path.split('/').slice(1);
  const [area, ...rest] = segments;
  const method = req.method;

  if (area === 'bucket') {
    if (rest.length === 0 || (rest.length === 1 && rest[0] === '')) {
      if (method === 'GET') return listBuckets(req, ctx);
      if (method === 'POST') return createBucket(req, ctx);
      throw storageErrors.methodNotAllowed();
    }
    const bucketId = decodePath(rest[0]);
    if (rest.length === 1) {
      if (method === 'GET') return getBucket(req, ctx, bucketId);
      if (method === 'PUT') return updateBucket(req, ctx, bucketId);
      if (method === 'DELETE') return deleteBucket(req, ctx, bucketId);
      throw storageErrors.methodNotAllowed();
    }
    if (rest.length === 2 && rest[1] === 'empty' && method === 'POST') return emptyBucket(req, ctx, bucketId);
    throw storageErrors.notFound();
  }

  if (area === 'object') {
    const [first, ...more] = rest;
    if ((first === 'move' || first === 'copy') && more.length === 0 && method === 'POST') {
      return first === 'move' ? moveObject(req, ctx) : copyObject(req, ctx);
    }
    if (first === 'list' && more.length === 1 && method === 'POST') {
      return listObjects(req, ctx, decodePath(more[0]));
    }
    if ((first === 'public' || first === 'authenticated') && more.length >= 2 && method === 'GET') {
      const { bucket, name } = bucketAndName(more);
      return downloadObject(req, ctx, first, bucket, name);
    }
    if (first === 'info' && method === 'GET') {
      const access: Access = more[0] === 'public' ? 'public' : 'authenticated';
      const tail = more[0] === 'public' || more[0] === 'authenticated' ? more.slice(1) : more;
      if (tail.length < 2) throw storageErrors.notFound();
      const { bucket, name } = bucketAndName(tail);
      return objectInfo(req, ctx, access, bucket, name);
    }
    if (first !== undefined && first !== '' && more.length === 0) {
      if (method === 'DELETE') return removeObjects(req, ctx, decodePath(first));
      if (method === 'POST' || method === 'PUT') throw storageErrors.invalidKey('');
      throw storageErrors.notFound();
    }
    if (first !== undefined && more.length >= 1) {
      const { bucket, name } = bucketAndName(rest);
      switch (method) {
        case 'GET':
          return downloadObject(req, ctx, 'authenticated', bucket, name);
        case 'POST':
          return uploadObject(req, ctx, bucket, name, /^true$/i.test(header(req, 'x-upsert') ?? ''));
        case 'PUT':
          return uploadObject(req, ctx, bucket, name, true);
        case 'DELETE':
          return removeObject(req, ctx, bucket, name);
        default:
          throw storageErrors.methodNotAllowed();
      }
    }
  }

  if (area === 'health' || area === 'status') return ok({ healthy: true });
  throw storageErrors.notFound();
}

export const handleStorage: Handler = async (req, ctx) => {
  try {
    return await route(req, ctx);
  } catch (error) {
    if (error instanceof StorageError) return error.toResponse();
    throw error;
  }
};
