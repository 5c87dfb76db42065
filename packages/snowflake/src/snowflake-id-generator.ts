import { ID_EPOCH_MS, ID_TIME_SHIFT, type IdGenerator } from '@chat/domain';

/** 2024-01-01T00:00:00Z (the domain's `ID_EPOCH_MS`: its rules read an id's time): 41 bits of milliseconds from here last until 2093. */
export const SNOWFLAKE_EPOCH_MS = ID_EPOCH_MS;
const TIME_SHIFT = BigInt(ID_TIME_SHIFT);
export const MAX_WORKER_ID = 1023;
const MAX_SEQUENCE = 4095;

/**
 * Snowflake ids: 41 bits of time, 10 bits of worker, 12 bits of sequence. Ids from one worker
 * strictly increase; two workers never collide. When the wall clock steps back, or a millisecond's
 * 4096 ids run out, the generator keeps counting on its own clock instead of waiting.
 */
export class SnowflakeIdGenerator implements IdGenerator {
  private lastMs = -1;
  private sequence = 0;

  constructor(
    readonly workerId: number,
    private readonly nowMs: () => number = Date.now,
  ) {
    if (!Number.isInteger(workerId) || workerId < 0 || workerId > MAX_WORKER_ID) {
      throw new RangeError(`workerId must be an integer 0-${MAX_WORKER_ID}, got ${workerId}`);
    }
  }

  next(): string {
    const ms = Math.max(this.nowMs() - SNOWFLAKE_EPOCH_MS, 0);
    if (ms > this.lastMs) {
      this.lastMs = ms;
      this.sequence = 0;
    } else if (this.sequence < MAX_SEQUENCE) {
      this.sequence += 1;
    } else {
      this.lastMs += 1;
      this.sequence = 0;
    }
    return ((BigInt(this.lastMs) << TIME_SHIFT) | (BigInt(this.workerId) << 12n) | BigInt(this.sequence)).toString();
  }
}

/** The creation time an id encodes. */
export function snowflakeTime(id: string): Date {
  return new Date(Number(BigInt(id) >> TIME_SHIFT) + SNOWFLAKE_EPOCH_MS);
}
