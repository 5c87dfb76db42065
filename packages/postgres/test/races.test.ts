import { AddReaction, DeleteMessage, everyoneRoleOf, NO_MENTIONS, RemoveReaction } from '@chat/domain';
import { createKyselyStores, KyselyEventHistory, KyselyEventRelay, KyselyUnitOfWork } from '@chat/postgres';
import { aServerWithOwner, aSession, aUser, freshId, givenActor, givenMemberOf, givenMessage } from '@chat/domain/testing/contracts';
import { createPostgresDatabase, describeWithPostgres, type TestDatabase } from './test-databases';

const at = new Date('2026-03-04T05:06:07.089Z');

describeWithPostgres('races between replicas end in one row and a clean answer', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createPostgresDatabase();
  });
  afterAll(async () => {
    await database.drop();
  });

  it('lets one of two simultaneous registrations with one email through', async () => {
    const stores = createKyselyStores(database.db);
    const email = `race-${freshId()}@example.com`;
    const outcomes = await Promise.all(
      Array.from({ length: 8 }, (_, i) => stores.users.create(aUser({ email: i % 2 ? email.toUpperCase() : email }))),
    );
    expect(outcomes.filter((o) => o === 'created')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'EmailTaken')).toHaveLength(7);
  });

  it('keeps one membership for two simultaneous joins', async () => {
    const stores = createKyselyStores(database.db);
    const { server } = await aServerWithOwner(stores);
    const joiner = aUser();
    await stores.users.create(joiner);
    const outcomes = await Promise.all(
      Array.from({ length: 6 }, () => stores.members.add({ serverId: server.id, userId: joiner.id, joinedAt: at })),
    );
    expect(outcomes.sort()).toEqual(['added', 'already', 'already', 'already', 'already', 'already']);
    expect((await stores.members.list(server.id, { limit: 10 })).map((m) => m.userId)).toContain(joiner.id);
  });

  it('counts one reaction for simultaneous identical reactions, and holds the emoji cap under a burst', async () => {
    const stores = createKyselyStores(database.db);
    const { server, ownerUser: owner } = await aServerWithOwner(stores);
    const message = { id: freshId(), channelId: server.defaultChannelId, authorId: owner.id, content: 'hi', createdAt: at, editedAt: null, ...NO_MENTIONS, attachments: [], replyTo: null, pinnedAt: null };
    await stores.messages.create(message);
    const same = await Promise.all(
      Array.from({ length: 6 }, () => stores.messages.addReaction({ channelId: message.channelId, messageId: message.id, userId: owner.id, emoji: '👍', createdAt: at }, { distinctEmoji: 3, total: 5000 })),
    );
    expect(same.sort()).toEqual(['added', 'already', 'already', 'already', 'already', 'already']);

    const burst = await Promise.all(
      ['😀', '😂', '🥲', '😍', '🤔'].map((emoji) => stores.messages.addReaction({ channelId: message.channelId, messageId: message.id, userId: owner.id, emoji, createdAt: at }, { distinctEmoji: 3, total: 5000 })),
    );
    expect(burst.filter((o) => o === 'added')).toHaveLength(2);
    expect((await stores.messages.view(message.id, owner.id))?.reactions).toHaveLength(3);
  });

  it('leaves nothing behind when creating a server fails half-way', async () => {
    const stores = createKyselyStores(database.db);
    const serverId = freshId();
    const channelId = freshId();
    const ghost = freshId(); // no such user: the owner's membership, the last insert, fails
    const owner = aUser();
    await stores.users.create(owner);
    await expect(
      stores.servers.create({
        server: { id: serverId, name: 'half', avatar: null, banner: null, verified: false, defaultChannelId: channelId, ownerId: owner.id, createdAt: at, membersCanInvite: false },
        defaultChannel: { id: channelId, serverId, name: 'general', topic: null, position: 0, permissionOverwrites: [], createdAt: at },
        owner: { serverId, userId: ghost, joinedAt: at },
        everyone: everyoneRoleOf(serverId, at, false),
      }),
    ).rejects.toThrow();
    expect(await stores.servers.findById(serverId)).toBeNull();
    expect(await stores.channels.findById(channelId)).toBeNull();
  });
});

describeWithPostgres('a refresh token raced by two replicas', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createPostgresDatabase();
  });
  afterAll(async () => {
    await database.drop();
  });

  it('is spent by exactly one of them', async () => {
    const stores = createKyselyStores(database.db);
    const owner = aUser();
    const bot = aUser({ bot: true });
    await stores.users.create(owner);
    await stores.users.create(bot);
    const appId = freshId();
    await stores.applications.create({ id: appId, name: 'b', ownerId: owner.id, botUserId: bot.id, clientId: appId, clientSecretHash: 'h', createdAt: at });
    const familyId = freshId();
    await stores.sessions.create({ ...aSession(bot.id, { createdAt: at }), id: familyId });
    await stores.refreshTokens.create({ tokenHash: `race-${familyId}`, familyId, applicationId: appId, userId: bot.id, createdAt: at, expiresAt: new Date(at.getTime() + 60_000) });
    const outcomes = await Promise.all(Array.from({ length: 6 }, () => stores.refreshTokens.use(`race-${familyId}`, at)));
    expect(outcomes.sort()).toEqual(['AlreadyUsed', 'AlreadyUsed', 'AlreadyUsed', 'AlreadyUsed', 'AlreadyUsed', 'used']);
  });
});

describeWithPostgres('repositories given a transaction', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createPostgresDatabase();
  });
  afterAll(async () => {
    await database.drop();
  });

  it('work inside it, and a rollback undoes them', async () => {
    const owner = aUser();
    await createKyselyStores(database.db).users.create(owner);
    const serverId = freshId();
    const channelId = freshId();
    await expect(
      database.db.transaction().execute(async (trx) => {
        const stores = createKyselyStores(trx);
        await stores.servers.create({
          server: { id: serverId, name: 'tx', avatar: null, banner: null, verified: false, defaultChannelId: channelId, ownerId: owner.id, createdAt: at, membersCanInvite: false },
          defaultChannel: { id: channelId, serverId, name: 'general', topic: null, position: 0, permissionOverwrites: [], createdAt: at },
          owner: { serverId, userId: owner.id, joinedAt: at },
          everyone: everyoneRoleOf(serverId, at, false),
        });
        expect(await stores.servers.findById(serverId)).not.toBeNull();
        throw new Error('roll it back');
      }),
    ).rejects.toThrow('roll it back');
    expect(await createKyselyStores(database.db).servers.findById(serverId)).toBeNull();
  });
});

describeWithPostgres('events written by racing writes say what the data says', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createPostgresDatabase();
  });
  afterAll(async () => {
    await database.drop();
  });

  it('gives the last of simultaneous reaction changes the count that stands, and tells one delete once', async () => {
    const stores = createKyselyStores(database.db);
    const unitOfWork = new KyselyUnitOfWork(database.db);
    const clock = { now: () => at };
    const { defaultChannel, ownerUser } = await aServerWithOwner(stores);
    const owner = await givenActor(stores, ownerUser.id);
    const others = await Promise.all(Array.from({ length: 5 }, async () => givenActor(stores, (await givenMemberOf(stores, defaultChannel.serverId)).user.id)));
    const message = await givenMessage(stores, defaultChannel.id, ownerUser.id);
    const react = new AddReaction(unitOfWork, clock);
    const unreact = new RemoveReaction(unitOfWork);
    for (const actor of others) await react.execute(actor, defaultChannel.id, message.id, '👍');
    const relay = new KyselyEventRelay(database.db);
    const placeAll = async () => {
      for (let pass = await relay.place(); pass.pending || !pass.held; pass = await relay.place());
    };
    await placeAll();
    const { head } = await relay.head();

    await Promise.all([...others.map((actor) => unreact.execute(actor, defaultChannel.id, message.id, '👍')), react.execute(owner, defaultChannel.id, message.id, '👍')]);
    const deletes = await Promise.all([1, 2, 3].map(() => new DeleteMessage(unitOfWork).execute(owner, defaultChannel.id, message.id)));
    await placeAll();

    const events = (await new KyselyEventHistory(database.db).after(head, 100)).map(({ event }) => event);
    const counts = events.flatMap((event) => (event?.type.startsWith('reaction.') && 'reaction' in event ? [event.reaction.count] : []));
    // A delete that overlaps another is answered as done; one that starts after another committed
    // finds no message (404): which of the two each gets depends on timing, never a second event.
    expect(deletes.some((result) => result.ok)).toBe(true);
    for (const result of deletes) expect(result.ok || result.error.kind === 'MessageNotFound').toBe(true);
    expect(counts).toHaveLength(6);
    // Serialized on the message: each change's count is one off the one before, ending at what stands.
    expect(counts.slice(1).every((count, i) => Math.abs(count - counts[i]!) === 1)).toBe(true);
    expect(counts[5]).toBe(1);
    expect(events.filter((event) => event?.type === 'message.deleted')).toHaveLength(1);
  });
});
