import { expectOk } from '@chat/domain/testing';
import { MAX_GROUP_RECIPIENTS, type Actor, type ChatEvent } from '@chat/domain';
import { aMessage, aServerWithCast, UNKNOWN_ID } from '../../helpers';

const told = (events: readonly ChatEvent[]) =>
  events.flatMap((e) =>
    e.type === 'conversation.opened' || e.type === 'conversation.closed'
      ? [`${e.type} ${e.viewerId}`]
      : e.type === 'conversation.updated'
        ? [`${e.type} ${e.conversation.recipients.map((r) => r.id).join(',')} owner ${e.conversation.ownerId}`]
        : [],
  );

async function aGroup() {
  const cast = await aServerWithCast();
  const { world, owner, server, member } = cast;
  const third = await world.aMemberOf(server, owner);
  const group = expectOk(await world.openConversation.execute(owner, { recipientIds: [member.userId, third.userId] })).conversation;
  return { ...cast, third, group };
}

describe('a group’s recipients', () => {
  it('the owner adds a co-member: the group is told, then the newcomer gets it; adding again changes nothing', async () => {
    const { world, owner, server, member, third, group } = await aGroup();
    const fourth = await world.aMemberOf(server, owner);
    const before = world.events().length;

    expectOk(await world.addRecipient.execute(owner, group.id, fourth.userId));
    expectOk(await world.addRecipient.execute(owner, group.id, fourth.userId));

    const all = [owner, member, third, fourth].map((a) => a.userId).join(',');
    expect(told(world.events().slice(before))).toEqual([`conversation.updated ${all} owner ${owner.userId}`, `conversation.opened ${fourth.userId}`]);
  });

  it('refuses one who is not the owner, strangers, unknown users, a one-to-one, a full group and outsiders', async () => {
    const { world, owner, server, member, outsider, group } = await aGroup();
    const dm = expectOk(await world.openConversation.execute(owner, { recipientIds: [member.userId] })).conversation;
    const newcomer = await world.aMemberOf(server, owner);

    expect(await world.addRecipient.execute(member, group.id, newcomer.userId)).toEqual({ ok: false, error: { kind: 'NotTheOwner' } });
    expect(await world.addRecipient.execute(owner, group.id, outsider.userId)).toEqual({ ok: false, error: { kind: 'NoSharedServer' } });
    expect(await world.addRecipient.execute(owner, group.id, UNKNOWN_ID)).toEqual({ ok: false, error: { kind: 'UserNotFound' } });
    expect(await world.addRecipient.execute(owner, dm.id, newcomer.userId)).toEqual({ ok: false, error: { kind: 'NotAGroup' } });
    expect(await world.addRecipient.execute(outsider, group.id, newcomer.userId)).toEqual({ ok: false, error: { kind: 'NotARecipient' } });
    expect(await world.addRecipient.execute(owner, UNKNOWN_ID, newcomer.userId)).toEqual({ ok: false, error: { kind: 'ChannelNotFound' } });
    expectOk(await world.blockUser.execute(newcomer, owner.userId));
    expect(await world.addRecipient.execute(owner, group.id, newcomer.userId)).toEqual({ ok: false, error: { kind: 'Blocked' } });

    const more: Actor[] = [];
    for (let i = 3; i < MAX_GROUP_RECIPIENTS; i++) more.push(await world.aMemberOf(server, owner));
    for (const someone of more) expectOk(await world.addRecipient.execute(owner, group.id, someone.userId));
    const late = await world.aMemberOf(server, owner);
    expect(await world.addRecipient.execute(owner, group.id, late.userId)).toEqual({ ok: false, error: { kind: 'GroupFull', max: MAX_GROUP_RECIPIENTS } });
  });

  it('anyone leaves; the owner removes; a leaving owner passes the group to who has been in it longest', async () => {
    const { world, owner, member, third, group } = await aGroup();
    let before = world.events().length;

    expectOk(await world.removeRecipient.execute(owner, group.id, owner.userId));
    expect(told(world.events().slice(before))).toEqual([`conversation.closed ${owner.userId}`, `conversation.updated ${member.userId},${third.userId} owner ${member.userId}`]);

    expect(await world.removeRecipient.execute(third, group.id, member.userId)).toEqual({ ok: false, error: { kind: 'NotTheOwner' } });
    expect(await world.removeRecipient.execute(member, group.id, owner.userId)).toEqual({ ok: false, error: { kind: 'RecipientNotFound' } });
    expect(await world.removeRecipient.execute(owner, group.id, member.userId)).toEqual({ ok: false, error: { kind: 'NotARecipient' } });

    before = world.events().length;
    expectOk(await world.removeRecipient.execute(member, group.id, third.userId));
    expect(told(world.events().slice(before))).toEqual([`conversation.closed ${third.userId}`, `conversation.updated ${member.userId} owner ${member.userId}`]);
  });

  it('the last recipient to leave takes the group with them: it and its messages are gone', async () => {
    const { world, owner, member, third, group } = await aGroup();
    const said = await aMessage(world, owner, group.id, 'anyone there?');
    expectOk(await world.removeRecipient.execute(owner, group.id, owner.userId));
    expectOk(await world.removeRecipient.execute(member, group.id, member.userId));
    expect(await world.stores.conversations.findById(group.id)).not.toBeNull();

    const before = world.events().length;
    expectOk(await world.removeRecipient.execute(third, group.id, third.userId));

    expect(told(world.events().slice(before))).toEqual([`conversation.closed ${third.userId}`]);
    expect(await world.stores.conversations.findById(group.id)).toBeNull();
    expect(await world.stores.messages.findById(said.id)).toBeNull();
  });

  it('any recipient renames a group (null clears it); a one-to-one has no name', async () => {
    const { world, owner, member, outsider, group } = await aGroup();
    const dm = expectOk(await world.openConversation.execute(owner, { recipientIds: [member.userId] })).conversation;

    expect(expectOk(await world.updateChannel.execute(member, group.id, { name: '  Trip  ' }))).toMatchObject({ id: group.id, name: 'Trip' });
    expect(world.events().at(-1)).toMatchObject({ type: 'conversation.updated', conversation: { name: 'Trip' } });
    expect(expectOk(await world.updateChannel.execute(owner, group.id, { name: null }))).toMatchObject({ name: null });

    expect(await world.updateChannel.execute(owner, dm.id, { name: 'x' })).toEqual({ ok: false, error: { kind: 'NotAGroup' } });
    expect(await world.updateChannel.execute(outsider, group.id, { name: 'x' })).toEqual({ ok: false, error: { kind: 'NotARecipient' } });
    expect(await world.updateChannel.execute(owner, group.id, { topic: 'x' })).toMatchObject({ ok: false, error: { kind: 'ValidationFailed' } });
    expect(await world.updateChannel.execute(owner, group.id, { name: 'x'.repeat(101) })).toMatchObject({ ok: false, error: { kind: 'ValidationFailed' } });
  });
});
