import { createHash } from 'node:crypto';
import { PNG } from 'pngjs';

/** Apple Podcasts wants square artwork of 1400–3000 px; the smallest keeps the file small. */
export const ARTWORK_SIZE = 1400;

type Rgb = [number, number, number];

const TOP: Rgb = [30, 27, 75];
const BOTTOM: Rgb = [15, 118, 110];
const DISC: Rgb = [248, 250, 252];
const BAR: Rgb = [67, 56, 202];
/** Bar heights of the sound wave, as a share of the disc's radius. */
const WAVE = [0.28, 0.5, 0.78, 1.05, 1.3, 1.05, 0.78, 0.5, 0.28];

const mix = (a: number, b: number, t: number) => a + (b - a) * t;
const clamp01 = (value: number) => Math.min(1, Math.max(0, value));

/** Signed distance from (x, y) to a rounded rectangle centred at (cx, cy): negative inside. */
function roundedRect(x: number, y: number, cx: number, cy: number, halfW: number, halfH: number, r: number) {
  const qx = Math.abs(x - cx) - halfW + r;
  const qy = Math.abs(y - cy) - halfH + r;
  return Math.hypot(Math.max(qx, 0), Math.max(qy, 0)) + Math.min(Math.max(qx, qy), 0) - r;
}

/**
 * The show's cover: a gradient, a disc and a sound wave, drawn pixel by pixel with anti-aliased
 * edges (no text, so no font is needed). Pure arithmetic: the same bytes on every replica and run.
 */
export function renderArtwork(size = ARTWORK_SIZE): Buffer {
  const png = new PNG({ width: size, height: size, colorType: 2 });
  const centre = size / 2;
  const radius = size * 0.34;
  const barHalfWidth = size * 0.022;
  const step = size * 0.06;
  for (let y = 0; y < size; y += 1) {
    const row = y / (size - 1);
    const background = TOP.map((c, i) => mix(c, BOTTOM[i] as number, row)) as Rgb;
    for (let x = 0; x < size; x += 1) {
      const px = x + 0.5;
      const py = y + 0.5;
      const disc = clamp01(radius - Math.hypot(px - centre, py - centre) + 0.5);
      // Bars are further apart than wide: only the nearest one can cover this pixel.
      const index = Math.round((px - centre) / step + (WAVE.length - 1) / 2);
      const height = disc > 0 ? WAVE[index] : undefined;
      const bar =
        height === undefined
          ? 0
          : clamp01(
              0.5 -
                roundedRect(
                  px,
                  py,
                  centre + (index - (WAVE.length - 1) / 2) * step,
                  centre,
                  barHalfWidth,
                  (radius * height) / 2,
                  barHalfWidth,
                ),
            );
      const offset = (y * size + x) * 4;
      for (let i = 0; i < 3; i += 1) {
        const onDisc = mix(background[i] as number, DISC[i] as number, disc);
        png.data[offset + i] = Math.round(mix(onDisc, BAR[i] as number, bar * disc));
      }
      png.data[offset + 3] = 255;
    }
  }
  return PNG.sync.write(png, { colorType: 2 });
}

let cached: { body: Buffer; etag: string } | undefined;

/** Drawn once per process on first use (~0.3 s), then served from memory with a content ETag. */
export function podcastArtwork(): { body: Buffer; etag: string } {
  if (!cached) {
    const body = renderArtwork();
    cached = { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` };
  }
  return cached;
}
