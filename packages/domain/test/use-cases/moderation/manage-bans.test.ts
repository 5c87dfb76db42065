import { BAN_REASON_MAX, memberLeft } from '@chat/domain';
import { expectOk } from '@chat/domain/testing';
import { aServerWithCast, MALFORMED_ID, UNKNOWN_ID } from '../../helpers';

describe('BanMember, ListBans and Unban', () => {
  it('removes a member with member.left (reason ban), lists the ban with its reason, and keeps them out', async () => {
    const { world, owner, member, server } = await aServerWithCast();
    world.clock.advance(1000);

    expectOk(await world.banMember.execute(owner, server.id, member.userId, { reason: '  spam  ' }));

    expect(await world.stores.members.find(server.id, member.userId)).toBeNull();
    expect(world.events().at(-1)).toEqual(memberLeft(server.id, member.userId, 'ban'));
    const username = (await world.stores.users.findSummary(member.userId))?.username;
    expect(expectOk(await world.listBans.execute(owner, server.id))).toEqual([
      { serverId: server.id, userId: member.userId, reason: 'spam', createdAt: world.clock.now(), memberWhenBanned: true, user: { id: member.userId, username } },
    ]);
    expect(await world.getServer.execute(member, server.id)).toEqual({ ok: false, error: { kind: 'NotAMember' } });
  });

  it('bans someone who is not a member without an event; banning again replaces the reason', async () => {
    const { world, owner, outsider, server } = await aServerWithCast();
    const before = world.events().length;

    expectOk(await world.banMember.execute(owner, server.id, outsider.userId, { reason: 'first' }));
    expectOk(await world.banMember.execute(owner, server.id, outsider.userId, { reason: null }));

    expect(world.events()).toHaveLength(before);
    expect(expectOk(await world.listBans.execute(owner, server.id)).map((b) => [b.userId, b.reason])).toEqual([[outsider.userId, null]]);
  });

  it('names a banned user only if they were a member when banned or share a server with the owner now', async () => {
    const { world, owner, member, outsider, server } = await aServerWithCast();
    const stranger = await world.aUser('stranger');
    expectOk(await world.banMember.execute(owner, server.id, stranger.userId));
    expectOk(await world.banMember.execute(owner, server.id, member.userId));
    // A second ban of the ex-member (no longer a member) keeps what the first saw.
    expectOk(await world.banMember.execute(owner, server.id, member.userId, { reason: 'again' }));
    expectOk(await world.banMember.execute(owner, server.id, outsider.userId));

    const names = Object.fromEntries(expectOk(await world.listBans.execute(owner, server.id)).map((ban) => [ban.userId, ban.user.username]));
    expect(names[stranger.userId]).toBeNull();
    expect(names[member.userId]).toBe((await world.stores.users.findSummary(member.userId))?.username);
    expect(names[outsider.userId]).toBeNull();

    const elsewhere = await world.aServer(outsider, 'Elsewhere');
    expectOk(await world.joinByInvite.execute(owner, expectOk(await world.createInvite.execute(outsider, elsewhere.id)).code));
    const later = Object.fromEntries(expectOk(await world.listBans.execute(owner, server.id)).map((ban) => [ban.userId, ban.user.username]));
    expect(later[outsider.userId]).toBe((await world.stores.users.findSummary(outsider.userId))?.username);
  });

  it.each([['a NUL', 'spam\u0000'], ['a lone surrogate', '\ud800']])('refuses a reason with %s', async (_what, reason) => {
    const { world, owner, member, server } = await aServerWithCast();
    expect(await world.banMember.execute(owner, server.id, member.userId, { reason })).toEqual({
      ok: false,
      error: { kind: 'ValidationFailed', issues: [{ path: 'reason', message: 'must be valid Unicode text without NUL characters' }] },
    });
  });

  it('refuses a reason that is too long, before anything changes', async () => {
    const { world, owner, member, server } = await aServerWithCast();

    expect(await world.banMember.execute(owner, server.id, member.userId, { reason: 'x'.repeat(BAN_REASON_MAX + 1) })).toEqual({
      ok: false,
      error: { kind: 'ValidationFailed', issues: [{ path: 'reason', message: `must be at most ${BAN_REASON_MAX} characters` }] },
    });
    expect(await world.stores.members.find(server.id, member.userId)).not.toBeNull();
  });

  it('is the owner’s alone, and not against the owner', async () => {
    const { world, owner, member, outsider, server } = await aServerWithCast();

    expect(await world.banMember.execute(member, server.id, outsider.userId, {})).toEqual({ ok: false, error: { kind: 'MissingPermission', permission: 'BAN_MEMBERS' } });
    expect(await world.banMember.execute(outsider, server.id, member.userId, {})).toEqual({ ok: false, error: { kind: 'NotAMember' } });
    expect(await world.banMember.execute(owner, server.id, owner.userId, {})).toEqual({ ok: false, error: { kind: 'CannotRemoveOwner' } });
    expect(await world.listBans.execute(member, server.id)).toEqual({ ok: false, error: { kind: 'MissingPermission', permission: 'BAN_MEMBERS' } });
    expect(await world.unban.execute(member, server.id, outsider.userId)).toEqual({ ok: false, error: { kind: 'MissingPermission', permission: 'BAN_MEMBERS' } });
  });

  it.each([UNKNOWN_ID, MALFORMED_ID])('answers UserNotFound for the user id %j, and BanNotFound to lift a ban that is not there', async (userId) => {
    const { world, owner, server } = await aServerWithCast();

    expect(await world.banMember.execute(owner, server.id, userId, {})).toEqual({ ok: false, error: { kind: 'UserNotFound' } });
    expect(await world.unban.execute(owner, server.id, userId)).toEqual({ ok: false, error: { kind: 'BanNotFound' } });
  });

  it.each([UNKNOWN_ID, MALFORMED_ID])('answers ServerNotFound for the server id %j', async (serverId) => {
    const { world, owner, member } = await aServerWithCast();

    expect(await world.banMember.execute(owner, serverId, member.userId, {})).toEqual({ ok: false, error: { kind: 'ServerNotFound' } });
    expect(await world.listBans.execute(owner, serverId)).toEqual({ ok: false, error: { kind: 'ServerNotFound' } });
    expect(await world.unban.execute(owner, serverId, member.userId)).toEqual({ ok: false, error: { kind: 'ServerNotFound' } });
  });
});
