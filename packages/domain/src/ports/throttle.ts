/** A rate of one: shared by every replica, so one of them counts for all. */
export interface Throttle {
  /** True for the first claim of `key` in a window of `windowMs` from it; false for any other claim within that window. */
  claim(key: string, windowMs: number): Promise<boolean>;
}
