import { expectOk } from '@chat/domain/testing';
import { aServerWithCast } from '../helpers';

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
    expect(await world.listMyServers.execute(outsider)).toEqual([server]);
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

    expect(await world.listMyServers.execute(outsider)).toEqual([]);
  });
});
