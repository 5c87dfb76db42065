import { MAX_PINS, messagePinChanged } from '@chat/domain';
import { expectOk } from '@chat/domain/testing';
import { aMessage, aServerWithCast, aServerWithCastAndDm, grant, MALFORMED_ID, UNKNOWN_ID } from '../../helpers';

const idsIn = (page: string): string[] => (JSON.parse(page) as { id: string }[]).map((m) => m.id);

describe('PinMessage, UnpinMessage and GetPins', () => {
  it('pins a message: the list has it, it shows pinned, and members are told once', async () => {
    const { world, owner, member, server, channelId } = await aServerWithCast();
    const said = await aMessage(world, member, channelId);
    const before = world.events().length;

    expect(await world.pinMessage.execute(owner, channelId, said.id)).toEqual({ ok: true, value: undefined });
    expect(await world.pinMessage.execute(owner, channelId, said.id)).toEqual({ ok: true, value: undefined });

    expect(idsIn(expectOk(await world.getPins.execute(member, channelId)))).toEqual([said.id]);
    expect(expectOk(await world.getMessage.execute(member, channelId, said.id)).pinned).toBe(true);
    expect(world.events().slice(before)).toEqual([messagePinChanged('message.pinned', server.id, channelId, said.id, owner.userId)]);
  });

  it('unpins: the message leaves the list and members are told; unpinning one not pinned is harmless and silent', async () => {
    const { world, owner, member, server, channelId } = await aServerWithCast();
    const said = await aMessage(world, member, channelId);
    expectOk(await world.pinMessage.execute(owner, channelId, said.id));
    const before = world.events().length;

    expectOk(await world.unpinMessage.execute(owner, channelId, said.id));
    expectOk(await world.unpinMessage.execute(owner, channelId, said.id));

    expect(idsIn(expectOk(await world.getPins.execute(member, channelId)))).toEqual([]);
    expect(world.events().slice(before)).toEqual([messagePinChanged('message.unpinned', server.id, channelId, said.id, owner.userId)]);
  });

  it('lists the most recently pinned first', async () => {
    const { world, owner, channelId } = await aServerWithCast();
    const [a, b, c] = [await aMessage(world, owner, channelId), await aMessage(world, owner, channelId), await aMessage(world, owner, channelId)];
    for (const m of [b, c, a]) {
      world.clock.advance(1_000);
      expectOk(await world.pinMessage.execute(owner, channelId, m.id));
    }

    expect(idsIn(expectOk(await world.getPins.execute(owner, channelId)))).toEqual([a.id, c.id, b.id]);
  });

  it('needs MANAGE_MESSAGES in the channel, which a role can give', async () => {
    const { world, owner, member, server, channelId } = await aServerWithCast();
    const said = await aMessage(world, owner, channelId);

    expect(await world.pinMessage.execute(member, channelId, said.id)).toEqual({ ok: false, error: { kind: 'MissingPermission', permission: 'MANAGE_MESSAGES' } });
    expect(await world.unpinMessage.execute(member, channelId, said.id)).toEqual({ ok: false, error: { kind: 'MissingPermission', permission: 'MANAGE_MESSAGES' } });

    await grant(world, server, member, ['MANAGE_MESSAGES']);
    expectOk(await world.pinMessage.execute(member, channelId, said.id));
  });

  it('refuses an unknown, a malformed or another channel\'s message as not found, before the permission', async () => {
    const { world, owner, member, server, channelId } = await aServerWithCast();
    const other = expectOk(await world.createChannel.execute(owner, server.id, { name: 'other' }));
    const elsewhere = await aMessage(world, owner, other.id);

    for (const id of [UNKNOWN_ID, MALFORMED_ID, elsewhere.id]) {
      expect(await world.pinMessage.execute(owner, channelId, id)).toEqual({ ok: false, error: { kind: 'MessageNotFound' } });
      expect(await world.pinMessage.execute(member, channelId, id)).toEqual({ ok: false, error: { kind: 'MessageNotFound' } });
      expect(await world.unpinMessage.execute(owner, channelId, id)).toEqual({ ok: false, error: { kind: 'MessageNotFound' } });
    }
  });

  it(`refuses a pin past ${MAX_PINS} a channel, and takes one once another is unpinned`, async () => {
    const { world, owner, channelId } = await aServerWithCast();
    const sent = [];
    for (let i = 0; i <= MAX_PINS; i++) sent.push(await aMessage(world, owner, channelId, `m${i}`));
    for (const m of sent.slice(0, MAX_PINS)) expectOk(await world.pinMessage.execute(owner, channelId, m.id));
    const before = world.events().length;

    expect(await world.pinMessage.execute(owner, channelId, sent[MAX_PINS]!.id)).toEqual({ ok: false, error: { kind: 'TooManyPins', max: MAX_PINS } });
    expect(world.events().length).toBe(before);

    expectOk(await world.unpinMessage.execute(owner, channelId, sent[0]!.id));
    expectOk(await world.pinMessage.execute(owner, channelId, sent[MAX_PINS]!.id));
  });

  it('lets any recipient of a direct conversation pin, unpin and list', async () => {
    const { world, owner, member, dm } = await aServerWithCastAndDm();
    const said = await aMessage(world, owner, dm.id);

    expectOk(await world.pinMessage.execute(member, dm.id, said.id));

    expect(idsIn(expectOk(await world.getPins.execute(owner, dm.id)))).toEqual([said.id]);
    expect(world.events().at(-1)).toEqual(messagePinChanged('message.pinned', null, dm.id, said.id, member.userId));
    expectOk(await world.unpinMessage.execute(owner, dm.id, said.id));
  });

  it('keeps the list from who may not read the channel, and from a dead session', async () => {
    const { world, owner, outsider, channelId } = await aServerWithCast();

    expect(await world.getPins.execute(outsider, channelId)).toEqual({ ok: false, error: { kind: 'NotAMember' } });
    expect(await world.getPins.execute(owner, UNKNOWN_ID)).toEqual({ ok: false, error: { kind: 'ChannelNotFound' } });
    expect(await world.getPins.execute(owner, MALFORMED_ID)).toEqual({ ok: false, error: { kind: 'ChannelNotFound' } });
    expect(await world.getPins.execute({ ...owner, sessionId: UNKNOWN_ID }, channelId)).toEqual({ ok: false, error: { kind: 'InvalidToken' } });
  });
});
