import type { IdGenerator, InviteCodeGenerator } from '../src';

/** Increasing ids, shaped like snowflakes so ordering across digit counts is exercised. */
export class SequentialIds implements IdGenerator {
  private counter: bigint;

  constructor(start: bigint = 1_000_000_000_000_000n) {
    this.counter = start;
  }

  next(): string {
    this.counter += 1n;
    return this.counter.toString();
  }
}

export class SequentialInviteCodes implements InviteCodeGenerator {
  private counter = 0;

  next(): string {
    this.counter += 1;
    return `invite${this.counter}`;
  }
}
