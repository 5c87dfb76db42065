import { expectOk } from '@chat/domain/testing';
import { aServerWithCast } from '../../helpers';

describe('JoinByInvite', () => {
  it('returns the server and makes the caller a member, joined at the clock time', async () => {
    const { world, owner, outsider, server } = await aServerWithCast();
    const invite = expectOk(await world.createInvite.execute(owner, server.id));
    world.clock.advance(1_000);

    expect(await world.joinByInvite.execute(outsider, invite.code)).toEqual({ ok: true, value: server });

    expect(await world.stores.members.find(server.id, outsider.userId)).toEqual({
      serverId: server.id,
      userId: outsider.userId,
      joinedAt: world.clock.now(),
    });
    expect(expectOk(await world.listMyServers.execute(outsider))).toEqual([server]);
  });

  it('is harmless when repeated: the membership count and the first join time stay', async () => {
    const { world, owner, outsider, server } = await aServerWithCast();
    const invite = expectOk(await world.createInvite.execute(owner, server.id));
    expectOk(await world.joinByInvite.execute(outsider, invite.code));
    const joinedAt = world.clock.now();
    const before = expectOk(await world.getMembers.execute(owner, server.id, {}));
    world.clock.advance(60_000);

    expect(await world.joinByInvite.execute(outsider, invite.code)).toEqual({ ok: true, value: server });

    const after = expectOk(await world.getMembers.execute(owner, server.id, {}));
    expect(after).toHaveLength(before.length);
    expect(after.find((m) => m.userId === outsider.userId)?.joinedAt).toEqual(joinedAt);
  });

  it('is harmless for the owner, who stays the first member', async () => {
    const { world, owner, server } = await aServerWithCast();
    const invite = expectOk(await world.createInvite.execute(owner, server.id));
    const before = expectOk(await world.getMembers.execute(owner, server.id, {}));
    world.clock.advance(1_000);

    expectOk(await world.joinByInvite.execute(owner, invite.code));

    expect(expectOk(await world.getMembers.execute(owner, server.id, {}))).toEqual(before);
  });

  it('lets several people use the same code', async () => {
    const { world, owner, outsider, server } = await aServerWithCast();
    const another = await world.aUser('another');
    const invite = expectOk(await world.createInvite.execute(owner, server.id));

    expectOk(await world.joinByInvite.execute(outsider, invite.code));
    expectOk(await world.joinByInvite.execute(another, invite.code));

    expect(expectOk(await world.getMembers.execute(owner, server.id, {}))).toHaveLength(4);
  });

  it.each(['nope', '', 'INVITE1'])('returns InviteNotFound for the unknown code %j, and joins nothing', async (code) => {
    const { world, owner, outsider, server } = await aServerWithCast();
    expectOk(await world.createInvite.execute(owner, server.id));

    expect(await world.joinByInvite.execute(outsider, code)).toEqual({ ok: false, error: { kind: 'InviteNotFound' } });

    expect(expectOk(await world.listMyServers.execute(outsider))).toEqual([]);
  });
});

describe('JoinByInvite with invite limits and bans', () => {
  it('lets in exactly maxUses people; a member joining again uses nothing up', async () => {
    const { world, owner, server } = await aServerWithCast();
    const invite = expectOk(await world.createInvite.execute(owner, server.id, { maxUses: 2 }));
    const [a, b, c] = [await world.aUser(), await world.aUser(), await world.aUser()];

    expectOk(await world.joinByInvite.execute(a, invite.code));
    expectOk(await world.joinByInvite.execute(a, invite.code));
    expectOk(await world.joinByInvite.execute(b, invite.code));

    expect(await world.joinByInvite.execute(c, invite.code)).toEqual({ ok: false, error: { kind: 'InviteNotFound' } });
    expect((await world.stores.invites.findByCode(invite.code))?.uses).toBe(2);
    expect(await world.stores.members.find(server.id, c.userId)).toBeNull();
  });

  it('stops working when it expires', async () => {
    const { world, owner, outsider, server } = await aServerWithCast();
    const invite = expectOk(await world.createInvite.execute(owner, server.id, { expiresInSeconds: 60 }));
    world.clock.advance(59_999);
    expectOk(await world.joinByInvite.execute(await world.aUser(), invite.code));
    world.clock.advance(1);

    expect(await world.joinByInvite.execute(outsider, invite.code)).toEqual({ ok: false, error: { kind: 'InviteNotFound' } });
  });

  it('answers a member who joins again with the server once the invite has run out (a retry after a lost answer), and nobody else', async () => {
    const { world, owner, outsider, server } = await aServerWithCast();
    const invite = expectOk(await world.createInvite.execute(owner, server.id, { maxUses: 1, expiresInSeconds: 60 }));
    const joiner = await world.aUser();
    expectOk(await world.joinByInvite.execute(joiner, invite.code));
    const events = world.events().length;

    expect(await world.joinByInvite.execute(joiner, invite.code)).toEqual({ ok: true, value: server });
    world.clock.advance(60_000);
    expect(await world.joinByInvite.execute(joiner, invite.code)).toEqual({ ok: true, value: server });

    expect(await world.joinByInvite.execute(outsider, invite.code)).toEqual({ ok: false, error: { kind: 'InviteNotFound' } });
    expect((await world.stores.invites.findByCode(invite.code))?.uses).toBe(1);
    expect(world.events()).toHaveLength(events);
  });

  it('does not let a member rejoin with a revoked invite: it names nothing', async () => {
    const { world, owner, member, server } = await aServerWithCast();
    const invite = expectOk(await world.createInvite.execute(owner, server.id));
    expectOk(await world.revokeInvite.execute(owner, invite.code));

    expect(await world.joinByInvite.execute(member, invite.code)).toEqual({ ok: false, error: { kind: 'InviteNotFound' } });
  });

  it('keeps a banned user out with every invite, as if it named nothing, until the ban is lifted', async () => {
    const { world, owner, outsider, server } = await aServerWithCast();
    const invite = expectOk(await world.createInvite.execute(owner, server.id, { maxUses: 5 }));
    expectOk(await world.banMember.execute(owner, server.id, outsider.userId, {}));

    expect(await world.joinByInvite.execute(outsider, invite.code)).toEqual({ ok: false, error: { kind: 'InviteNotFound' } });
    expect((await world.stores.invites.findByCode(invite.code))?.uses).toBe(0);

    expectOk(await world.unban.execute(owner, server.id, outsider.userId));
    expectOk(await world.joinByInvite.execute(outsider, invite.code));
  });
});
