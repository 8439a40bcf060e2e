import { describe, expect, it } from 'vitest';
import { formatBytes, hasTransparency, phoneCopyOf, planVariants } from '@/admin/kit/media/image-variants';
import { storedSizeText, type UploadedImage } from '@/admin/kit/media/upload';
import { buildObjectBase, variantObjects } from '@/admin/kit/media/upload-rules';

const blob = (size: number, type = 'image/webp') => new Blob([new Uint8Array(size)], { type });

describe('the sizes made of a picture', () => {
  it('a phone photo: a 1600 px fallback and copies at every width up to it', () => {
    expect(planVariants(4032, 3024)).toEqual({
      fallback: { width: 1600, height: 1200 },
      copies: [
        { width: 240, height: 180 },
        { width: 480, height: 360 },
        { width: 720, height: 540 },
        { width: 1080, height: 810 },
        { width: 1600, height: 1200 },
      ],
    });
  });

  it('a portrait photo (EXIF-rotated) keeps its shape', () => {
    expect(planVariants(3024, 4032).fallback).toEqual({ width: 1600, height: 2133 });
  });

  it('a small logo is never scaled up: one copy at its own width', () => {
    expect(planVariants(300, 200)).toEqual({ fallback: { width: 300, height: 200 }, copies: [{ width: 240, height: 160 }, { width: 300, height: 200 }] });
  });

  it('a picture between two widths gets the narrower ones and its own', () => {
    expect(planVariants(1000, 500).copies.map((c) => c.width)).toEqual([240, 480, 720, 1000]);
  });
});

describe('transparency', () => {
  it('is any alpha below 255', () => {
    expect(hasTransparency(new Uint8Array([1, 2, 3, 255, 4, 5, 6, 255]))).toBe(false);
    expect(hasTransparency(new Uint8Array([1, 2, 3, 255, 4, 5, 6, 254]))).toBe(true);
    expect(hasTransparency(new Uint8ClampedArray(0))).toBe(false);
  });
});

describe('byte sizes', () => {
  it('bytes, kilobytes and megabytes with a decimal comma', () => {
    expect(formatBytes(812)).toBe('812 B');
    expect(formatBytes(318 * 1024)).toBe('318 KB');
    expect(formatBytes(5.4 * 1024 * 1024)).toBe('5,4 MB');
    expect(formatBytes(1024 * 1024 - 1)).toBe('1 MB');
    expect(formatBytes(12.4 * 1024 * 1024)).toBe('12 MB');
  });

  it('the copy a phone loads is the narrowest at least 720 wide, else the widest', () => {
    expect(phoneCopyOf([{ width: 1600 }, { width: 480 }, { width: 720 }, { width: 1080 }])).toEqual({ width: 720 });
    expect(phoneCopyOf([{ width: 480 }, { width: 800 }])).toEqual({ width: 800 });
    expect(phoneCopyOf([{ width: 480 }, { width: 640 }])).toEqual({ width: 640 });
    expect(phoneCopyOf([])).toBeNull();
  });
});

describe('object names of one picture', () => {
  it('a base without an extension, random first or timestamp first', () => {
    expect(buildObjectBase({ folder: '/projects/', now: 1732000000000, random: 'k3j9x' })).toBe('projects/k3j9x-1732000000000');
    expect(buildObjectBase({ order: 'timestamp-first', now: 7, random: 'q' })).toBe('7-q');
  });

  it('the WebP copies first, the fallback (the row’s URL) last, every one cached for a year', () => {
    const objects = variantObjects('projects/k3j9x-1732000000000', {
      fallback: { blob: blob(300, 'image/jpeg'), type: 'jpg', width: 1600, height: 1200 },
      copies: [240, 480, 720, 1080, 1600].map((width) => ({ width, height: (width * 3) / 4, blob: blob(width) })),
    });
    expect(objects.map((o) => [o.path, o.contentType, o.width])).toEqual([
      ['projects/k3j9x-1732000000000.1600x1200.w240.webp', 'image/webp', 240],
      ['projects/k3j9x-1732000000000.1600x1200.w480.webp', 'image/webp', 480],
      ['projects/k3j9x-1732000000000.1600x1200.w720.webp', 'image/webp', 720],
      ['projects/k3j9x-1732000000000.1600x1200.w1080.webp', 'image/webp', 1080],
      ['projects/k3j9x-1732000000000.1600x1200.w1600.webp', 'image/webp', 1600],
      ['projects/k3j9x-1732000000000.1600x1200.jpg', 'image/jpeg', 1600],
    ]);
    expect(new Set(objects.map((o) => o.cacheControl))).toEqual(new Set(['31536000']));
  });

  it('a transparent picture has a PNG fallback', () => {
    const objects = variantObjects('clients/r-5', {
      fallback: { blob: blob(30, 'image/png'), type: 'png', width: 300, height: 200 },
      copies: [240, 300].map((width) => ({ width, height: (width * 2) / 3, blob: blob(20) })),
    });
    expect(objects.map((o) => [o.path, o.contentType])).toEqual([
      ['clients/r-5.300x200.w240.webp', 'image/webp'],
      ['clients/r-5.300x200.w300.webp', 'image/webp'],
      ['clients/r-5.300x200.png', 'image/png'],
    ]);
  });

  it('without WebP copies the fallback gets a plain name, which no page takes for a responsive image', () => {
    const objects = variantObjects('blog/r-5', { fallback: { blob: blob(30, 'image/jpeg'), type: 'jpg', width: 1600, height: 1200 }, copies: [] });
    expect(objects.map((o) => o.path)).toEqual(['blog/r-5.jpg']);
  });

  it('refuses copies that do not follow the rule', () => {
    expect(() =>
      variantObjects('blog/r-5', {
        fallback: { blob: blob(30, 'image/jpeg'), type: 'jpg', width: 1600, height: 1200 },
        copies: [{ width: 640, height: 480, blob: blob(1) }],
      }),
    ).toThrow(/do not follow the rule/);
  });
});

describe('the size line after an upload', () => {
  const image = (over: Partial<UploadedImage>): UploadedImage => ({ path: 'p', publicUrl: 'u', objects: [], originalBytes: 5.4 * 1024 * 1024, storedBytes: 0, ...over });
  const webp = (width: number, kb: number) => ({ path: `x.w${width}.webp`, bytes: kb * 1024, contentType: 'image/webp', width });

  it('the original against the 720 px WebP copy, and the sum of every file', () => {
    const objects = [webp(480, 40), webp(720, 96), webp(1080, 180), webp(1600, 280), { path: 'x.jpg', bytes: 318 * 1024, contentType: 'image/jpeg', width: 1600 }];
    expect(storedSizeText(image({ objects, storedBytes: 914 * 1024 }))).toBe(
      'Размер: 5,4 MB → 96 KB (копието WebP 720 px, което зареждат телефоните). Общо 5 файла: 914 KB.',
    );
  });

  it('a GIF and an upload the browser could not process say they went up as they were', () => {
    expect(storedSizeText(image({ asIs: 'gif' }))).toMatch(/^Размер: 5,4 MB\. GIF файловете се качват както са/);
    expect(storedSizeText(image({ asIs: 'unsupported' }))).toMatch(/Браузърът не може да направи по-малки копия/);
  });

  it('a fallback without copies names its format and width', () => {
    const objects = [{ path: 'x.jpg', bytes: 410 * 1024, contentType: 'image/jpeg', width: 1600 }];
    expect(storedSizeText(image({ objects }))).toBe('Размер: 5,4 MB → 410 KB (JPEG, 1600 px). Браузърът не може да прави WebP копия.');
  });
});
