import { INVITE_LIMITS } from '@chat/domain';
import { expectOk } from '@chat/domain/testing';
import { aServerWithCast, MALFORMED_ID, UNKNOWN_ID } from '../../helpers';

const DAY = 24 * 3600 * 1000;

describe('CreateInvite', () => {
  it('creates an invite for the server, by the caller, stamped with the clock: 7 days, no use limit by default', async () => {
    const { world, owner, server } = await aServerWithCast();
    world.clock.advance(60_000);

    const invite = expectOk(await world.createInvite.execute(owner, server.id));

    expect(invite).toEqual({
      code: expect.any(String),
      serverId: server.id,
      creatorId: owner.userId,
      createdAt: world.clock.now(),
      maxUses: null,
      uses: 0,
      expiresAt: new Date(world.clock.now().getTime() + 7 * DAY),
    });
    expect(await world.stores.invites.findByCode(invite.code)).toEqual(invite);
  });

  it('takes a use limit and a lifetime, or null for never', async () => {
    const { world, owner, server } = await aServerWithCast();

    const limited = expectOk(await world.createInvite.execute(owner, server.id, { maxUses: 3, expiresInSeconds: 3600 }));
    const forever = expectOk(await world.createInvite.execute(owner, server.id, { maxUses: null, expiresInSeconds: null }));

    expect(limited).toMatchObject({ maxUses: 3, expiresAt: new Date(world.clock.now().getTime() + 3600_000) });
    expect(forever).toMatchObject({ maxUses: null, expiresAt: null });
  });

  it.each([
    [{ maxUses: 0 }, 'maxUses'],
    [{ maxUses: INVITE_LIMITS.maxUses.max + 1 }, 'maxUses'],
    [{ maxUses: 1.5 }, 'maxUses'],
    [{ expiresInSeconds: 59 }, 'expiresInSeconds'],
    [{ expiresInSeconds: INVITE_LIMITS.expiresInSeconds.max + 1 }, 'expiresInSeconds'],
  ])('refuses %j, writing nothing', async (options, path) => {
    const { world, owner, server } = await aServerWithCast();
    const before = expectOk(await world.listInvites.execute(owner, server.id));

    const outcome = await world.createInvite.execute(owner, server.id, options);

    expect(outcome).toEqual({ ok: false, error: { kind: 'ValidationFailed', issues: [{ path, message: expect.stringMatching(/^must be an integer/) }] } });
    expect(expectOk(await world.listInvites.execute(owner, server.id))).toEqual(before);
  });

  it('is the owner’s alone by default: a plain member is refused until the owner opens it', async () => {
    const { world, owner, member, server } = await aServerWithCast();

    expect(await world.createInvite.execute(member, server.id)).toEqual({ ok: false, error: { kind: 'MissingPermission', permission: 'CREATE_INVITE' } });
    expectOk(await world.updateServer.execute(owner, server.id, { membersCanInvite: true }));

    expect(expectOk(await world.createInvite.execute(member, server.id)).creatorId).toBe(member.userId);
  });

  it('never lets a bot invite, even where members may', async () => {
    const { world, owner, server } = await aServerWithCast();
    expectOk(await world.updateServer.execute(owner, server.id, { membersCanInvite: true }));
    const bot = await world.aBotIn(server, owner);

    expect(await world.createInvite.execute(bot, server.id)).toEqual({ ok: false, error: { kind: 'BotsCannotDoThis' } });
  });

  it('hands out a different code each time', async () => {
    const { world, owner, server } = await aServerWithCast();

    const first = expectOk(await world.createInvite.execute(owner, server.id));
    const second = expectOk(await world.createInvite.execute(owner, server.id));

    expect(first.code).not.toBe(second.code);
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

describe('ListInvites and RevokeInvite', () => {
  it('shows the owner every live invite and a member their own, oldest first', async () => {
    const { world, owner, member, server } = await aServerWithCast();
    const cast = expectOk(await world.listInvites.execute(owner, server.id)).map((i) => i.code);
    expectOk(await world.updateServer.execute(owner, server.id, { membersCanInvite: true }));
    world.clock.advance(1000);
    const first = expectOk(await world.createInvite.execute(owner, server.id));
    world.clock.advance(1000);
    const members = expectOk(await world.createInvite.execute(member, server.id));

    expect(cast).toHaveLength(1);
    expect(expectOk(await world.listInvites.execute(owner, server.id)).map((i) => i.code)).toEqual([...cast, first.code, members.code]);
    expect(expectOk(await world.listInvites.execute(member, server.id)).map((i) => i.code)).toEqual([members.code]);
  });

  it('leaves out expired and used-up invites', async () => {
    const { world, owner, server } = await aServerWithCast();
    const once = expectOk(await world.createInvite.execute(owner, server.id, { maxUses: 1 }));
    const hour = expectOk(await world.createInvite.execute(owner, server.id, { expiresInSeconds: 3600 }));
    const lasting = expectOk(await world.createInvite.execute(owner, server.id, { expiresInSeconds: null }));
    expectOk(await world.joinByInvite.execute(await world.aUser(), once.code));
    world.clock.advance(7 * DAY);

    const live = expectOk(await world.listInvites.execute(owner, server.id)).map((i) => i.code);

    // The cast's own invite (7 days) has expired too.
    expect(live).toEqual([lasting.code]);
    expect(live).not.toContain(hour.code);
  });

  it('refuses an outsider the list', async () => {
    const { world, outsider, server } = await aServerWithCast();

    expect(await world.listInvites.execute(outsider, server.id)).toEqual({ ok: false, error: { kind: 'NotAMember' } });
  });

  it('lets the creator or the owner revoke; the code then joins nobody', async () => {
    const { world, owner, member, server } = await aServerWithCast();
    expectOk(await world.updateServer.execute(owner, server.id, { membersCanInvite: true }));
    const byMember = expectOk(await world.createInvite.execute(member, server.id));
    const byOwner = expectOk(await world.createInvite.execute(owner, server.id));
    const other = await world.aMemberOf(server, owner);

    expect(await world.revokeInvite.execute(other, byMember.code)).toEqual({ ok: false, error: { kind: 'MissingPermission', permission: 'MANAGE_SERVER' } });
    expect(await world.revokeInvite.execute(member, byOwner.code)).toEqual({ ok: false, error: { kind: 'MissingPermission', permission: 'MANAGE_SERVER' } });
    expectOk(await world.revokeInvite.execute(member, byMember.code));
    expectOk(await world.revokeInvite.execute(owner, byOwner.code));

    const newcomer = await world.aUser();
    expect(await world.joinByInvite.execute(newcomer, byMember.code)).toEqual({ ok: false, error: { kind: 'InviteNotFound' } });
    expect(await world.revokeInvite.execute(owner, byOwner.code)).toEqual({ ok: false, error: { kind: 'InviteNotFound' } });
  });

  it('tells an outsider the code names nothing, as joining would', async () => {
    const { world, owner, outsider, server } = await aServerWithCast();
    const invite = expectOk(await world.createInvite.execute(owner, server.id));

    expect(await world.revokeInvite.execute(outsider, invite.code)).toEqual({ ok: false, error: { kind: 'InviteNotFound' } });
    expect(await world.revokeInvite.execute(outsider, 'not a code!')).toEqual({ ok: false, error: { kind: 'InviteNotFound' } });
    expect(await world.stores.invites.findByCode(invite.code)).not.toBeNull();
  });
});
