import { compareIds } from '../src';

/** Index of the first id in the sorted list that is not below `id` (or above it, with `strict`). */
export function lowerBound(ids: readonly string[], id: string, strict: boolean): number {
  let low = 0;
  let high = ids.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    const order = compareIds(ids[mid] as string, id);
    if (order < 0 || (strict && order === 0)) low = mid + 1;
    else high = mid;
  }
  return low;
}
