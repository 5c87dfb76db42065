import type { Stores } from '../../src';
import type { SeedableStores } from './fixtures';
import { aServerWithOwner, anInvite, at, givenMemberOf, uniqueToken } from './fixtures';

/** What every `InviteRepository` must do. */
export function describeInviteRepositoryContract(name: string, makeStores: () => Promise<SeedableStores>): void {
  describe(`InviteRepository contract: ${name}`, () => {
    let stores: Stores;
    beforeAll(async () => {
      stores = await makeStores();
    });

    it('creates an invite and finds it by its code exactly as stored', async () => {
      const { server, ownerUser } = await aServerWithOwner(stores);
      const invite = anInvite(server.id, ownerUser.id, { createdAt: at(9) });

      await stores.invites.create(invite);

      expect(await stores.invites.findByCode(invite.code)).toEqual(invite);
    });

    it('keeps several invites to one server apart, each with its creator', async () => {
      const { server, ownerUser } = await aServerWithOwner(stores);
      const { user: member } = await givenMemberOf(stores, server.id);
      const byOwner = anInvite(server.id, ownerUser.id, { createdAt: at(1) });
      const byMember = anInvite(server.id, member.id, { createdAt: at(2) });

      await stores.invites.create(byOwner);
      await stores.invites.create(byMember);

      expect(await stores.invites.findByCode(byOwner.code)).toEqual(byOwner);
      expect(await stores.invites.findByCode(byMember.code)).toEqual(byMember);
    });

    it('answers null for an unknown code', async () => {
      expect(await stores.invites.findByCode(`unknown${uniqueToken()}`)).toBeNull();
    });

    it('keeps the use limit, the count and the expiry exactly', async () => {
      const { server, ownerUser } = await aServerWithOwner(stores);
      const invite = anInvite(server.id, ownerUser.id, { maxUses: 7, uses: 2, expiresAt: at(60_000) });

      await stores.invites.create(invite);

      expect(await stores.invites.findByCode(invite.code)).toEqual(invite);
    });

    it('redeems up to the use limit and no further, and never once expired', async () => {
      const { server, ownerUser } = await aServerWithOwner(stores);
      const twice = anInvite(server.id, ownerUser.id, { maxUses: 2 });
      const expiring = anInvite(server.id, ownerUser.id, { expiresAt: at(1000) });
      await stores.invites.create(twice);
      await stores.invites.create(expiring);

      expect([await stores.invites.redeem(twice.code, at()), await stores.invites.redeem(twice.code, at()), await stores.invites.redeem(twice.code, at())]).toEqual([
        true,
        true,
        false,
      ]);
      expect((await stores.invites.findByCode(twice.code))?.uses).toBe(2);
      expect(await stores.invites.redeem(expiring.code, at(999))).toBe(true);
      expect(await stores.invites.redeem(expiring.code, at(1000))).toBe(false);
      expect(await stores.invites.redeem(`unknown${uniqueToken()}`, at())).toBe(false);
    });

    it('redeems the last use once when two race for it', async () => {
      const { server, ownerUser } = await aServerWithOwner(stores);
      const once = anInvite(server.id, ownerUser.id, { maxUses: 1 });
      await stores.invites.create(once);

      const outcomes = await Promise.all([stores.invites.redeem(once.code, at()), stores.invites.redeem(once.code, at())]);

      expect(outcomes.sort()).toEqual([false, true]);
    });

    it("lists a server's live invites oldest first, all or one creator's, and deletes one", async () => {
      const { server, ownerUser } = await aServerWithOwner(stores);
      const { user: member } = await givenMemberOf(stores, server.id);
      const first = anInvite(server.id, ownerUser.id, { createdAt: at(1) });
      const second = anInvite(server.id, member.id, { createdAt: at(2), expiresAt: at(10_000) });
      const usedUp = anInvite(server.id, ownerUser.id, { createdAt: at(3), maxUses: 1, uses: 1 });
      const expired = anInvite(server.id, member.id, { createdAt: at(4), expiresAt: at(5) });
      for (const invite of [second, expired, usedUp, first]) await stores.invites.create(invite);

      expect(await stores.invites.listLive(server.id, at(100))).toEqual([first, second]);
      expect(await stores.invites.listLive(server.id, at(100), member.id)).toEqual([second]);
      expect(await stores.invites.listLive(server.id, at(10_000))).toEqual([first]);

      expect(await stores.invites.delete(first.code)).toBe('deleted');
      expect(await stores.invites.delete(first.code)).toBe('absent');
      expect(await stores.invites.findByCode(first.code)).toBeNull();
    });

    it("counts a server's live invites only", async () => {
      const { server, ownerUser } = await aServerWithOwner(stores);
      await stores.invites.create(anInvite(server.id, ownerUser.id));
      await stores.invites.create(anInvite(server.id, ownerUser.id, { expiresAt: at(50) }));
      await stores.invites.create(anInvite(server.id, ownerUser.id, { maxUses: 1, uses: 1 }));

      expect(await stores.invites.countLive(server.id, at(10))).toBe(2);
      expect(await stores.invites.countLive(server.id, at(100))).toBe(1);
    });
  });
}
