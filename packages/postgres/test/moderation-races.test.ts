import { BanMember, JoinByInvite, KickMember, TransferServer, UpdateServer, type Actor, type SignalBus } from '@chat/domain';
import { FakeAttachmentLinks } from '@chat/domain/testing';
import { aServerWithOwner, anInvite, givenActor, givenMemberOf, givenUser } from '@chat/domain/testing/contracts';
import { aRaceDatabase, race } from './race-helpers';
import { describeWithPostgres } from './test-databases';

/** Nobody is online in these races: a join announces no one. */
const NOBODY_ONLINE = { present: async () => [] };
const NO_SIGNALS: SignalBus = { publish: async () => undefined, subscribe: () => () => undefined };
const NO_LARGE_SERVERS = { members: { serversOver: async () => [] }, maxMembers: 1_000 };

const clock = { now: () => new Date() };

describeWithPostgres('moderation races on PostgreSQL end consistent', () => {
  const db = aRaceDatabase();

  async function aServerAndOutsider(): Promise<{ serverId: string; owner: Actor; outsider: Actor; code: string }> {
    const { server, ownerUser } = await aServerWithOwner(db.stores);
    const owner = await givenActor(db.stores, ownerUser.id);
    const outsider = await givenActor(db.stores, (await givenUser(db.stores)).id);
    const invite = anInvite(server.id, ownerUser.id);
    await db.stores.invites.create(invite);
    return { serverId: server.id, owner, outsider, code: invite.code };
  }

  it('a join that is under way when a ban comes: the ban waits for it, then removes the new member', async () => {
    const { serverId, owner, outsider, code } = await aServerAndOutsider();
    const join = db.pausingAfter('bans', 'isBanned');

    const [joining, banning] = await race(
      join,
      new JoinByInvite(join.unitOfWork, clock, NOBODY_ONLINE, NO_SIGNALS, NO_LARGE_SERVERS).execute(outsider, code),
      () => new BanMember(db.plain, clock).execute(owner, serverId, outsider.userId, {}),
    );

    expect(joining.ok).toBe(true);
    expect(banning.ok).toBe(true);
    expect(await db.stores.bans.isBanned(serverId, outsider.userId)).toBe(true);
    expect(await db.stores.members.find(serverId, outsider.userId)).toBeNull();
  });

  it('a ban that is under way when a join comes: the join waits for it, then is refused', async () => {
    const { serverId, owner, outsider, code } = await aServerAndOutsider();
    const ban = db.pausingAfter('bans', 'add');

    const [banning, joining] = await race(
      ban,
      new BanMember(ban.unitOfWork, clock).execute(owner, serverId, outsider.userId, {}),
      () => new JoinByInvite(db.plain, clock, NOBODY_ONLINE, NO_SIGNALS, NO_LARGE_SERVERS).execute(outsider, code),
    );

    expect(banning.ok).toBe(true);
    expect(joining).toEqual({ ok: false, error: { kind: 'InviteNotFound' } });
    expect(await db.stores.members.find(serverId, outsider.userId)).toBeNull();
    expect((await db.stores.invites.findByCode(code))?.uses).toBe(0);
  });

  it('a transfer under way when the new owner is kicked: the kick waits, then is refused (no longer the owner)', async () => {
    const { serverId, owner } = await aServerAndOutsider();
    const heir = await givenActor(db.stores, (await givenMemberOf(db.stores, serverId)).user.id);
    const transfer = db.pausingAfter('members', 'find');

    const [transferring, kicking] = await race(
      transfer,
      new TransferServer(transfer.unitOfWork).execute(owner, serverId, { userId: heir.userId }),
      () => new KickMember(db.plain).execute(owner, serverId, heir.userId),
    );

    expect(transferring.ok).toBe(true);
    expect(kicking).toEqual({ ok: false, error: { kind: 'MissingPermission', permission: 'KICK_MEMBERS' } });
    expect((await db.stores.servers.findById(serverId))?.ownerId).toBe(heir.userId);
    expect(await db.stores.members.find(serverId, heir.userId)).not.toBeNull();
  });

  it('a kick under way when a transfer to the kicked member comes: the transfer waits, then finds no such member', async () => {
    const { serverId, owner } = await aServerAndOutsider();
    const heir = await givenActor(db.stores, (await givenMemberOf(db.stores, serverId)).user.id);
    const kick = db.pausingAfter('members', 'remove');

    const [kicking, transferring] = await race(
      kick,
      new KickMember(kick.unitOfWork).execute(owner, serverId, heir.userId),
      () => new TransferServer(db.plain).execute(owner, serverId, { userId: heir.userId }),
    );

    expect(kicking.ok).toBe(true);
    expect(transferring).toEqual({ ok: false, error: { kind: 'MemberNotFound' } });
    expect((await db.stores.servers.findById(serverId))?.ownerId).toBe(owner.userId);
  });

  it('a transfer under way when the old owner changes the server: the change waits, then is refused (no longer the owner)', async () => {
    const { serverId, owner } = await aServerAndOutsider();
    const heir = await givenActor(db.stores, (await givenMemberOf(db.stores, serverId)).user.id);
    const transfer = db.pausingAfter('members', 'find');

    const [transferring, updating] = await race(
      transfer,
      new TransferServer(transfer.unitOfWork).execute(owner, serverId, { userId: heir.userId }),
      () => new UpdateServer(db.plain, new FakeAttachmentLinks()).execute(owner, serverId, { name: 'taken back', membersCanInvite: true }),
    );

    expect(transferring.ok).toBe(true);
    expect(updating).toEqual({ ok: false, error: { kind: 'MissingPermission', permission: 'MANAGE_SERVER' } });
    expect(await db.stores.servers.findById(serverId)).toMatchObject({ ownerId: heir.userId, membersCanInvite: false });
  });
});
