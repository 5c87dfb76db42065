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
  });
}
