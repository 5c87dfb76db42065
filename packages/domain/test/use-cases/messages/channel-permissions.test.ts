import { bitsOf, type Permission } from '@chat/domain';
import { createMemoryStores, createTestWorld, expectOk, MemoryState } from '@chat/domain/testing';
import { aMessage } from '../../helpers';
import { aRoleFor } from '../../roles';

const missing = (permission: Permission) => ({ ok: false, error: { kind: 'MissingPermission', permission } });

/** A server, its owner, a member, and the memory stores under them (to set overwrites directly). */
async function aCast() {
  const state = new MemoryState();
  const stores = createMemoryStores(state);
  const world = createTestWorld(state, stores);
  const owner = await world.aUser('owner');
  const server = await world.aServer(owner);
  const member = await world.aMemberOf(server, owner);
  const channelId = server.defaultChannelId;
  const overwrite = (id: string, type: 'role' | 'member', allow: Permission[], deny: Permission[]) =>
    stores.channels.setOverwrite(channelId, { id, type, allow: bitsOf(allow), deny: bitsOf(deny) });
  return { world, owner, server, member, channelId, overwrite };
}

describe('message routes in a channel the member cannot see', () => {
  it('refuses every message route with MissingPermission VIEW_CHANNEL, and lets the owner through', async () => {
    const { world, owner, server, member, channelId, overwrite } = await aCast();
    const theirs = await aMessage(world, member, channelId);
    await world.addReaction.execute(member, channelId, theirs.id, '👍');
    await overwrite(server.id, 'role', [], ['VIEW_CHANNEL']);

    const refused = missing('VIEW_CHANNEL');
    expect(await world.readMessages(member, channelId)).toEqual(refused);
    expect(await world.sendMessage.execute(member, channelId, { content: 'hi' })).toEqual(refused);
    expect(await world.getMessage.execute(member, channelId, theirs.id)).toEqual(refused);
    expect(await world.editMessage.execute(member, channelId, theirs.id, { content: 'edited' })).toEqual(refused);
    expect(await world.deleteMessage.execute(member, channelId, theirs.id)).toEqual(refused);
    expect(await world.addReaction.execute(member, channelId, theirs.id, '👍')).toEqual(refused);
    expect(await world.removeReaction.execute(member, channelId, theirs.id, '👍')).toEqual(refused);
    expect(expectOk(await world.getMessage.execute(owner, channelId, theirs.id)).content).toBe('hello');
  });

  it("lets a role's overwrite give the channel back, and refuses sending where SEND_MESSAGES is denied", async () => {
    const { world, server, member, channelId, overwrite } = await aCast();
    await overwrite(server.id, 'role', [], ['VIEW_CHANNEL']);
    const leads = await aRoleFor(world, server, member, []);
    await overwrite(leads, 'role', ['VIEW_CHANNEL'], []);
    expectOk(await world.sendMessage.execute(member, channelId, { content: 'hi' }));

    await overwrite(member.userId, 'member', [], ['SEND_MESSAGES']);
    expect(await world.sendMessage.execute(member, channelId, { content: 'hi' })).toEqual(missing('SEND_MESSAGES'));
    expect(expectOk(await world.readMessages(member, channelId))).toHaveLength(1);
  });
});

describe('moderating messages and reactions by MANAGE_MESSAGES', () => {
  it("lets a member whose role gives MANAGE_MESSAGES delete others' messages and remove or clear others' reactions", async () => {
    const { world, owner, server, member, channelId } = await aCast();
    const plain = await world.aMemberOf(server, owner);
    const [first, second] = [await aMessage(world, plain, channelId), await aMessage(world, plain, channelId)];
    expectOk(await world.addReaction.execute(plain, channelId, first.id, '👍'));
    expectOk(await world.addReaction.execute(plain, channelId, first.id, '🎉'));
    expect(await world.deleteMessage.execute(member, channelId, second.id)).toEqual(missing('MANAGE_MESSAGES'));
    expect(await world.removeUserReaction.execute(member, channelId, first.id, '👍', plain.userId)).toEqual(missing('MANAGE_MESSAGES'));
    expect(await world.clearReaction.execute(member, channelId, first.id, '🎉')).toEqual(missing('MANAGE_MESSAGES'));

    await aRoleFor(world, server, member, ['MANAGE_MESSAGES']);
    expectOk(await world.deleteMessage.execute(member, channelId, second.id));
    expectOk(await world.removeUserReaction.execute(member, channelId, first.id, '👍', plain.userId));
    expectOk(await world.clearReaction.execute(member, channelId, first.id, '🎉'));
    expect(expectOk(await world.getMessage.execute(member, channelId, first.id)).reactions).toEqual([]);
    // Editing stays the author's, whatever the permissions.
    expect(await world.editMessage.execute(member, channelId, first.id, { content: 'mine now' })).toEqual({ ok: false, error: { kind: 'NotTheAuthor' } });
  });
});

describe('reacting by ADD_REACTIONS', () => {
  it('needs ADD_REACTIONS for a new emoji, but only sight of the channel to join one already there', async () => {
    const { world, owner, server, member, channelId, overwrite } = await aCast();
    const message = await aMessage(world, owner, channelId);
    expectOk(await world.addReaction.execute(owner, channelId, message.id, '👍'));
    await overwrite(server.id, 'role', [], ['ADD_REACTIONS']);

    expect(await world.addReaction.execute(member, channelId, message.id, '🎉')).toEqual(missing('ADD_REACTIONS'));
    expect(expectOk(await world.addReaction.execute(member, channelId, message.id, '👍'))).toMatchObject({ emoji: '👍', count: 2, reacted: true });
    expectOk(await world.removeReaction.execute(member, channelId, message.id, '👍'));
  });
});
