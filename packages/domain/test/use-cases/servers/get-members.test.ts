import type { Actor } from '@chat/domain';
import { createTestWorld, expectOk } from '@chat/domain/testing';
import { aServerWithCast, MALFORMED_ID, UNKNOWN_ID } from '../../helpers';

/** Owner, then three more users who join one millisecond apart in the order cal, amy, bea (not id order). */
async function aServerJoinedOutOfIdOrder() {
  const world = createTestWorld();
  const owner = await world.aUser('owner');
  const server = await world.aServer(owner);
  const [a, b, c] = [await world.aUser('amy'), await world.aUser('bea'), await world.aUser('cal')] as [Actor, Actor, Actor];
  const invite = expectOk(await world.createInvite.execute(owner, server.id));
  for (const joiner of [c, a, b]) {
    world.clock.advance(1);
    expectOk(await world.joinByInvite.execute(joiner, invite.code));
  }
  return { world, owner, server, a, b, c };
}

const usernames = (members: readonly { user: { username: string } }[]) => members.map((m) => m.user.username);

describe('GetMembers', () => {
  it('returns every member in join order, with their join time and public user', async () => {
    const { world, owner, server, c } = await aServerJoinedOutOfIdOrder();

    const members = expectOk(await world.getMembers.execute(owner, server.id, {}));

    expect(usernames(members)).toEqual(['owner', 'cal', 'amy', 'bea']);
    expect(members[1]).toEqual({
      serverId: server.id,
      userId: c.userId,
      joinedAt: new Date(server.createdAt.getTime() + 1),
      user: { id: c.userId, username: 'cal', displayName: null, avatar: null },
      roleIds: [],
    });
  });

  it('is open to plain members too', async () => {
    const { world, server, a } = await aServerJoinedOutOfIdOrder();

    expect(usernames(expectOk(await world.getMembers.execute(a, server.id, {})))).toEqual(['owner', 'cal', 'amy', 'bea']);
  });

  it('returns at most `limit` members', async () => {
    const { world, owner, server } = await aServerJoinedOutOfIdOrder();

    expect(usernames(expectOk(await world.getMembers.execute(owner, server.id, { limit: 2 })))).toEqual(['owner', 'cal']);
  });

  it('continues after the member named by the `after` cursor', async () => {
    const { world, owner, server, c } = await aServerJoinedOutOfIdOrder();

    const page = expectOk(await world.getMembers.execute(owner, server.id, { after: c.userId, limit: 1 }));

    expect(usernames(page)).toEqual(['amy']);
  });

  it('returns an empty page after the last member', async () => {
    const { world, owner, server, b } = await aServerJoinedOutOfIdOrder();

    expect(await world.getMembers.execute(owner, server.id, { after: b.userId })).toEqual({ ok: true, value: [] });
  });

  it('orders members who joined in the same millisecond by user id', async () => {
    const { world, owner, server, member } = await aServerWithCast();
    const later = await world.aMemberOf(server, owner);

    const members = expectOk(await world.getMembers.execute(owner, server.id, {}));

    expect(members.map((m) => m.userId)).toEqual([owner.userId, member.userId, later.userId]);
  });

  it('no longer lists a member who left', async () => {
    const { world, owner, server, a } = await aServerJoinedOutOfIdOrder();
    expectOk(await world.leaveServer.execute(a, server.id));

    expect(usernames(expectOk(await world.getMembers.execute(owner, server.id, {})))).toEqual(['owner', 'cal', 'bea']);
  });

  it.each([
    ['an outsider', UNKNOWN_ID],
    ['not an id', MALFORMED_ID],
  ])('returns ValidationFailed on path "after" when the cursor is %s', async (_case, after) => {
    const { world, owner, server } = await aServerWithCast();

    const result = await world.getMembers.execute(owner, server.id, { after });

    expect(result).toEqual({
      ok: false,
      error: { kind: 'ValidationFailed', issues: [{ path: 'after', message: 'must be the user id of a current member' }] },
    });
  });

  it('returns ValidationFailed on path "after" when the cursor is a registered user outside the server', async () => {
    const { world, owner, server, outsider } = await aServerWithCast();

    const result = await world.getMembers.execute(owner, server.id, { after: outsider.userId });

    expect(result).toEqual({ ok: false, error: { kind: 'ValidationFailed', issues: [expect.objectContaining({ path: 'after' })] } });
  });

  it.each([0, 1001, 1.5, -1, Number.NaN])('returns ValidationFailed on path "limit" for limit %p', async (limit) => {
    const { world, owner, server } = await aServerWithCast();

    expect(await world.getMembers.execute(owner, server.id, { limit })).toEqual({
      ok: false,
      error: { kind: 'ValidationFailed', issues: [{ path: 'limit', message: 'must be an integer 1-1000' }] },
    });
  });

  it('accepts the bounds 1 and 1000', async () => {
    const { world, owner, server } = await aServerWithCast();

    expect(expectOk(await world.getMembers.execute(owner, server.id, { limit: 1 }))).toHaveLength(1);
    expect(expectOk(await world.getMembers.execute(owner, server.id, { limit: 1000 }))).toHaveLength(2);
  });

  it('returns NotAMember when the caller is not in the server', async () => {
    const { world, outsider, server } = await aServerWithCast();

    expect(await world.getMembers.execute(outsider, server.id, {})).toEqual({ ok: false, error: { kind: 'NotAMember' } });
  });

  it.each([UNKNOWN_ID, MALFORMED_ID])('returns ServerNotFound for the server id %j', async (serverId) => {
    const { world, owner } = await aServerWithCast();

    expect(await world.getMembers.execute(owner, serverId, {})).toEqual({ ok: false, error: { kind: 'ServerNotFound' } });
  });
});
