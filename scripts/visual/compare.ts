import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';

/** Colour distance (0–1) below which two pixels count as the same: absorbs font hinting noise. */
export const PIXEL_THRESHOLD = 0.1;
/** Share of a screenshot's pixels allowed to differ (after antialiasing is discounted) before it fails. */
export const MAX_DIFF_RATIO = 0.001;

export type Comparison =
  | { kind: 'same'; diffPixels: number }
  | { kind: 'changed'; diffPixels: number; ratio: number; diff: Buffer }
  | { kind: 'resized'; expected: { width: number; height: number }; actual: { width: number; height: number } };

/**
 * Compares a screenshot with its reference. pixelmatch skips pixels it detects as antialiasing
 * (includeAA false), so text rendered a hair differently does not fail; a page that grew or shrank
 * fails as `resized`, since its content moved.
 */
export function compareScreenshots(reference: Buffer, actual: Buffer, maxDiffRatio = MAX_DIFF_RATIO): Comparison {
  const expected = PNG.sync.read(reference);
  const got = PNG.sync.read(actual);
  if (expected.width !== got.width || expected.height !== got.height) {
    return { kind: 'resized', expected: { width: expected.width, height: expected.height }, actual: { width: got.width, height: got.height } };
  }
  const diff = new PNG({ width: got.width, height: got.height });
  const diffPixels = pixelmatch(expected.data, got.data, diff.data, got.width, got.height, { threshold: PIXEL_THRESHOLD, includeAA: false });
  const ratio = diffPixels / (got.width * got.height);
  if (ratio <= maxDiffRatio) return { kind: 'same', diffPixels };
  return { kind: 'changed', diffPixels, ratio, diff: PNG.sync.write(diff) };
}
