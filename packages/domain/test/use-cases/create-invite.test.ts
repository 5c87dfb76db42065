import { expectOk } from '@chat/domain/testing';
import { aServerWithCast, MALFORMED_ID, UNKNOWN_ID } from '../helpers';

describe('CreateInvite', () => {
  it('creates an invite for the server, by the caller, stamped with the clock', async () => {
    const { world, owner, server } = await aServerWithCast();
    world.clock.advance(60_000);

    const invite = expectOk(await world.createInvite.execute(owner, server.id));

    expect(invite).toEqual({ code: expect.any(String), serverId: server.id, creatorId: owner.userId, createdAt: world.clock.now() });
    expect(await world.stores.invites.findByCode(invite.code)).toEqual(invite);
  });

  it('lets a plain member invite too', async () => {
    const { world, member, server } = await aServerWithCast();

    const invite = expectOk(await world.createInvite.execute(member, server.id));

    expect(invite.creatorId).toBe(member.userId);
  });

  it('hands out a different code each time', async () => {
    const { world, owner, server } = await aServerWithCast();

    const first = expectOk(await world.createInvite.execute(owner, server.id));
    const second = expectOk(await world.createInvite.execute(owner, server.id));

    expect(first.code).not.toBe(second.code);
  });

  it('creates a code that brings an outsider into the server', async () => {
    const { world, member, outsider, server } = await aServerWithCast();
    const invite = expectOk(await world.createInvite.execute(member, server.id));

    expectOk(await world.joinByInvite.execute(outsider, invite.code));

    expect(await world.getServer.execute(outsider, server.id)).toEqual({ ok: true, value: server });
  });

  it('returns NotAMember for an outsider', async () => {
    const { world, outsider, server } = await aServerWithCast();

    expect(await world.createInvite.execute(outsider, server.id)).toEqual({ ok: false, error: { kind: 'NotAMember' } });
  });

  it.each([UNKNOWN_ID, MALFORMED_ID])('returns ServerNotFound for the server id %j', async (serverId) => {
    const { world, owner } = await aServerWithCast();

    expect(await world.createInvite.execute(owner, serverId)).toEqual({ ok: false, error: { kind: 'ServerNotFound' } });
  });
});
