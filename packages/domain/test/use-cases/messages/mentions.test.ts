import { bitsOf, messageCreated, messageUpdated, type Actor } from '@chat/domain';
import { expectOk, type TestWorld } from '@chat/domain/testing';
import { aMessage, aServerWithCast, grant } from '../../helpers';

const mentionsOf = (m: { mentions: readonly string[]; mentionRoles: readonly string[]; mentionEveryone: boolean }) => ({
  mentions: m.mentions,
  mentionRoles: m.mentionRoles,
  mentionEveryone: m.mentionEveryone,
});

/** A second channel of the cast's server that `@everyone` cannot see: only the owner does. */
async function aPrivateChannel(world: TestWorld, owner: Actor, serverId: string): Promise<string> {
  const channel = expectOk(await world.createChannel.execute(owner, serverId, { name: 'private' }));
  await world.stores.channels.setOverwrite(channel.id, { id: serverId, type: 'role', allow: 0, deny: bitsOf(['VIEW_CHANNEL']) });
  return channel.id;
}

describe('SendMessage and EditMessage: mentions', () => {
  it('answers, stores and announces the users mentioned who can see the channel, not the one shut out of it', async () => {
    const { world, owner, member, outsider, server } = await aServerWithCast();
    const privateId = await aPrivateChannel(world, owner, server.id);
    const before = world.events().length;

    const { message } = expectOk(await world.sendMessage.execute(owner, privateId, { content: `<@${member.userId}> <@${outsider.userId}> <@${owner.userId}> look` }));

    expect(mentionsOf(message)).toEqual({ mentions: [owner.userId], mentionRoles: [], mentionEveryone: false });
    expect(mentionsOf(expectOk(await world.getMessage.execute(owner, privateId, message.id)))).toEqual(mentionsOf(message));
    expect(world.events().slice(before)).toEqual([messageCreated(server.id, message, null)]);
  });

  it('mentions a role of the server and a member who sees the channel', async () => {
    const { world, owner, member, server, channelId } = await aServerWithCast();
    const lead = await grant(world, server, member, []);

    const { message } = expectOk(await world.sendMessage.execute(member, channelId, { content: `<@&${lead}> <@&${server.id}> and <@${owner.userId}>` }));

    expect(mentionsOf(message)).toEqual({ mentions: [owner.userId], mentionRoles: [lead], mentionEveryone: false });
  });

  it('takes @everyone from a member holding MENTION_EVERYONE, as plain text from one who does not', async () => {
    const { world, owner, member, server, channelId } = await aServerWithCast();

    expect(expectOk(await world.sendMessage.execute(member, channelId, { content: '@everyone hi' })).message.mentionEveryone).toBe(false);
    await grant(world, server, member, ['MENTION_EVERYONE']);
    expect(expectOk(await world.sendMessage.execute(member, channelId, { content: '@everyone hi' })).message.mentionEveryone).toBe(true);
    expect(expectOk(await world.sendMessage.execute(owner, channelId, { content: 'hi @everyone' })).message.mentionEveryone).toBe(true);
  });

  it('in a direct conversation mentions its recipients only, and @everyone is plain text', async () => {
    const { world, owner, member, outsider } = await aServerWithCast();
    const dm = expectOk(await world.openConversation.execute(owner, { recipientIds: [member.userId] })).conversation;

    const { message } = expectOk(await world.sendMessage.execute(owner, dm.id, { content: `@everyone <@${outsider.userId}> <@${member.userId}>` }));

    expect(mentionsOf(message)).toEqual({ mentions: [member.userId], mentionRoles: [], mentionEveryone: false });
  });

  it('works the mentions out again on an edit, and announces them', async () => {
    const { world, owner, member, server, channelId } = await aServerWithCast();
    const sent = await aMessage(world, owner, channelId, `<@${member.userId}> @everyone`);
    expect(mentionsOf(sent)).toEqual({ mentions: [member.userId], mentionRoles: [], mentionEveryone: true });
    const lead = await grant(world, server, member, []);
    const before = world.events().length;

    const edited = expectOk(await world.editMessage.execute(owner, channelId, sent.id, { content: `<@&${lead}> <@${owner.userId}>` }));

    expect(mentionsOf(edited)).toEqual({ mentions: [owner.userId], mentionRoles: [lead], mentionEveryone: false });
    expect(world.events().slice(before)).toEqual([messageUpdated(server.id, edited)]);
  });

  it('on an edit, leaves out a user who can no longer see the channel', async () => {
    const { world, owner, member, server } = await aServerWithCast();
    const privateId = await aPrivateChannel(world, owner, server.id);
    await world.stores.channels.setOverwrite(privateId, { id: member.userId, type: 'member', allow: bitsOf(['VIEW_CHANNEL']), deny: 0 });
    const sent = await aMessage(world, owner, privateId, `<@${member.userId}>`);
    expect(sent.mentions).toEqual([member.userId]);
    await world.stores.channels.setOverwrite(privateId, { id: member.userId, type: 'member', allow: 0, deny: 0 });

    const edited = expectOk(await world.editMessage.execute(owner, privateId, sent.id, { content: `<@${member.userId}> again` }));

    expect(edited.mentions).toEqual([]);
  });
});
