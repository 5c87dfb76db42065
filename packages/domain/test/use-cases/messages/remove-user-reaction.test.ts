import { reactionChanged } from '@chat/domain';
import { expectOk } from '@chat/domain/testing';
import { aMessage, aServerWithCast } from '../../helpers';

describe('RemoveUserReaction', () => {
  it("lets the owner remove a member's reaction, with reaction.removed naming the member", async () => {
    const { world, owner, member, server, channelId } = await aServerWithCast();
    const sent = await aMessage(world, owner, channelId);
    expectOk(await world.addReaction.execute(member, channelId, sent.id, '👍'));
    expectOk(await world.addReaction.execute(owner, channelId, sent.id, '👍'));
    const before = world.events().length;

    const state = expectOk(await world.removeUserReaction.execute(owner, channelId, sent.id, '👍', member.userId));

    // From the caller's side: the owner's own reaction is still there.
    expect(state).toEqual({ messageId: sent.id, emoji: '👍', count: 1, reacted: true });
    expect(world.events().slice(before)).toEqual([reactionChanged('reaction.removed', server.id, channelId, member.userId, { ...state, reacted: true })]);
  });

  it("refuses a member who names another user's reaction, and changes nothing", async () => {
    const { world, owner, member, channelId } = await aServerWithCast();
    const sent = await aMessage(world, owner, channelId);
    expectOk(await world.addReaction.execute(owner, channelId, sent.id, '👍'));

    expect(await world.removeUserReaction.execute(member, channelId, sent.id, '👍', owner.userId)).toEqual({ ok: false, error: { kind: 'MissingPermission', permission: 'MANAGE_MESSAGES' } });
    expect(expectOk(await world.getMessage.execute(owner, channelId, sent.id)).reactions).toEqual([{ emoji: '👍', count: 1, reacted: true }]);
  });

  it('records no event for a reaction that was not there', async () => {
    const { world, owner, member, channelId } = await aServerWithCast();
    const sent = await aMessage(world, owner, channelId);
    const before = world.events().length;

    expect(expectOk(await world.removeUserReaction.execute(owner, channelId, sent.id, '👍', member.userId)).count).toBe(0);
    expect(world.events().slice(before)).toEqual([]);
  });

  it.each(['abc', '-1', '123456789012345678901234'])('answers UserNotFound for the malformed user id %j, owner or not, and changes nothing', async (userId) => {
    const { world, owner, member, channelId } = await aServerWithCast();
    const sent = await aMessage(world, owner, channelId);
    expectOk(await world.addReaction.execute(owner, channelId, sent.id, '👍'));
    const before = world.events().length;

    expect(await world.removeUserReaction.execute(owner, channelId, sent.id, '👍', userId)).toEqual({ ok: false, error: { kind: 'UserNotFound' } });
    expect(await world.removeUserReaction.execute(member, channelId, sent.id, '👍', userId)).toEqual({ ok: false, error: { kind: 'UserNotFound' } });
    expect(world.events().slice(before)).toEqual([]);
  });
});
