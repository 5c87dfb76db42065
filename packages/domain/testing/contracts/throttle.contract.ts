import type { Throttle } from '../../src';
import { freshId } from './fixtures';

/** A throttle, and a way to let time pass for it (a clock moved, or a real wait). */
export interface ThrottleWorld {
  readonly throttle: Throttle;
  pass(ms: number): Promise<void>;
}

/** What every `Throttle` must do. */
export function describeThrottleContract(name: string, makeWorld: () => Promise<ThrottleWorld>): void {
  describe(`Throttle contract: ${name}`, () => {
    let world: ThrottleWorld;
    beforeAll(async () => {
      world = await makeWorld();
    });

    it('grants the first claim of a key, refuses the others within its window, and grants again once it ended', async () => {
      const key = `contract:${freshId()}`;
      // A window of a second: each pair of claims lands within it even on a loaded machine.
      const claims = [await world.throttle.claim(key, 1_000), await world.throttle.claim(key, 1_000)];
      await world.pass(1_100);
      claims.push(await world.throttle.claim(key, 1_000), await world.throttle.claim(key, 1_000));

      expect(claims).toEqual([true, false, true, false]);
    });

    it('keeps keys apart: a claim of one does not hold another', async () => {
      const [one, two] = [`contract:${freshId()}`, `contract:${freshId()}`];

      expect([await world.throttle.claim(one, 10_000), await world.throttle.claim(two, 10_000), await world.throttle.claim(one, 10_000)]).toEqual([true, true, false]);
    });

    it('grants one of many claims made at once', async () => {
      const key = `contract:${freshId()}`;
      const claims = await Promise.all(Array.from({ length: 20 }, () => world.throttle.claim(key, 10_000)));

      expect(claims.filter(Boolean)).toHaveLength(1);
    });
  });
}
