import { compareIds, firstIdAt, type Clock, type IdGenerator } from '../src';

/**
 * Ids as production makes them, from the test's clock: the first id of the clock's millisecond, or
 * one more than the last when that is not above it (time stands still in a test until it moves).
 * So an id tells when it was made as production's do (`firstIdAt`: a member's messages from before
 * they joined are read), and ids still strictly increase.
 */
export class ClockIds implements IdGenerator {
  private last = -1n;

  constructor(private readonly clock: Clock) {}

  next(): string {
    const first = firstIdAt(this.clock.now());
    const next = this.last >= 0n && compareIds(first, this.last.toString()) <= 0 ? this.last + 1n : BigInt(first);
    this.last = next;
    return next.toString();
  }
}
