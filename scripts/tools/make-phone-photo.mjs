// `node scripts/tools/make-phone-photo.mjs [path]`: writes a stand-in for a photo straight from a
// phone, for the image benchmark: 4032×3024 JPEG (quality 92, about 5 MB) with an EXIF Orientation
// (6 by default: held upright, stored sideways, as phones do) and GPS tags, the metadata an upload
// must apply and then drop. Default path: .cache/phone-photo.jpg (git-ignored).
//
// The picture is made, not shipped: a sky and ground gradient, a sun, a row of buildings with
// windows, and noise at several scales. The coarse noise keeps detail when the picture is scaled
// down (so small copies are not flattered by a smooth image), the fine grain makes the full-size
// JPEG as heavy as a real one. A seeded generator makes every run byte-for-byte the same.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import sharp from 'sharp';
import { prng } from './prng.mjs';

export const PHONE_PHOTO_PATH = '.cache/phone-photo.jpg';

/** How far the sensor's pixels are turned (clockwise) from the upright picture, per EXIF orientation. */
const STORED_TURN = { 1: 0, 3: 180, 6: 270, 8: 90 };

/** Smooth noise in -1..1 with features about `cell` pixels wide (bilinear over a random grid). */
function valueNoise(rand, width, height, cell) {
  const gw = Math.ceil(width / cell) + 2;
  const gh = Math.ceil(height / cell) + 2;
  const grid = new Float32Array(gw * gh);
  for (let i = 0; i < grid.length; i++) grid[i] = rand() * 2 - 1;
  return (x, y) => {
    const gx = x / cell;
    const gy = y / cell;
    const x0 = gx | 0;
    const y0 = gy | 0;
    const fx = gx - x0;
    const fy = gy - y0;
    const i = y0 * gw + x0;
    const top = grid[i] + (grid[i + 1] - grid[i]) * fx;
    const bottom = grid[i + gw] + (grid[i + gw + 1] - grid[i + gw]) * fx;
    return top + (bottom - top) * fy;
  };
}

const clamp = (v) => (v < 0 ? 0 : v > 255 ? 255 : v);

/** The raw RGB pixels of the scene. */
function scene(width, height, seed) {
  const rand = prng(seed);
  const octaves = [
    [valueNoise(rand, width, height, 384), 22],
    [valueNoise(rand, width, height, 96), 14],
    [valueNoise(rand, width, height, 24), 9],
    [valueNoise(rand, width, height, 6), 6],
  ];
  const horizon = Math.round(height * 0.58);
  const sun = { x: width * 0.72, y: height * 0.22, r: height * 0.07 };
  // buildings: [left, right, top], with windows on a grid
  const buildings = [];
  for (let x = 0; x < width; ) {
    const w = Math.round(width * (0.05 + rand() * 0.08));
    buildings.push([x, x + w, Math.round(horizon - height * (0.08 + rand() * 0.25)), 60 + rand() * 90]);
    x += w + Math.round(rand() * width * 0.02);
  }
  const skyline = new Int32Array(width).fill(horizon);
  const shade = new Float32Array(width);
  for (const [l, r, top, tone] of buildings) {
    for (let x = l; x < Math.min(r, width); x++) {
      skyline[x] = top;
      shade[x] = tone;
    }
  }
  const px = Buffer.alloc(width * height * 3);
  let o = 0;
  for (let y = 0; y < height; y++) {
    const sky = y / horizon;
    for (let x = 0; x < width; x++) {
      let n = 0;
      for (const [noise, amp] of octaves) n += noise(x, y) * amp;
      // film-like grain: what makes a full-size phone JPEG weigh megabytes
      const grain = (rand() - 0.5) * 38;
      let r;
      let g;
      let b;
      if (y < skyline[x]) {
        r = 95 + sky * 120;
        g = 145 + sky * 85;
        b = 225 - sky * 20;
        const d = Math.hypot(x - sun.x, y - sun.y) / sun.r;
        if (d < 3) {
          const glow = d < 1 ? 1 : Math.pow(1 - (d - 1) / 2, 2);
          r += (255 - r) * glow;
          g += (240 - g) * glow;
          b += (200 - b) * glow;
        }
        n *= 0.4;
      } else if (y < horizon) {
        // a building's wall, lit windows on a grid
        const tone = shade[x];
        const window = x % 48 > 14 && x % 48 < 38 && y % 72 > 20 && y % 72 < 56;
        r = window ? tone + 110 : tone + 20;
        g = window ? tone + 95 : tone + 10;
        b = window ? tone + 50 : tone;
      } else {
        const ground = (y - horizon) / (height - horizon);
        r = 80 + ground * 40;
        g = 120 - ground * 30;
        b = 55 + ground * 10;
        n *= 1.6;
      }
      px[o++] = clamp(r + n + grain);
      px[o++] = clamp(g + n + grain);
      px[o++] = clamp(b + n * 0.8 + grain);
    }
  }
  return px;
}

/**
 * Writes the photo to `path` and returns what was written. The same options always make the same
 * bytes (with the same sharp/libvips). `width`×`height` is the stored size, as the camera writes it.
 */
export async function makePhonePhoto({ path = PHONE_PHOTO_PATH, width = 4032, height = 3024, orientation = 6, quality = 92, seed = 20261125 } = {}) {
  if (!(orientation in STORED_TURN)) throw new Error(`orientation ${orientation}: only 1, 3, 6 and 8 are made`);
  // the scene is drawn as it is meant to be seen, then stored turned the way the tag undoes
  const sideways = orientation >= 5;
  const [seenWidth, seenHeight] = sideways ? [height, width] : [width, height];
  const pixels = scene(seenWidth, seenHeight, seed);
  const bytes = await sharp(pixels, { raw: { width: seenWidth, height: seenHeight, channels: 3 } })
    .rotate(STORED_TURN[orientation] ?? 0)
    .withExif({
      IFD0: { Make: 'Synthetic', Model: 'Phone Photo 1', DateTime: '2026:11:25 10:30:00' },
      // GPS IFD: a place in Sofia, what an upload must never publish
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '42/1 41/1 5123/100',
        GPSLongitudeRef: 'E',
        GPSLongitude: '23/1 19/1 1200/100',
      },
    })
    .withMetadata({ orientation })
    .jpeg({ quality, chromaSubsampling: '4:2:0' })
    .toBuffer();
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, bytes);
  return { path, bytes: bytes.length, width, height, orientation };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const path = process.argv[2] ?? PHONE_PHOTO_PATH;
  const started = performance.now();
  const out = await makePhonePhoto({ path });
  console.log(
    `${out.path}: ${out.width}×${out.height} JPEG, EXIF orientation ${out.orientation} and GPS, ${(out.bytes / 1024 / 1024).toFixed(2)} MB (${Math.round(performance.now() - started)} ms)`,
  );
}
