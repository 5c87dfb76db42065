import type { Member, MemberView, Stores, User } from '../../src';
import type { SeedableStores } from './fixtures';
import { aMember, aServerWithOwner, aWiderId, at, freshId, givenUser, summaryOf } from './fixtures';
import { aRole } from './role-repository.contract';

const viewOf = (member: Member, user: User, roleIds: string[] = []): MemberView => ({ ...member, user: summaryOf(user), roleIds });

/** What every `MemberRepository` must do. */
export function describeMemberRepositoryContract(name: string, makeStores: () => Promise<SeedableStores>): void {
  describe(`MemberRepository contract: ${name}`, () => {
    let stores: Stores;
    beforeAll(async () => {
      stores = await makeStores();
    });

    it("adds a member ('added') and finds the membership exactly as stored", async () => {
      const { server } = await aServerWithOwner(stores);
      const user = await givenUser(stores);
      const member = aMember(server.id, user.id, { joinedAt: at(100) });

      expect(await stores.members.add(member)).toBe('added');

      expect(await stores.members.find(server.id, user.id)).toEqual(member);
    });

    it("lists each member's roles, lowest position first, @everyone not among them", async () => {
      const { server, owner } = await aServerWithOwner(stores);
      const user = await givenUser(stores);
      const member = aMember(server.id, user.id, { joinedAt: at(100) });
      await stores.members.add(member);
      const low = aRole(server.id, 1);
      const high = aRole(server.id, 2);
      await stores.roles.create(low);
      await stores.roles.create(high);
      // Assigned high first: the list orders by position, not by when.
      await stores.roles.assign(server.id, user.id, high.id);
      await stores.roles.assign(server.id, user.id, low.id);

      const listed = await stores.members.list(server.id, { limit: 10 });

      const rolesOf = (userId: string) => listed.find((m) => m.userId === userId)?.roleIds;
      expect(rolesOf(owner.userId)).toEqual([]);
      expect(rolesOf(user.id)).toEqual([low.id, high.id]);
    });

    it("answers 'already' when the user joins again, and keeps the first join time", async () => {
      const { server } = await aServerWithOwner(stores);
      const user = await givenUser(stores);
      const first = aMember(server.id, user.id, { joinedAt: at(100) });
      await stores.members.add(first);

      expect(await stores.members.add(aMember(server.id, user.id, { joinedAt: at(200) }))).toBe('already');

      expect(await stores.members.find(server.id, user.id)).toEqual(first);
      expect(await stores.members.list(server.id, { limit: 10 })).toHaveLength(2);
    });

    it("answers 'already' when the owner joins their own server", async () => {
      const { server, owner } = await aServerWithOwner(stores);

      expect(await stores.members.add({ ...owner, joinedAt: at(999) })).toBe('already');
      expect(await stores.members.find(server.id, owner.userId)).toEqual(owner);
    });

    it('counts the members of a server as they join and leave, and 0 for a server that does not exist', async () => {
      const { server } = await aServerWithOwner(stores);
      const [a, b] = [await givenUser(stores), await givenUser(stores)];
      expect(await stores.members.countByServer(server.id)).toBe(1);
      await stores.members.add(aMember(server.id, a.id));
      await stores.members.add(aMember(server.id, b.id));
      await stores.members.add(aMember(server.id, b.id));
      expect(await stores.members.countByServer(server.id)).toBe(3);
      await stores.members.remove(server.id, a.id);
      expect(await stores.members.countByServer(server.id)).toBe(2);
      expect(await stores.members.countByServer(freshId())).toBe(0);
    });

    it('gives the servers over a size, each once, leaving smaller ones and unknown ids out', async () => {
      const [small, other, large] = [await aServerWithOwner(stores), await aServerWithOwner(stores), await aServerWithOwner(stores)];
      const [a, b, c] = [await givenUser(stores), await givenUser(stores), await givenUser(stores)];
      for (const [server, user] of [[small, a], [other, a], [other, b], [large, a], [large, b], [large, c]] as const) await stores.members.add(aMember(server.server.id, user.id));

      const ids = await stores.members.serversOver([small.server.id, other.server.id, large.server.id, large.server.id, freshId()], 2);

      expect([...ids].sort()).toEqual([other.server.id, large.server.id].sort());
      expect(await stores.members.serversOver([large.server.id], 4)).toEqual([]);
      expect(await stores.members.serversOver([large.server.id], 3)).toEqual([large.server.id]);
      expect(await stores.members.serversOver([], 3)).toEqual([]);
    });

    it("removes a member ('removed'), after which the membership is gone", async () => {
      const { server } = await aServerWithOwner(stores);
      const user = await givenUser(stores);
      await stores.members.add(aMember(server.id, user.id));

      expect(await stores.members.remove(server.id, user.id)).toBe('removed');

      expect(await stores.members.find(server.id, user.id)).toBeNull();
    });

    it("answers 'absent' when removing a membership twice or one that never existed", async () => {
      const { server } = await aServerWithOwner(stores);
      const user = await givenUser(stores);
      const stranger = await givenUser(stores);
      await stores.members.add(aMember(server.id, user.id));
      await stores.members.remove(server.id, user.id);

      expect(await stores.members.remove(server.id, user.id)).toBe('absent');
      expect(await stores.members.remove(server.id, stranger.id)).toBe('absent');
      expect(await stores.members.remove(freshId(), user.id)).toBe('absent');
    });

    it('removes only the membership named: the same user stays in other servers', async () => {
      const one = await aServerWithOwner(stores);
      const two = await aServerWithOwner(stores);
      const user = await givenUser(stores);
      const inTwo = aMember(two.server.id, user.id);
      await stores.members.add(aMember(one.server.id, user.id));
      await stores.members.add(inTwo);

      await stores.members.remove(one.server.id, user.id);

      expect(await stores.members.find(one.server.id, user.id)).toBeNull();
      expect(await stores.members.find(two.server.id, user.id)).toEqual(inTwo);
    });

    it("lets a user who left join again ('added'), with the new join time", async () => {
      const { server } = await aServerWithOwner(stores);
      const user = await givenUser(stores);
      await stores.members.add(aMember(server.id, user.id, { joinedAt: at(100) }));
      await stores.members.remove(server.id, user.id);
      const again = aMember(server.id, user.id, { joinedAt: at(300) });

      expect(await stores.members.add(again)).toBe('added');

      expect(await stores.members.find(server.id, user.id)).toEqual(again);
    });

    it('answers null for a user who is not a member, or a server that does not exist', async () => {
      const { server, ownerUser } = await aServerWithOwner(stores);
      const stranger = await givenUser(stores);

      expect(await stores.members.find(server.id, stranger.id)).toBeNull();
      expect(await stores.members.find(freshId(), ownerUser.id)).toBeNull();
    });

    describe('list', () => {
      /**
       * A server whose owner joined at 0, then five members: two share a join time (so the user id
       * breaks the tie), and they are added out of order, so the order of the answer is the store's doing.
       */
      async function aServerWithMembers() {
        const { server, owner, ownerUser } = await aServerWithOwner(stores, { joinedAt: at(0) });
        // Users made in id order: a < b < c < d < e.
        const [a, b, c, d, e] = [
          await givenUser(stores),
          await givenUser(stores),
          await givenUser(stores),
          await givenUser(stores),
          await givenUser(stores),
        ] as [User, User, User, User, User];
        const joins: Array<[User, number]> = [
          [d, 30],
          [b, 20],
          [e, 10],
          [c, 20],
          [a, 40],
        ];
        const members = new Map<User, Member>();
        for (const [user, offset] of joins) {
          const member = aMember(server.id, user.id, { joinedAt: at(offset) });
          await stores.members.add(member);
          members.set(user, member);
        }
        const view = (user: User) => viewOf(members.get(user) as Member, user);
        // Join order: owner 0, e 10, b 20, c 20 (b's id is smaller), d 30, a 40.
        const expected = [viewOf(owner, ownerUser), view(e), view(b), view(c), view(d), view(a)];
        return { server, expected, members: [owner, ...[e, b, c, d, a].map((user) => members.get(user) as Member)] };
      }

      it('lists members by join time then user id, each with their user id and username', async () => {
        const { server, expected } = await aServerWithMembers();

        expect(await stores.members.list(server.id, { limit: 100 })).toEqual(expected);
      });

      it('lists at most `limit` members, the earliest joiners', async () => {
        const { server, expected } = await aServerWithMembers();

        expect(await stores.members.list(server.id, { limit: 3 })).toEqual(expected.slice(0, 3));
        expect(await stores.members.list(server.id, { limit: 1 })).toEqual(expected.slice(0, 1));
      });

      it('continues after the member given, in join order', async () => {
        const { server, expected, members } = await aServerWithMembers();

        expect(await stores.members.list(server.id, { limit: 2, after: members[1] })).toEqual(expected.slice(2, 4));
        expect(await stores.members.list(server.id, { limit: 100, after: members[0] })).toEqual(expected.slice(1));
      });

      it('continues after the member given when the next member joined at the same time (user id breaks the tie)', async () => {
        const { server, expected, members } = await aServerWithMembers();

        // members[2] is b; c joined at the same millisecond with a larger user id.
        expect(await stores.members.list(server.id, { limit: 1, after: members[2] })).toEqual(expected.slice(3, 4));
      });

      it('lists nothing after the last member', async () => {
        const { server, members } = await aServerWithMembers();

        expect(await stores.members.list(server.id, { limit: 10, after: members[members.length - 1] })).toEqual([]);
      });

      it('walks the whole list page by page, each member exactly once', async () => {
        const { server, expected } = await aServerWithMembers();
        const seen: MemberView[] = [];
        let after: Member | undefined;
        for (let guard = 0; guard < 20; guard += 1) {
          const page = await stores.members.list(server.id, after ? { limit: 2, after } : { limit: 2 });
          if (page.length === 0) break;
          seen.push(...page);
          const last = page[page.length - 1] as MemberView;
          after = { serverId: last.serverId, userId: last.userId, joinedAt: last.joinedAt };
        }

        expect(seen).toEqual(expected);
      });

      it('continues from the position of a member who has since left', async () => {
        const { server, expected, members } = await aServerWithMembers();
        const leaver = members[2] as Member;
        await stores.members.remove(server.id, leaver.userId);

        expect(await stores.members.list(server.id, { limit: 10, after: leaver })).toEqual(expected.slice(3));
      });

      it('lists only the members of that server', async () => {
        const { server, owner, ownerUser } = await aServerWithOwner(stores, { joinedAt: at(0) });
        const other = await aServerWithOwner(stores, { joinedAt: at(0) });
        const both = await givenUser(stores);
        const onlyOther = await givenUser(stores);
        const membership = aMember(server.id, both.id, { joinedAt: at(5) });
        await stores.members.add(membership);
        await stores.members.add(aMember(other.server.id, both.id, { joinedAt: at(1) }));
        await stores.members.add(aMember(other.server.id, onlyOther.id, { joinedAt: at(2) }));

        expect(await stores.members.list(server.id, { limit: 100 })).toEqual([viewOf(owner, ownerUser), viewOf(membership, both)]);
      });

      it('no longer lists a member who left', async () => {
        const { server, owner, ownerUser } = await aServerWithOwner(stores, { joinedAt: at(0) });
        const user = await givenUser(stores);
        await stores.members.add(aMember(server.id, user.id, { joinedAt: at(1) }));
        await stores.members.remove(server.id, user.id);

        expect(await stores.members.list(server.id, { limit: 100 })).toEqual([viewOf(owner, ownerUser)]);
      });

      it('lists nothing for an unknown server', async () => {
        expect(await stores.members.list(freshId(), { limit: 100 })).toEqual([]);
      });

      it('orders members who joined at the same time by the numeric value of their user ids', async () => {
        const { server, owner, ownerUser } = await aServerWithOwner(stores, { joinedAt: at(0) });
        const smaller = await givenUser(stores);
        // One more digit: numerically larger than `smaller`'s id, alphabetically smaller.
        const larger = await givenUser(stores, { id: aWiderId() });
        const lateMembers = [aMember(server.id, larger.id, { joinedAt: at(1) }), aMember(server.id, smaller.id, { joinedAt: at(1) })];
        for (const member of lateMembers) await stores.members.add(member);

        expect(await stores.members.list(server.id, { limit: 100 })).toEqual([
          viewOf(owner, ownerUser),
          viewOf(lateMembers[1] as Member, smaller),
          viewOf(lateMembers[0] as Member, larger),
        ]);
      });
    });
  });
}
