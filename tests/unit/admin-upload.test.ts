import { beforeEach, describe, expect, it, vi } from 'vitest';
import { formatMegabytes, planVariants, type ImageVariants } from '@/admin/kit/media/image-variants';
import { VariantError, type VariantMaker } from '@/admin/kit/media/make-variants';
import { uploadImage, type UploadProgress } from '@/admin/kit/media/upload';
import { buildObjectPath, extensionOf, MAX_IMAGE_BYTES, randomString, uploadMessages, validateImageFile } from '@/admin/kit/media/upload-rules';

// Storage as @supabase/storage-js shapes it: what was uploaded and removed, and a way to make a path fail.
const storage = vi.hoisted(() => {
  const state = {
    bucket: { id: 'blog-images', file_size_limit: 10485760 } as { id: string; file_size_limit: number } | null,
    uploads: [] as { bucket: string; path: string; size: number; options: { cacheControl?: string; upsert?: boolean; contentType?: string } }[],
    removed: [] as string[][],
    fails: (_path: string): { message: string; statusCode?: string } | null => null,
  };
  const client = {
    storage: {
      getBucket: async (id: string) => (state.bucket ? { data: { ...state.bucket, id }, error: null } : { data: null, error: { message: 'Bucket not found' } }),
      from: (bucket: string) => ({
        upload: async (path: string, body: Blob, options: { cacheControl?: string; upsert?: boolean; contentType?: string }) => {
          const failure = state.fails(path);
          if (failure) return { data: null, error: failure };
          state.uploads.push({ bucket, path, size: body.size, options });
          return { data: { path }, error: null };
        },
        remove: async (paths: string[]) => {
          state.removed.push([...paths]);
          return { data: [], error: null };
        },
        getPublicUrl: (path: string) => ({ data: { publicUrl: `http://supabase.test/storage/v1/object/public/${bucket}/${path}` } }),
      }),
    },
  };
  return { state, client };
});
vi.mock('@/shared/db/supabase', () => ({ getStorage: async () => storage.client.storage }));

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

/** A variant maker that answers at once with blobs of made-up sizes, reporting as the worker does. */
function fakeMaker(width: number, height: number, options: { type?: 'jpg' | 'png'; webp?: boolean } = {}): VariantMaker & { calls: number } {
  const maker = Object.assign(
    async (_file: Blob, onProgress?: Parameters<VariantMaker>[1]): Promise<ImageVariants> => {
      maker.calls += 1;
      const plan = planVariants(width, height);
      const copies = options.webp === false ? [] : plan.copies;
      const total = copies.length + 1;
      onProgress?.({ step: 'decoded', width, height, done: 0, total });
      let done = 0;
      const made = copies.map((c) => {
        onProgress?.({ step: 'made', done: ++done, total });
        return { ...c, blob: new Blob([new Uint8Array(c.width)], { type: 'image/webp' }) };
      });
      onProgress?.({ step: 'made', done: ++done, total });
      const type = options.type ?? 'jpg';
      return { fallback: { blob: new Blob([new Uint8Array(2000)], { type: `image/${type === 'jpg' ? 'jpeg' : 'png'}` }), type, ...plan.fallback }, copies: made };
    },
    { calls: 0 },
  );
  return maker;
}

const failingMaker = (kind: 'undecodable' | 'unsupported' | 'failed'): VariantMaker => async () => {
  throw new VariantError(kind, 'worker says no');
};

describe('uploading a picture', () => {
  const photo = () => file('IMG_0001.JPG', 'image/jpeg', 5000);

  beforeEach(() => {
    storage.state.bucket = { id: 'blog-images', file_size_limit: 10485760 };
    storage.state.uploads = [];
    storage.state.removed = [];
    storage.state.fails = () => null;
  });

  it('stores the WebP copies and then the fallback under one base, cached for a year, never overwriting', async () => {
    const progress: UploadProgress[] = [];
    const image = await uploadImage(photo(), { folder: 'projects', makeVariants: fakeMaker(4032, 3024), onProgress: (p) => progress.push(p) });

    const paths = storage.state.uploads.map((u) => u.path);
    const base = /^projects\/[a-z0-9]{12}-\d{13}/.exec(paths[0])?.[0];
    expect(base).toBeDefined();
    expect(paths).toEqual([
      `${base}.1600x1200.w240.webp`,
      `${base}.1600x1200.w480.webp`,
      `${base}.1600x1200.w720.webp`,
      `${base}.1600x1200.w1080.webp`,
      `${base}.1600x1200.w1600.webp`,
      `${base}.1600x1200.jpg`,
    ]);
    expect(storage.state.uploads.map((u) => u.options.contentType)).toEqual([...Array(5).fill('image/webp'), 'image/jpeg']);
    for (const { options, bucket } of storage.state.uploads) {
      expect(bucket).toBe('blog-images');
      expect(options).toMatchObject({ cacheControl: '31536000', upsert: false });
    }
    expect(image.path).toBe(`${base}.1600x1200.jpg`);
    expect(image.publicUrl).toBe(`http://supabase.test/storage/v1/object/public/blog-images/${base}.1600x1200.jpg`);
    expect(image.originalBytes).toBe(5000);
    expect(image.storedBytes).toBe(240 + 480 + 720 + 1080 + 1600 + 2000);
    expect(image.objects).toHaveLength(6);
    expect(image.asIs).toBeUndefined();

    // processing (0 of 0 until decoded, then 1..6 of 6), then uploading 0..6 of 6
    expect(progress[0]).toEqual({ phase: 'processing', done: 0, total: 0 });
    expect(progress.filter((p) => p.phase === 'processing').at(-1)).toEqual({ phase: 'processing', done: 6, total: 6 });
    expect(progress.filter((p) => p.phase === 'uploading').map((p) => p.done)).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });

  it('a transparent picture gets a PNG fallback; a small one is not scaled up', async () => {
    const image = await uploadImage(file('logo.png', 'image/png'), { folder: 'clients', makeVariants: fakeMaker(300, 200, { type: 'png' }) });
    expect(storage.state.uploads.map((u) => [u.path.replace(/^clients\/[a-z0-9]{12}-\d{13}/, ''), u.options.contentType])).toEqual([
      ['.300x200.w240.webp', 'image/webp'],
      ['.300x200.w300.webp', 'image/webp'],
      ['.300x200.png', 'image/png'],
    ]);
    expect(image.publicUrl).toMatch(/\.300x200\.png$/);
  });

  it('gallery names put the timestamp first', async () => {
    await uploadImage(photo(), { bucket: 'project-gallery', folder: '', order: 'timestamp-first', makeVariants: fakeMaker(800, 600) });
    expect(storage.state.uploads.map((u) => u.path)).toEqual([
      expect.stringMatching(/^\d{13}-[a-z0-9]{12}\.800x600\.w240\.webp$/),
      expect.stringMatching(/^\d{13}-[a-z0-9]{12}\.800x600\.w480\.webp$/),
      expect.stringMatching(/^\d{13}-[a-z0-9]{12}\.800x600\.w720\.webp$/),
      expect.stringMatching(/^\d{13}-[a-z0-9]{12}\.800x600\.w800\.webp$/),
      expect.stringMatching(/^\d{13}-[a-z0-9]{12}\.800x600\.jpg$/),
    ]);
  });

  it('a GIF goes up as it is (its animation would be lost), as before', async () => {
    const maker = fakeMaker(400, 300);
    const image = await uploadImage(file('anim.gif', 'image/gif', 900), { folder: 'blog', makeVariants: maker });
    expect(maker.calls).toBe(0);
    expect(storage.state.uploads).toEqual([
      { bucket: 'blog-images', path: expect.stringMatching(/^blog\/[a-z0-9]{12}-\d{13}\.gif$/), size: 900, options: { cacheControl: '3600', upsert: false, contentType: 'image/gif' } },
    ]);
    expect(image).toMatchObject({ asIs: 'gif', originalBytes: 900, storedBytes: 900 });
  });

  it('a browser that cannot make variants uploads the file as it is', async () => {
    const image = await uploadImage(photo(), { folder: 'blog', makeVariants: failingMaker('unsupported') });
    expect(storage.state.uploads.map((u) => [u.path, u.options.contentType])).toEqual([[expect.stringMatching(/^blog\/[a-z0-9]{12}-\d{13}\.jpg$/), 'image/jpeg']]);
    expect(image.asIs).toBe('unsupported');
  });

  it('a browser without WebP encoding stores only the fallback, under a plain name', async () => {
    const image = await uploadImage(photo(), { folder: 'blog', makeVariants: fakeMaker(4032, 3024, { webp: false }) });
    expect(storage.state.uploads.map((u) => u.path)).toEqual([expect.stringMatching(/^blog\/[a-z0-9]{12}-\d{13}\.jpg$/)]);
    expect(storage.state.uploads[0].options).toMatchObject({ cacheControl: '31536000', contentType: 'image/jpeg' });
    expect(image.storedBytes).toBe(2000);
  });

  it('a file the browser cannot read says so and uploads nothing', async () => {
    const error = await uploadImage(file('IMG_0001.jpg', 'image/jpeg'), { makeVariants: failingMaker('undecodable') }).catch((e: unknown) => e);
    expect(error).toMatchObject({ title: 'Грешка при качване', message: 'Браузърът не може да прочете това изображение. Запазете го като JPEG или PNG и опитайте отново.' });
    expect(storage.state.uploads).toEqual([]);
  });

  it('a processing failure says the picture could not be processed', async () => {
    const error = await uploadImage(photo(), { makeVariants: failingMaker('failed') }).catch((e: unknown) => e);
    expect(error).toMatchObject({ title: 'Грешка при качване', message: uploadMessages.processingFailed });
    expect(storage.state.uploads).toEqual([]);
  });

  it('a failed copy removes the copies already stored and never stores the fallback', async () => {
    storage.state.fails = (path) => (path.endsWith('.w1080.webp') ? { message: 'Disk full', statusCode: '500' } : null);
    const error = await uploadImage(photo(), { folder: 'blog', makeVariants: fakeMaker(4032, 3024) }).catch((e: unknown) => e);
    expect(error).toMatchObject({ title: 'Грешка при качване', message: 'Disk full' });
    const stored = storage.state.uploads.map((u) => u.path);
    expect(stored.some((p) => p.endsWith('.jpg'))).toBe(false);
    expect(stored).toHaveLength(4);
    expect(storage.state.removed).toEqual([stored]);
  });

  it('a failed fallback removes every copy; a refusal is explained as before', async () => {
    storage.state.fails = (path) => (path.endsWith('.jpg') ? { message: 'new row violates row-level security policy', statusCode: '403' } : null);
    const error = await uploadImage(photo(), { folder: 'blog', makeVariants: fakeMaker(1000, 800) }).catch((e: unknown) => e);
    expect(error).toMatchObject({ message: uploadMessages.permission('blog-images') });
    expect(storage.state.removed).toEqual([storage.state.uploads.map((u) => u.path)]);
    expect(storage.state.removed[0]).toHaveLength(4);
  });

  it('checks the bucket first and refuses an original over the limit before processing', async () => {
    storage.state.bucket = null;
    const maker = fakeMaker(400, 300);
    await expect(uploadImage(photo(), { makeVariants: maker })).rejects.toMatchObject({ message: 'Bucket blog-images does not exist or is not accessible.' });
    storage.state.bucket = { id: 'blog-images', file_size_limit: 4000 };
    await expect(uploadImage(photo(), { makeVariants: maker })).rejects.toMatchObject({ message: expect.stringContaining('надвишава максималния размер') });
    expect(maker.calls).toBe(0);
  });

  it('refuses a processed file the bucket would not take', async () => {
    storage.state.bucket = { id: 'blog-images', file_size_limit: 1500 };
    const error = await uploadImage(file('a.png', 'image/png', 1000), { makeVariants: fakeMaker(1600, 1200) }).catch((e: unknown) => e);
    expect(error).toMatchObject({ message: expect.stringContaining('надвишава максималния размер') });
    expect(storage.state.uploads).toEqual([]);
  });
});
