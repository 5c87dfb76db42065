import { expectOk } from '@chat/domain/testing';
import { serverOf } from '@chat/domain';
import { aMessage, aServerWithCast } from '../../helpers';

async function aDm() {
  const cast = await aServerWithCast();
  const dm = expectOk(await cast.world.openConversation.execute(cast.owner, { recipientIds: [cast.member.userId] })).conversation;
  return { ...cast, dm };
}

describe('messages in a direct conversation', () => {
  it('its recipients write, read, edit and react, through the channel routes; its events carry no server', async () => {
    const { world, owner, member, dm } = await aDm();
    const before = world.events().length;

    const sent = await aMessage(world, owner, dm.id, 'hi there');
    expect(expectOk(await world.readMessages(member, dm.id)).map((m) => m.content)).toEqual(['hi there']);
    expectOk(await world.editMessage.execute(owner, dm.id, sent.id, { content: 'hi!' }));
    expectOk(await world.addReaction.execute(member, dm.id, sent.id, '👍'));

    const events = world.events().slice(before);
    expect(events.map((e) => e.type)).toEqual(['message.created', 'message.updated', 'reaction.added']);
    for (const event of events) {
      expect(event).toMatchObject({ serverId: null });
      // Routed by the conversation, as a server's events by the server.
      expect(serverOf(event)).toBe(dm.id);
    }
    expect((await world.stores.conversations.view(dm.id))?.lastMessageId).toBe(sent.id);
  });

  it('is closed to everyone else: 403 NotARecipient', async () => {
    const { world, owner, outsider, server, dm } = await aDm();
    const coMember = await world.aMemberOf(server, owner);
    const sent = await aMessage(world, owner, dm.id);

    for (const stranger of [outsider, coMember]) {
      expect(await world.sendMessage.execute(stranger, dm.id, { content: 'x' })).toEqual({ ok: false, error: { kind: 'NotARecipient' } });
      expect(await world.getMessages.execute(stranger, dm.id, {})).toEqual({ ok: false, error: { kind: 'NotARecipient' } });
      expect(await world.getMessage.execute(stranger, dm.id, sent.id)).toEqual({ ok: false, error: { kind: 'NotARecipient' } });
      expect(await world.addReaction.execute(stranger, dm.id, sent.id, '👍')).toEqual({ ok: false, error: { kind: 'NotARecipient' } });
    }
  });

  it("only a message's author deletes it; nobody clears another's reactions", async () => {
    const { world, owner, member, dm } = await aDm();
    const sent = await aMessage(world, owner, dm.id);
    expectOk(await world.addReaction.execute(owner, dm.id, sent.id, '👍'));

    expect(await world.deleteMessage.execute(member, dm.id, sent.id)).toEqual({ ok: false, error: { kind: 'MissingPermission', permission: 'MANAGE_MESSAGES' } });
    expect(await world.clearReaction.execute(member, dm.id, sent.id, '👍')).toMatchObject({ ok: false, error: { kind: 'MissingPermission' } });
    expectOk(await world.deleteMessage.execute(owner, dm.id, sent.id));
    expect(world.events().at(-1)).toEqual({ type: 'message.deleted', serverId: null, channelId: dm.id, messageId: sent.id });
  });

  it('after a block, neither writes (403 Blocked) but both still read; unblocked, they write again', async () => {
    const { world, owner, member, dm } = await aDm();
    await aMessage(world, owner, dm.id, 'before');
    expectOk(await world.blockUser.execute(member, owner.userId));

    expect(await world.sendMessage.execute(owner, dm.id, { content: 'x' })).toEqual({ ok: false, error: { kind: 'Blocked' } });
    expect(await world.sendMessage.execute(member, dm.id, { content: 'x' })).toEqual({ ok: false, error: { kind: 'Blocked' } });
    expect(expectOk(await world.readMessages(owner, dm.id)).map((m) => m.content)).toEqual(['before']);

    expectOk(await world.unblockUser.execute(member, owner.userId));
    expectOk(await world.sendMessage.execute(owner, dm.id, { content: 'again' }));
  });

  it('a removed recipient reads and writes no more', async () => {
    const { world, owner, member, server } = await aDm();
    const third = await world.aMemberOf(server, owner);
    const group = expectOk(await world.openConversation.execute(owner, { recipientIds: [member.userId, third.userId] })).conversation;
    expectOk(await world.removeRecipient.execute(owner, group.id, third.userId));

    expect(await world.sendMessage.execute(third, group.id, { content: 'x' })).toEqual({ ok: false, error: { kind: 'NotARecipient' } });
    expect(await world.getMessages.execute(third, group.id, {})).toEqual({ ok: false, error: { kind: 'NotARecipient' } });
  });
});

describe('ListConversations', () => {
  it('lists the most recently active first, a page at a time', async () => {
    const { world, owner, server, member } = await aServerWithCast();
    const others = [member, await world.aMemberOf(server, owner), await world.aMemberOf(server, owner)];
    const ids: string[] = [];
    for (const other of others) ids.push(expectOk(await world.openConversation.execute(owner, { recipientIds: [other.userId] })).conversation.id);
    const [a, b, c] = ids as [string, string, string];
    await aMessage(world, owner, a, 'wake the oldest');

    const list = async (input = {}) => expectOk(await world.listConversations.execute(owner, input)).map((x) => x.id);
    expect(await list()).toEqual([a, c, b]);
    expect(await list({ limit: 2 })).toEqual([a, c]);
    expect(await list({ limit: 2, after: c })).toEqual([b]);
    expect(await world.listConversations.execute(owner, { limit: 0 })).toMatchObject({ ok: false, error: { kind: 'ValidationFailed' } });
  });
});

describe('people who share only a conversation', () => {
  it('see each other’s profile, and hear each other’s changes, once the server they shared is gone', async () => {
    const { world, owner, member, server } = await aServerWithCast();
    const dm = expectOk(await world.openConversation.execute(owner, { recipientIds: [member.userId] })).conversation;
    expectOk(await world.leaveServer.execute(member, server.id));

    expect(expectOk(await world.getUserProfile.execute(owner, member.userId))).toMatchObject({ id: member.userId });
    expectOk(await world.updateAccount.execute(member, { displayName: 'Mia' }));
    const updated = world.events().at(-1);
    expect(updated).toMatchObject({ type: 'user.updated', user: { id: member.userId, displayName: 'Mia' } });
    expect(updated?.type === 'user.updated' && updated.serverIds).toEqual([dm.id]);
  });
});
