import { compareIds, firstIdAt, isId } from '@chat/domain';
import { SNOWFLAKE_EPOCH_MS, SnowflakeIdGenerator, snowflakeTime } from '@chat/snowflake';

describe('SnowflakeIdGenerator', () => {
  it('hands out well-formed ids that strictly increase within one millisecond', () => {
    const now = SNOWFLAKE_EPOCH_MS + 1_000;
    const ids = new SnowflakeIdGenerator(5, () => now);
    const issued = Array.from({ length: 10_000 }, () => ids.next());
    expect(issued.every(isId)).toBe(true);
    for (let i = 1; i < issued.length; i++) expect(compareIds(issued[i - 1] as string, issued[i] as string)).toBe(-1);
    expect(new Set(issued).size).toBe(issued.length);
  });

  it('keeps increasing when the wall clock steps back', () => {
    let now = SNOWFLAKE_EPOCH_MS + 50_000;
    const ids = new SnowflakeIdGenerator(1, () => now);
    const before = ids.next();
    now -= 10_000;
    expect(compareIds(before, ids.next())).toBe(-1);
  });

  it('never collides across workers sharing a millisecond', () => {
    const now = () => SNOWFLAKE_EPOCH_MS + 7;
    const a = new SnowflakeIdGenerator(1, now);
    const b = new SnowflakeIdGenerator(2, now);
    const all = [...Array.from({ length: 5000 }, () => a.next()), ...Array.from({ length: 5000 }, () => b.next())];
    expect(new Set(all).size).toBe(all.length);
  });

  it('encodes its creation time', () => {
    const at = new Date('2026-11-22T10:00:00.123Z');
    expect(snowflakeTime(new SnowflakeIdGenerator(3, () => at.getTime()).next())).toEqual(at);
  });

  it('refuses a worker id outside 0-1023', () => {
    expect(() => new SnowflakeIdGenerator(1024)).toThrow(RangeError);
    expect(() => new SnowflakeIdGenerator(-1)).toThrow(RangeError);
  });
});

describe('the domain’s firstIdAt', () => {
  it('is at or below every id made in that millisecond, and above every id made before it', () => {
    const at = new Date('2026-11-22T10:00:00.123Z');
    const first = firstIdAt(at);
    const made = new SnowflakeIdGenerator(1023, () => at.getTime()).next();
    const before = new SnowflakeIdGenerator(1023, () => at.getTime() - 1);
    for (let i = 0; i < 4095; i++) before.next(); // the next is its millisecond's last
    expect(compareIds(first, made)).toBeLessThanOrEqual(0);
    expect(compareIds(before.next(), first)).toBe(-1);
    expect(snowflakeTime(first)).toEqual(at);
  });
});
