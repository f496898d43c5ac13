import { describe, expect, it } from 'vitest';
import { PNG } from 'pngjs';
import { compareScreenshots } from './compare';

function png(width: number, height: number, paint: (x: number, y: number) => [number, number, number]): Buffer {
  const p = new PNG({ width, height });
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const [r, g, b] = paint(x, y);
      const i = (y * width + x) * 4;
      p.data[i] = r; p.data[i + 1] = g; p.data[i + 2] = b; p.data[i + 3] = 255;
    }
  }
  return PNG.sync.write(p);
}

describe('compareScreenshots', () => {
  const white = () => [255, 255, 255] as [number, number, number];

  it('equal pictures are the same', () => {
    expect(compareScreenshots(png(20, 10, white), png(20, 10, white))).toMatchObject({ same: true, differentPixels: 0 });
  });

  it('counts the changed pixels and draws them in a diff picture of the same size', () => {
    const changed = png(20, 10, (x, y) => (x >= 5 && x < 8 && y === 4 ? [200, 0, 0] : [255, 255, 255]));
    const r = compareScreenshots(png(20, 10, white), changed);
    expect(r.same).toBe(false);
    expect(r.differentPixels).toBe(3);
    expect(r.summary).toBe('3 pixels differ (1.50 % of 20×10)');
    const diff = PNG.sync.read(r.diffPng!);
    expect([diff.width, diff.height]).toEqual([20, 10]);
    const at = (x: number, y: number) => [...diff.data.subarray((y * 20 + x) * 4, (y * 20 + x) * 4 + 3)];
    expect(at(6, 4)).toEqual([255, 0, 0]);
    expect(at(0, 0)).not.toEqual([255, 0, 0]);
  });

  it('a page that grew is a difference, told by its size, with the new rows in the diff', () => {
    const r = compareScreenshots(png(20, 10, white), png(20, 12, white));
    expect(r).toMatchObject({ same: false, differentPixels: 40, summary: 'the size changed from 20×10 to 20×12 px; on the larger canvas 40 pixels differ (16.67 %)' });
    const diff = PNG.sync.read(r.diffPng!);
    expect([diff.width, diff.height]).toEqual([20, 12]);
  });
});
