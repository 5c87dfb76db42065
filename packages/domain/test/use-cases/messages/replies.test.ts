import { messageJson } from '@chat/contract';
import { bitsOf, messageCreated, REPLY_PREVIEW_LENGTH, type MessageView } from '@chat/domain';
import { expectOk } from '@chat/domain/testing';
import { aMessage, aServerWithCast, aServerWithCastAndDm, MALFORMED_ID, UNKNOWN_ID } from '../../helpers';

const previewOf = (m: MessageView) => ({ id: m.id, author: { id: m.author.id, username: m.author.username }, content: m.content });
const REFUSED = { ok: false, error: { kind: 'ValidationFailed', issues: [{ path: 'replyTo', message: 'must be a message of this channel' }] } };

describe('SendMessage: replies', () => {
  it('answers, stores and announces a reply with the message it answers, and mentions its author', async () => {
    const { world, owner, member, server, channelId } = await aServerWithCast();
    const asked = await aMessage(world, member, channelId, 'a question?');
    const before = world.events().length;

    const { message } = expectOk(await world.sendMessage.execute(owner, channelId, { content: 'an answer', replyTo: asked.id }));

    expect(message.replyTo).toEqual(previewOf(asked));
    expect(message.mentions).toEqual([member.userId]);
    expect(expectOk(await world.getMessage.execute(member, channelId, message.id))).toEqual(message);
    expect(world.events().slice(before)).toEqual([messageCreated(server.id, message, null)]);
    expect(expectOk(await world.readMessages(member, channelId, {}))).toEqual([messageJson(asked), messageJson(message)]);
  });

  it('leaves the author unmentioned with mentionAuthor false, or when the replier answers themself', async () => {
    const { world, owner, member, channelId } = await aServerWithCast();
    const asked = await aMessage(world, member, channelId);

    const quiet = expectOk(await world.sendMessage.execute(owner, channelId, { content: 'hush', replyTo: asked.id, mentionAuthor: false })).message;
    const own = expectOk(await world.sendMessage.execute(member, channelId, { content: 'me again', replyTo: asked.id })).message;

    expect([quiet.mentions, own.mentions]).toEqual([[], []]);
    expect([quiet.replyTo, own.replyTo]).toEqual([previewOf(asked), previewOf(asked)]);
  });

  it('mentions the author once when the content names them too, after the others', async () => {
    const { world, owner, member, channelId } = await aServerWithCast();
    const asked = await aMessage(world, member, channelId);

    const twice = expectOk(await world.sendMessage.execute(owner, channelId, { content: `<@${member.userId}> yes`, replyTo: asked.id })).message;
    const after = expectOk(await world.sendMessage.execute(member, channelId, { content: `<@${member.userId}> and`, replyTo: (await aMessage(world, owner, channelId)).id })).message;

    expect(twice.mentions).toEqual([member.userId]);
    expect(after.mentions).toEqual([member.userId, owner.userId]);
  });

  it('does not mention an author who can no longer see the channel, yet still shows whom it answers', async () => {
    const { world, owner, member, server, channelId } = await aServerWithCast();
    const asked = await aMessage(world, member, channelId);
    await world.stores.channels.setOverwrite(channelId, { id: member.userId, type: 'member', allow: 0, deny: bitsOf(['VIEW_CHANNEL']) });

    const { message } = expectOk(await world.sendMessage.execute(owner, channelId, { content: 'behind your back', replyTo: asked.id }));

    expect(message.mentions).toEqual([]);
    expect(message.replyTo).toEqual(previewOf(asked));
    void server;
  });

  it('shows the first 200 characters of what it answers, counted in code points', async () => {
    const { world, owner, member, channelId } = await aServerWithCast();
    const long = `${'😀'.repeat(REPLY_PREVIEW_LENGTH - 1)}ab`;
    const asked = await aMessage(world, member, channelId, long);

    const { message } = expectOk(await world.sendMessage.execute(owner, channelId, { content: 'tl;dr', replyTo: asked.id }));

    expect(message.replyTo).toEqual({ ...previewOf(asked), content: `${'😀'.repeat(REPLY_PREVIEW_LENGTH - 1)}a` });
  });

  it('shows a message deleted since as deleted, and an edit as it stands, when the reply is read', async () => {
    const { world, owner, member, channelId } = await aServerWithCast();
    const gone = await aMessage(world, member, channelId, 'oops');
    const edited = await aMessage(world, member, channelId, 'first draft');
    const toGone = expectOk(await world.sendMessage.execute(owner, channelId, { content: 'what?', replyTo: gone.id })).message;
    const toEdited = expectOk(await world.sendMessage.execute(owner, channelId, { content: 'agreed', replyTo: edited.id })).message;

    expectOk(await world.deleteMessage.execute(member, channelId, gone.id));
    expectOk(await world.editMessage.execute(member, channelId, edited.id, { content: 'second draft' }));

    expect(expectOk(await world.getMessage.execute(owner, channelId, toGone.id)).replyTo).toEqual({ id: gone.id, deleted: true });
    expect(expectOk(await world.getMessage.execute(owner, channelId, toEdited.id)).replyTo).toEqual({ ...previewOf(edited), content: 'second draft' });
  });

  it('keeps the answered author mentioned through an edit of the reply', async () => {
    const { world, owner, member, channelId } = await aServerWithCast();
    const asked = await aMessage(world, member, channelId);
    const reply = expectOk(await world.sendMessage.execute(owner, channelId, { content: 'yes', replyTo: asked.id })).message;
    const quiet = expectOk(await world.sendMessage.execute(owner, channelId, { content: 'no', replyTo: asked.id, mentionAuthor: false })).message;

    expect(expectOk(await world.editMessage.execute(owner, channelId, reply.id, { content: 'yes, edited' })).mentions).toEqual([member.userId]);
    expect(expectOk(await world.editMessage.execute(owner, channelId, quiet.id, { content: 'no, edited' })).mentions).toEqual([]);
  });

  it('refuses a reply to a message of another channel, an unknown one or a malformed id, and stores nothing', async () => {
    const { world, owner, server, channelId } = await aServerWithCast();
    const other = expectOk(await world.createChannel.execute(owner, server.id, { name: 'other' }));
    const elsewhere = await aMessage(world, owner, other.id);
    const before = world.events().length;

    for (const replyTo of [elsewhere.id, UNKNOWN_ID, MALFORMED_ID]) {
      expect(await world.sendMessage.execute(owner, channelId, { content: 'lost', replyTo })).toEqual(REFUSED);
    }

    expect(expectOk(await world.readMessages(owner, channelId, {}))).toEqual([]);
    expect(world.events().length).toBe(before);
  });

  it('tells a non-member they are not one before anything of the reply', async () => {
    const { world, outsider, channelId } = await aServerWithCast();

    expect(await world.sendMessage.execute(outsider, channelId, { content: 'hi', replyTo: UNKNOWN_ID })).toEqual({ ok: false, error: { kind: 'NotAMember' } });
  });

  it('replies in a direct conversation, mentioning the other recipient', async () => {
    const { world, owner, member, dm } = await aServerWithCastAndDm();
    const asked = await aMessage(world, member, dm.id, 'psst');

    const { message } = expectOk(await world.sendMessage.execute(owner, dm.id, { content: 'what?', replyTo: asked.id }));

    expect(message.replyTo).toEqual(previewOf(asked));
    expect(message.mentions).toEqual([member.userId]);
  });
});
