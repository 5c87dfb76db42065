import { UNREAD_COUNT_CAP } from '@chat/domain';
import { expectOk } from '@chat/domain/testing';
import { aMessage, aServerWithCast, grant, someMessages } from '../../helpers';

describe('ListReadStates', () => {
  it('counts others’ messages since the last read, never the user’s own', async () => {
    const { world, owner, member, server, channelId } = await aServerWithCast();
    await someMessages(world, owner, channelId, 2);

    expect(expectOk(await world.listReadStates.execute(member))).toEqual([{ channelId, serverId: server.id, lastReadMessageId: null, unreadCount: 2, mentionCount: 0 }]);
    // The owner's own messages are nothing new to them.
    expect(expectOk(await world.listReadStates.execute(owner))).toEqual([]);
  });

  it('counts the unread messages that mention the user, a role of theirs, or everyone; never their own', async () => {
    const { world, owner, member, server, channelId } = await aServerWithCast();
    const [theirs, other] = [await grant(world, server, member, []), await grant(world, server, owner, [])];
    for (const content of [`<@${member.userId}> hi`, `<@&${theirs}> hi`, '@everyone hi', `<@${owner.userId}> <@&${other}> not them`, 'plain']) await aMessage(world, owner, channelId, content);
    expect(expectOk(await world.listReadStates.execute(member))).toEqual([{ channelId, serverId: server.id, lastReadMessageId: null, unreadCount: 5, mentionCount: 3 }]);

    // Their own message names them and the owner: nothing to them, one mention to the owner.
    await aMessage(world, member, channelId, `<@${member.userId}> <@${owner.userId}> my own`);
    expect(expectOk(await world.listReadStates.execute(member))).toEqual([]);
    expect(expectOk(await world.listReadStates.execute(owner))).toEqual([{ channelId, serverId: server.id, lastReadMessageId: expect.any(String), unreadCount: 1, mentionCount: 1 }]);
  });

  it('marks the channel read up to the message its user sends', async () => {
    const { world, owner, member, channelId } = await aServerWithCast();
    await someMessages(world, owner, channelId, 2);

    await aMessage(world, member, channelId, 'my answer');

    expect(expectOk(await world.listReadStates.execute(member))).toEqual([]);
    await aMessage(world, owner, channelId, 'and again');
    expect(expectOk(await world.listReadStates.execute(member))[0]?.unreadCount).toBe(1);
  });

  it('keeps counts true after an edit and a delete of unread messages', async () => {
    const { world, owner, member, channelId } = await aServerWithCast();
    const [first, second] = await someMessages(world, owner, channelId, 2);

    expectOk(await world.editMessage.execute(owner, channelId, first!.id, { content: 'edited' }));
    expect(expectOk(await world.listReadStates.execute(member))[0]?.unreadCount).toBe(2);
    expectOk(await world.deleteMessage.execute(owner, channelId, second!.id));
    expect(expectOk(await world.listReadStates.execute(member))[0]?.unreadCount).toBe(1);
    expectOk(await world.deleteMessage.execute(owner, channelId, first!.id));
    expect(expectOk(await world.listReadStates.execute(member))).toEqual([]);
  });

  it('shows a newcomer nothing said before they joined', async () => {
    const { world, owner, server, channelId } = await aServerWithCast();
    await someMessages(world, owner, channelId, 3);
    // A millisecond on: ids tell when they were made, and these were made before the join.
    world.clock.advance(1);
    const newcomer = await world.aMemberOf(server, owner);
    expect(expectOk(await world.listReadStates.execute(newcomer))).toEqual([]);

    await aMessage(world, owner, channelId, 'welcome');
    expect(expectOk(await world.listReadStates.execute(newcomer))).toEqual([{ channelId, serverId: server.id, lastReadMessageId: null, unreadCount: 1, mentionCount: 0 }]);
  });

  it(`counts at most ${UNREAD_COUNT_CAP} unread messages`, async () => {
    const { world, owner, member, channelId } = await aServerWithCast();
    await someMessages(world, owner, channelId, UNREAD_COUNT_CAP + 1);

    expect(expectOk(await world.listReadStates.execute(member))[0]?.unreadCount).toBe(UNREAD_COUNT_CAP);
  });

  it('lists only the channels the user can see', async () => {
    const { world, owner, member, server, channelId } = await aServerWithCast();
    const hidden = expectOk(
      await world.createChannel.execute(owner, server.id, { name: 'leads', permissionOverwrites: [{ id: server.id, type: 'role', allow: [], deny: ['VIEW_CHANNEL'] }] }),
    );
    await aMessage(world, owner, hidden.id);
    await aMessage(world, owner, channelId);

    expect(expectOk(await world.listReadStates.execute(member)).map((state) => state.channelId)).toEqual([channelId]);
  });
});
