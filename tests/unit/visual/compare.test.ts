import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { compareScreenshots } from '../../../scripts/visual/compare';

function image(width: number, height: number, paint: (x: number, y: number) => [number, number, number]): Buffer {
  const png = new PNG({ width, height });
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const [r, g, b] = paint(x, y);
      const at = (y * width + x) * 4;
      png.data[at] = r;
      png.data[at + 1] = g;
      png.data[at + 2] = b;
      png.data[at + 3] = 255;
    }
  }
  return PNG.sync.write(png);
}

const white = () => [255, 255, 255] as [number, number, number];

describe('compareScreenshots', () => {
  it('passes identical screenshots', () => {
    expect(compareScreenshots(image(100, 100, white), image(100, 100, white))).toEqual({ kind: 'same', diffPixels: 0 });
  });

  it('fails a changed block and draws the diff', () => {
    const withBlock = image(100, 100, (x, y) => (x > 20 && x < 60 && y > 20 && y < 60 ? [20, 97, 72] : [255, 255, 255]));
    const result = compareScreenshots(image(100, 100, white), withBlock);
    expect(result.kind).toBe('changed');
    if (result.kind === 'changed') {
      expect(result.diffPixels).toBeGreaterThan(1000);
      expect(PNG.sync.read(result.diff).width).toBe(100);
    }
  });

  it('tolerates a few differing pixels under the ratio', () => {
    const speck = image(100, 100, (x, y) => (x === 50 && y === 50 ? [0, 0, 0] : [255, 255, 255]));
    expect(compareScreenshots(image(100, 100, white), speck, 0.001).kind).toBe('same');
  });

  it('fails a page that changed size', () => {
    expect(compareScreenshots(image(100, 100, white), image(100, 120, white))).toMatchObject({ kind: 'resized', actual: { height: 120 } });
  });
});
