import type { Stores } from '../../src';
import type { SeedableStores } from './fixtures';
import { aWiderId, at, freshId, givenUser, summaryOf } from './fixtures';

/** What every `BlockRepository` must do. */
export function describeBlockRepositoryContract(name: string, makeStores: () => Promise<SeedableStores>): void {
  describe(`BlockRepository contract: ${name}`, () => {
    let stores: Stores;
    beforeAll(async () => {
      stores = await makeStores();
    });

    it('blocks once: a second block of the same user is "already", and is counted once', async () => {
      const [me, them] = [await givenUser(stores), await givenUser(stores)];

      expect(await stores.blocks.block({ userId: me.id, blockedId: them.id, createdAt: at() })).toBe('blocked');
      expect(await stores.blocks.block({ userId: me.id, blockedId: them.id, createdAt: at(1000) })).toBe('already');

      expect(await stores.blocks.count(me.id)).toBe(1);
      expect(await stores.blocks.isBlocking(me.id, them.id)).toBe(true);
      expect(await stores.blocks.list(me.id, { limit: 10 })).toEqual([summaryOf(them)]);
    });

    it('is one way: the blocked user blocks nobody, yet between() is true from either side', async () => {
      const [me, them, stranger] = [await givenUser(stores), await givenUser(stores), await givenUser(stores)];
      await stores.blocks.block({ userId: me.id, blockedId: them.id, createdAt: at() });

      expect(await stores.blocks.isBlocking(them.id, me.id)).toBe(false);
      expect(await stores.blocks.count(them.id)).toBe(0);
      expect(await stores.blocks.list(them.id, { limit: 10 })).toEqual([]);
      expect(await stores.blocks.between(me.id, them.id)).toBe(true);
      expect(await stores.blocks.between(them.id, me.id)).toBe(true);
      expect(await stores.blocks.between(me.id, stranger.id)).toBe(false);
      expect(await stores.blocks.between(stranger.id, them.id)).toBe(false);
    });

    it('unblocks: "unblocked" once, then "absent"; the other way stays', async () => {
      const [me, them] = [await givenUser(stores), await givenUser(stores)];
      await stores.blocks.block({ userId: me.id, blockedId: them.id, createdAt: at() });
      await stores.blocks.block({ userId: them.id, blockedId: me.id, createdAt: at() });

      expect(await stores.blocks.unblock(me.id, them.id)).toBe('unblocked');
      expect(await stores.blocks.unblock(me.id, them.id)).toBe('absent');

      expect(await stores.blocks.isBlocking(me.id, them.id)).toBe(false);
      expect(await stores.blocks.count(me.id)).toBe(0);
      expect(await stores.blocks.between(me.id, them.id)).toBe(true);
      expect(await stores.blocks.unblock(them.id, me.id)).toBe('unblocked');
      expect(await stores.blocks.between(me.id, them.id)).toBe(false);
    });

    it('lists in numeric id order, a page at a time after any id, blocked or not', async () => {
      const me = await givenUser(stores);
      // A wider id sorts after the others as a number, before them as text.
      const wide = await givenUser(stores, { id: aWiderId() });
      const [first, second, third] = [await givenUser(stores), await givenUser(stores), await givenUser(stores)];
      for (const user of [third, wide, first, second]) await stores.blocks.block({ userId: me.id, blockedId: user.id, createdAt: at() });

      expect(await stores.blocks.list(me.id, { limit: 10 })).toEqual([first, second, third, wide].map(summaryOf));
      expect(await stores.blocks.list(me.id, { limit: 2 })).toEqual([first, second].map(summaryOf));
      expect(await stores.blocks.list(me.id, { limit: 2, after: second.id })).toEqual([third, wide].map(summaryOf));
      expect(await stores.blocks.list(me.id, { limit: 10, after: freshId() })).toEqual([wide].map(summaryOf));
      expect(await stores.blocks.list(me.id, { limit: 10, after: wide.id })).toEqual([]);
    });

    it('knows nothing of users who block nobody', async () => {
      const nobody = freshId();

      expect(await stores.blocks.count(nobody)).toBe(0);
      expect(await stores.blocks.list(nobody, { limit: 10 })).toEqual([]);
      expect(await stores.blocks.unblock(nobody, freshId())).toBe('absent');
      expect(await stores.blocks.between(nobody, freshId())).toBe(false);
    });
  });
}
