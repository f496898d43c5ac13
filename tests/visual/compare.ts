// Pure-JS pixel comparison of two PNG screenshots (pngjs + pixelmatch).
import { PNG } from 'pngjs';
import pixelmatch from 'pixelmatch';

export interface Comparison {
  same: boolean;
  /** what differs, for the failure message */
  summary: string;
  /** the baseline faded with the differing pixels in red (pictures of different sizes are compared on the larger canvas) */
  diffPng?: Buffer;
  differentPixels: number;
}

/**
 * Compares a baseline with an actual screenshot. Pixels are compared with pixelmatch's colour threshold
 * (0.1, anti-aliased edges ignored); any remaining differing pixel is a difference.
 */
export function compareScreenshots(baseline: Buffer, actual: Buffer): Comparison {
  const a = PNG.sync.read(baseline);
  const b = PNG.sync.read(actual);
  const width = Math.max(a.width, b.width);
  const height = Math.max(a.height, b.height);
  const resized = a.width !== b.width || a.height !== b.height;
  const diff = new PNG({ width, height });
  const n = pixelmatch(onCanvas(a, width, height), onCanvas(b, width, height), diff.data, width, height, { threshold: 0.1 });
  if (n === 0 && !resized) return { same: true, differentPixels: 0, summary: 'identical' };
  const share = ((n / (width * height)) * 100).toFixed(2);
  const summary = resized
    ? `the size changed from ${a.width}×${a.height} to ${b.width}×${b.height} px; on the larger canvas ${n} pixels differ (${share} %)`
    : `${n} pixels differ (${share} % of ${width}×${height})`;
  return { same: false, differentPixels: n, summary, diffPng: PNG.sync.write(diff) };
}

/** The picture's pixels on a canvas of the given size; the area it does not cover is transparent. */
function onCanvas(p: PNG, width: number, height: number): Uint8Array {
  if (p.width === width && p.height === height) return p.data;
  const out = new Uint8Array(width * height * 4);
  for (let y = 0; y < p.height; y++) out.set(p.data.subarray(y * p.width * 4, (y + 1) * p.width * 4), y * width * 4);
  return out;
}
