import {
  channelCreated,
  memberJoined,
  memberLeft,
  messageCreated,
  messageDeleted,
  messageUpdated,
  reactionChanged,
  sessionRevoked,
  type ChatEvent,
} from '@chat/domain';
import { createTestWorld, expectOk, type TestWorld } from '@chat/domain/testing';
import { aServerWithCast, UNKNOWN_ID } from '../helpers';

/** What the world recorded while `act` ran. */
async function recorded(world: TestWorld, act: () => Promise<unknown>): Promise<ChatEvent[]> {
  const before = world.events().length;
  await act();
  return world.events().slice(before);
}

describe('every write records its event with the change', () => {
  it('SendMessage records message.created with the stored message, its server and the nonce', async () => {
    const { world, member, server, channelId } = await aServerWithCast();
    let sent: Awaited<ReturnType<TestWorld['sendMessage']['execute']>> | undefined;

    const events = await recorded(world, async () => (sent = await world.sendMessage.execute(member, channelId, { content: 'hi', nonce: 'abc' })));

    const { message, nonce } = expectOk(sent!);
    expect(nonce).toBe('abc');
    expect(events).toEqual([messageCreated(server.id, message, 'abc')]);
  });

  it('a refused send records nothing', async () => {
    const { world, outsider, channelId } = await aServerWithCast();

    expect(await recorded(world, () => world.sendMessage.execute(outsider, channelId, { content: 'hi' }))).toEqual([]);
    expect(await recorded(world, () => world.sendMessage.execute(outsider, channelId, { content: 'hi', nonce: 'x'.repeat(65) }))).toEqual([]);
  });

  it('refuses a nonce longer than 64 characters', async () => {
    const { world, member, channelId } = await aServerWithCast();

    expect(await world.sendMessage.execute(member, channelId, { content: 'hi', nonce: 'x'.repeat(65) })).toEqual({
      ok: false,
      error: { kind: 'ValidationFailed', issues: [{ path: 'nonce', message: 'must be at most 64 characters' }] },
    });
  });

  it('EditMessage records message.updated with the edited message', async () => {
    const { world, member, server, channelId } = await aServerWithCast();
    const { message } = expectOk(await world.sendMessage.execute(member, channelId, { content: 'hi' }));
    world.clock.advance(1_000);

    const events = await recorded(world, () => world.editMessage.execute(member, channelId, message.id, { content: 'edited' }));

    expect(events).toEqual([messageUpdated(server.id, { ...message, content: 'edited', editedAt: world.clock.now() })]);
  });

  it('DeleteMessage records message.deleted; a refused delete records nothing', async () => {
    const { world, owner, member, server, channelId } = await aServerWithCast();
    const { message } = expectOk(await world.sendMessage.execute(owner, channelId, { content: 'hi' }));

    expect(await recorded(world, () => world.deleteMessage.execute(member, channelId, message.id))).toEqual([]);
    expect(await recorded(world, () => world.deleteMessage.execute(owner, channelId, message.id))).toEqual([messageDeleted(server.id, channelId, message.id)]);
  });

  it('reactions record reaction.added and reaction.removed with the new count, only when something changed', async () => {
    const { world, owner, member, server, channelId } = await aServerWithCast();
    const { message } = expectOk(await world.sendMessage.execute(owner, channelId, { content: 'hi' }));
    const state = (count: number, reacted: boolean) => ({ messageId: message.id, emoji: '👍', count, reacted });

    const added = await recorded(world, async () => {
      await world.addReaction.execute(owner, channelId, message.id, '👍');
      await world.addReaction.execute(member, channelId, message.id, '👍');
      await world.addReaction.execute(member, channelId, message.id, '👍');
    });
    const removed = await recorded(world, async () => {
      await world.removeReaction.execute(member, channelId, message.id, '👍');
      await world.removeReaction.execute(member, channelId, message.id, '👍');
    });

    expect(added).toEqual([
      reactionChanged('reaction.added', server.id, channelId, owner.userId, state(1, true)),
      reactionChanged('reaction.added', server.id, channelId, member.userId, state(2, true)),
    ]);
    expect(removed).toEqual([reactionChanged('reaction.removed', server.id, channelId, member.userId, state(1, false))]);
  });

  it('JoinByInvite records member.joined once; joining again records nothing', async () => {
    const { world, owner, server } = await aServerWithCast();
    const joiner = await world.aUser('joiner');
    const invite = expectOk(await world.createInvite.execute(owner, server.id));

    const events = await recorded(world, async () => {
      await world.joinByInvite.execute(joiner, invite.code);
      await world.joinByInvite.execute(joiner, invite.code);
    });

    expect(events).toEqual([memberJoined({ serverId: server.id, userId: joiner.userId, joinedAt: world.clock.now(), user: { id: joiner.userId, username: 'joiner', displayName: null, avatar: null }, roleIds: [] })]);
  });

  it('LeaveServer records member.left; a refused leave records nothing', async () => {
    const { world, owner, member, server } = await aServerWithCast();

    expect(await recorded(world, () => world.leaveServer.execute(owner, server.id))).toEqual([]);
    expect(await recorded(world, () => world.leaveServer.execute(member, UNKNOWN_ID))).toEqual([]);
    expect(await recorded(world, () => world.leaveServer.execute(member, server.id))).toEqual([memberLeft(server.id, member.userId, 'leave')]);
    expect(await recorded(world, () => world.leaveServer.execute(member, server.id))).toEqual([]);
  });

  it('CreateChannel records channel.created', async () => {
    const { world, owner, server } = await aServerWithCast();
    let channel: unknown;

    const events = await recorded(world, async () => (channel = expectOk(await world.createChannel.execute(owner, server.id, { name: 'random' }))));

    expect(events).toEqual([channelCreated(channel as Parameters<typeof channelCreated>[0])]);
  });

  it("CreateServer records the owner's member.joined, so the owner's sockets learn of the server", async () => {
    const world = createTestWorld();
    const owner = await world.aUser('owner');

    const events = await recorded(world, () => world.aServer(owner));

    const server = expectOk(await world.listMyServers.execute(owner))[0]!;
    expect(events).toEqual([memberJoined({ serverId: server.id, userId: owner.userId, joinedAt: world.clock.now(), user: { id: owner.userId, username: 'owner', displayName: null, avatar: null }, roleIds: [] })]);
  });

  it('LogOut records session.revoked for that session', async () => {
    const world = createTestWorld();
    const user = await world.aUser();

    expect(await recorded(world, () => world.logOut.execute(user))).toEqual([sessionRevoked(user.userId, user.sessionId)]);
  });

  it("DeleteApplication records session.revoked for every session of the application's bot", async () => {
    const world = createTestWorld();
    const owner = await world.aUser();
    const app = expectOk(await world.createApplication.execute(owner, { name: 'Bot' }));

    expect(await recorded(world, () => world.deleteApplication.execute(owner, app.id))).toEqual([sessionRevoked(app.bot.id, null)]);
  });

  it('a refresh token spent twice records session.revoked for its family', async () => {
    const world = createTestWorld();
    const owner = await world.aUser();
    const app = expectOk(await world.createApplication.execute(owner, { name: 'Bot' }));
    const credentials = { clientId: app.clientId, clientSecret: app.clientSecret };
    const pair = expectOk(await world.clientCredentialsGrant.execute(credentials));
    const bot = await world.tokens.verify(pair.accessToken);
    expectOk(await world.refreshTokenGrant.execute(credentials, pair.refreshToken));

    const events = await recorded(world, () => world.refreshTokenGrant.execute(credentials, pair.refreshToken));

    expect(events).toEqual([sessionRevoked(app.bot.id, bot!.sessionId)]);
  });
});
