import {
  BanMember,
  BlockUser,
  CreateApplication,
  CreateChannel,
  CreateInvite,
  CreateServer,
  DEFAULT_QUOTAS,
  SendMessage,
  TransferServer,
  UploadAttachment,
  type Actor,
  type Quotas,
} from '@chat/domain';
import { FakeAttachmentLinks, FakeFileInspector, FakeOpaqueTokens, InMemoryFileStore } from '@chat/domain/testing';
import { aServerWithOwner, chunked, freshId, givenActor, givenMemberOf, givenUser, someBytes, uniqueToken } from '@chat/domain/testing/contracts';
import { aRaceDatabase, race } from './race-helpers';
import { describeWithPostgres } from './test-databases';

const clock = { now: () => new Date() };
const ids = { next: freshId };
const codes = { next: uniqueToken };
/** Room for exactly one more of each: the default server already has one channel. */
const quotas: Quotas = { ...DEFAULT_QUOTAS, serversOwned: 1, channelsPerServer: 2, invitesPerServer: 1, applications: 1, bansPerServer: 1, rolesPerServer: 1, blocks: 1 };

/**
 * Two creations that each count what is there before adding one: the first stops right after its
 * count while the second runs. Without the hold the second passes the same count and both are
 * created, every time; with it the second waits, counts the first's row and is refused.
 */
describeWithPostgres('quota races on PostgreSQL: racing creations cannot pass a quota together', () => {
  const db = aRaceDatabase();

  it('servers owned: of two racing creations by one person, one is refused', async () => {
    const person = await givenActor(db.stores, (await givenUser(db.stores)).id);
    const paused = db.pausingAfter('servers', 'countOwnedBy');

    const [first, second] = await race(
      paused,
      new CreateServer(paused.unitOfWork, ids, clock, quotas).execute(person, { name: 'first' }),
      () => new CreateServer(db.plain, ids, clock, quotas).execute(person, { name: 'second' }),
    );

    expect(first.ok).toBe(true);
    expect(second).toEqual({ ok: false, error: { kind: 'QuotaExceeded', quota: 'serversOwned', max: 1 } });
    expect(await db.stores.servers.countOwnedBy(person.userId)).toBe(1);
  });

  it('channels per server: of two racing creations in one server, one is refused', async () => {
    const { server, ownerUser } = await aServerWithOwner(db.stores);
    const owner = await givenActor(db.stores, ownerUser.id);
    const paused = db.pausingAfter('channels', 'countByServer');

    const [first, second] = await race(
      paused,
      new CreateChannel(paused.unitOfWork, ids, clock, quotas).execute(owner, server.id, { name: 'first' }),
      () => new CreateChannel(db.plain, ids, clock, quotas).execute(owner, server.id, { name: 'second' }),
    );

    expect(first.ok).toBe(true);
    expect(second).toEqual({ ok: false, error: { kind: 'QuotaExceeded', quota: 'channelsPerServer', max: 2 } });
    expect(await db.stores.channels.countByServer(server.id)).toBe(2);
  });

  it('live invites per server: of two racing creations in one server, one is refused', async () => {
    const { server, ownerUser } = await aServerWithOwner(db.stores);
    const owner = await givenActor(db.stores, ownerUser.id);
    const paused = db.pausingAfter('invites', 'countLive');

    const [first, second] = await race(
      paused,
      new CreateInvite(paused.unitOfWork, codes, clock, quotas).execute(owner, server.id),
      () => new CreateInvite(db.plain, codes, clock, quotas).execute(owner, server.id),
    );

    expect(first.ok).toBe(true);
    expect(second).toEqual({ ok: false, error: { kind: 'QuotaExceeded', quota: 'invitesPerServer', max: 1 } });
    expect(await db.stores.invites.countLive(server.id, new Date())).toBe(1);
  });

  it('bans per server: of two racing bans of different users in one server, one is refused', async () => {
    const { server, ownerUser } = await aServerWithOwner(db.stores);
    const owner = await givenActor(db.stores, ownerUser.id);
    const [one, two] = [await givenUser(db.stores), await givenUser(db.stores)];
    const paused = db.pausingAfter('bans', 'count');

    const [first, second] = await race(
      paused,
      new BanMember(paused.unitOfWork, clock, quotas).execute(owner, server.id, one.id),
      () => new BanMember(db.plain, clock, quotas).execute(owner, server.id, two.id),
    );

    expect(first.ok).toBe(true);
    expect(second).toEqual({ ok: false, error: { kind: 'QuotaExceeded', quota: 'bansPerServer', max: 1 } });
    expect(await db.stores.bans.count(server.id)).toBe(1);
  });

  it('applications: of two racing creations by one person, one is refused and leaves no bot behind', async () => {
    const person = await givenActor(db.stores, (await givenUser(db.stores)).id);
    const paused = db.pausingAfter('applications', 'countByOwner');
    const secrets = new FakeOpaqueTokens();

    const [first, second] = await race(
      paused,
      new CreateApplication(paused.unitOfWork, secrets, ids, clock, quotas).execute(person, { name: 'first' }),
      () => new CreateApplication(db.plain, secrets, ids, clock, quotas).execute(person, { name: 'second' }),
    );

    expect(first.ok).toBe(true);
    expect(second).toEqual({ ok: false, error: { kind: 'QuotaExceeded', quota: 'applications', max: 1 } });
    expect(await db.stores.applications.countByOwner(person.userId)).toBe(1);
    const bots = await db.database.db.selectFrom('users').select('id').where('email', 'like', '%@bots.invalid').where('username', 'like', 'second-%').execute();
    expect(bots).toEqual([]);
  });

  it('servers owned: a creation and a transfer to the same person, racing, cannot both count them below the quota', async () => {
    const { server, ownerUser } = await aServerWithOwner(db.stores);
    const owner = await givenActor(db.stores, ownerUser.id);
    const heir = await givenActor(db.stores, (await givenMemberOf(db.stores, server.id)).user.id);
    const paused = db.pausingAfter('servers', 'countOwnedBy');

    const [creating, transferring] = await race(
      paused,
      new CreateServer(paused.unitOfWork, ids, clock, quotas).execute(heir, { name: 'own' }),
      () => new TransferServer(db.plain, quotas).execute(owner, server.id, { userId: heir.userId }),
    );

    expect(creating.ok).toBe(true);
    expect(transferring).toEqual({ ok: false, error: { kind: 'QuotaExceeded', quota: 'serversOwned', max: 1 } });
    expect(await db.stores.servers.countOwnedBy(heir.userId)).toBe(1);
  });

  it('holding a person for a count does not stop their messages meanwhile', async () => {
    const { server, ownerUser } = await aServerWithOwner(db.stores, {});
    const owner: Actor = await givenActor(db.stores, ownerUser.id);
    const paused = db.pausingAfter('servers', 'countOwnedBy');

    const creating = new CreateServer(paused.unitOfWork, ids, clock, { ...quotas, serversOwned: 5 }).execute(owner, { name: 'another' });
    await paused.atPause;
    const sending = new SendMessage(db.stores.messages, ids, clock).execute(owner, server.defaultChannelId, { content: 'not held up' });
    const outcome = await Promise.race([sending, new Promise<'waited'>((resolve) => setTimeout(() => resolve('waited'), 5000))]);
    paused.release();

    expect(outcome).toMatchObject({ ok: true });
    expect((await creating).ok).toBe(true);
  });

  it('blocks: of two racing blocks of different users by one person, one is refused', async () => {
    const person = await givenActor(db.stores, (await givenUser(db.stores)).id);
    const [one, other] = [await givenUser(db.stores), await givenUser(db.stores)];
    const paused = db.pausingAfter('blocks', 'count');

    const [first, second] = await race(
      paused,
      new BlockUser(paused.unitOfWork, clock, quotas).execute(person, one.id),
      () => new BlockUser(db.plain, clock, quotas).execute(person, other.id),
    );

    expect(first.ok).toBe(true);
    expect(second).toEqual({ ok: false, error: { kind: 'QuotaExceeded', quota: 'blocks', max: 1 } });
    expect(await db.stores.blocks.count(person.userId)).toBe(1);
  });

  it("uploads: of two racing uploads by one person that would pass the day's bytes together, one is refused and its file not kept", async () => {
    const person = await givenActor(db.stores, (await givenUser(db.stores)).id);
    const files = new InMemoryFileStore();
    const ports = { stores: db.stores, files, inspector: new FakeFileInspector(), links: new FakeAttachmentLinks(), ids, clock, quotas: { ...quotas, uploadBytesPerDay: 1_000 } };
    const paused = db.pausingAfter('attachments', 'bytesUploadedSince');

    const [first, second] = await race(
      paused,
      new UploadAttachment({ ...ports, unitOfWork: paused.unitOfWork }).execute(person, { filename: 'first', body: chunked(someBytes(600)) }),
      () => new UploadAttachment({ ...ports, unitOfWork: db.plain }).execute(person, { filename: 'second', body: chunked(someBytes(600)) }),
    );

    expect(first.ok).toBe(true);
    expect(second).toEqual({ ok: false, error: { kind: 'QuotaExceeded', quota: 'uploadBytesPerDay', max: 1_000 } });
    expect(files.files.size).toBe(1);
    expect(await db.stores.attachments.bytesUploadedSince(person.userId, new Date(0))).toBe(600);
  });
});
