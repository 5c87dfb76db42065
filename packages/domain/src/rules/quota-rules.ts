import type { QuotaName, Quotas } from '../entities/quotas';
import type { ErrorOf } from '../errors';

/** The refusal when `count` are there already: one more would pass the quota. Null: there is room. */
export function quotaRefusal(quotas: Quotas, quota: QuotaName, count: number): ErrorOf<'QuotaExceeded'> | null {
  const max = quotas[quota];
  return count >= max ? { kind: 'QuotaExceeded', quota, max } : null;
}
