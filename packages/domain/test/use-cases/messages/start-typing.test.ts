import { bitsOf } from '@chat/domain';
import { expectOk } from '@chat/domain/testing';
import { aServerWithCastAndDm } from '../../helpers';

/** A server with its owner, a member and an outsider, a direct conversation of the first two, and what the bus carried. */
async function aCast() {
  const cast = await aServerWithCastAndDm();
  return { ...cast, stores: cast.world.stores };
}

const refused = (kind: string, more: object = {}) => ({ ok: false, error: { kind, ...more } });

describe('StartTyping', () => {
  it('puts typing.started on the bus for the channel, its server and the typist, expiring in 10 s; nothing is logged', async () => {
    const { world, server, member, heard } = await aCast();
    const before = world.events().length;

    expect(await world.startTyping.execute(member, server.defaultChannelId)).toEqual({ ok: true, value: undefined });

    const expiresAt = new Date(world.clock.now().getTime() + 10_000);
    expect(heard).toEqual([{ type: 'typing.started', channelId: server.defaultChannelId, serverId: server.id, userId: member.userId, expiresAt }]);
    expect(world.events().length).toBe(before);
  });

  it('in a direct conversation, says so with serverId null', async () => {
    const { world, owner, dm, heard } = await aCast();

    expectOk(await world.startTyping.execute(owner, dm.id));

    expect(heard).toEqual([expect.objectContaining({ channelId: dm.id, serverId: null, userId: owner.userId })]);
  });

  it('lets one signal out per user and channel every 5 s, answering the repeats alike', async () => {
    const { world, owner, server, member, dm, heard } = await aCast();
    const channelId = server.defaultChannelId;

    const answers = [await world.startTyping.execute(member, channelId), await world.startTyping.execute(member, channelId)];
    expectOk(await world.startTyping.execute(owner, channelId));
    expectOk(await world.startTyping.execute(member, dm.id));
    world.clock.advance(4_999);
    expectOk(await world.startTyping.execute(member, channelId));
    world.clock.advance(1);
    expectOk(await world.startTyping.execute(member, channelId));

    expect(answers).toEqual([{ ok: true, value: undefined }, { ok: true, value: undefined }]);
    expect(heard.map((s) => `${s.userId === member.userId ? 'member' : 'owner'} in ${s.type === 'typing.started' && s.channelId === dm.id ? 'dm' : 'channel'}`)).toEqual([
      'member in channel',
      'owner in channel',
      'member in dm',
      'member in channel',
    ]);
  });

  it('is refused as a send is: unknown channel 404, stranger 403, hidden channel or no SEND_MESSAGES 403, a blocked one-to-one 403; nobody hears', async () => {
    const { world, stores, owner, server, member, outsider, dm, heard } = await aCast();
    const channelId = server.defaultChannelId;
    const other = await world.aMemberOf(server, owner);
    const theirs = expectOk(await world.openConversation.execute(owner, { recipientIds: [other.userId] })).conversation;

    const answers = [
      await world.startTyping.execute(member, '999999'),
      await world.startTyping.execute(member, 'not-an-id'),
      await world.startTyping.execute(outsider, channelId),
      await world.startTyping.execute(member, theirs.id),
    ];
    await stores.channels.setOverwrite(channelId, { id: member.userId, type: 'member', allow: 0, deny: bitsOf(['SEND_MESSAGES']) });
    answers.push(await world.startTyping.execute(member, channelId));
    await stores.channels.setOverwrite(channelId, { id: member.userId, type: 'member', allow: 0, deny: bitsOf(['VIEW_CHANNEL']) });
    answers.push(await world.startTyping.execute(member, channelId));
    expectOk(await world.blockUser.execute(member, owner.userId));
    answers.push(await world.startTyping.execute(owner, dm.id), await world.startTyping.execute(member, dm.id));

    expect(answers).toEqual([
      refused('ChannelNotFound'),
      refused('ChannelNotFound'),
      refused('NotAMember'),
      refused('NotARecipient'),
      refused('MissingPermission', { permission: 'SEND_MESSAGES' }),
      refused('MissingPermission', { permission: 'VIEW_CHANNEL' }),
      refused('Blocked'),
      refused('Blocked'),
    ]);
    expect(heard).toEqual([]);
  });

  it('refuses what the send refuses, kind for kind', async () => {
    const { world, server, member, outsider, dm } = await aCast();
    for (const [actor, channelId] of [[member, '999999'], [outsider, server.defaultChannelId], [outsider, dm.id]] as const) {
      const send = await world.sendMessage.execute(actor, channelId, { content: 'hi' });
      expect(await world.startTyping.execute(actor, channelId)).toEqual(send);
    }
  });
});
