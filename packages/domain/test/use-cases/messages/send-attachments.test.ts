import { bitsOf, messageAttachmentOf, type Actor } from '@chat/domain';
import { expectOk, type TestWorld } from '@chat/domain/testing';
import { anAttachment } from '@chat/domain/testing/contracts';
import { aServerWithCast, aServerWithCastAndDm } from '../../helpers';

async function anUpload(world: TestWorld, by: Actor, filename = 'cat.png') {
  const attachment = anAttachment(by.userId, { filename, createdAt: world.clock.now() });
  await world.stores.attachments.create(attachment);
  return attachment;
}

describe('SendMessage with files', () => {
  it('stores the files in the order named, with empty content, and takes them off the free uploads', async () => {
    const { world, member, channelId } = await aServerWithCast();
    const [a, b] = [await anUpload(world, member, 'a.png'), await anUpload(world, member, 'b.txt')];

    const { message } = expectOk(await world.sendMessage.execute(member, channelId, { attachmentIds: [b.id, a.id] }));

    expect(message.content).toBe('');
    expect(message.attachments).toEqual([messageAttachmentOf(b), messageAttachmentOf(a)]);
    expect((await world.stores.messages.findById(message.id))?.attachments).toEqual(message.attachments);
    expect((await world.stores.attachments.find(a.id))?.messageId).toBe(message.id);
  });

  it.each([
    ['already on a message', 'used'],
    ["someone else's", 'other'],
    ['unknown', 'unknown'],
  ])('answers AttachmentUnavailable for a file %s, and writes nothing (the free one named beside it stays free)', async (_what, which) => {
    const { world, owner, member, channelId } = await aServerWithCast();
    const free = await anUpload(world, member);
    const used = await anUpload(world, member);
    expectOk(await world.sendMessage.execute(member, channelId, { attachmentIds: [used.id] }));
    const bad = which === 'used' ? used.id : which === 'other' ? (await anUpload(world, owner)).id : '99999999';
    const events = world.events().length;

    expect(await world.sendMessage.execute(member, channelId, { content: 'x', attachmentIds: [free.id, bad] })).toEqual({ ok: false, error: { kind: 'AttachmentUnavailable' } });

    expect(world.events().length).toBe(events);
    expect((await world.stores.attachments.find(free.id))?.messageId).toBeNull();
  });

  it('answers MissingPermission ATTACH_FILES where the member lacks it, and sends plain words still', async () => {
    const { world, member, server, channelId } = await aServerWithCast();
    const file = await anUpload(world, member);
    await world.stores.channels.setOverwrite(channelId, { id: server.id, type: 'role', allow: 0, deny: bitsOf(['ATTACH_FILES']) });

    expect(await world.sendMessage.execute(member, channelId, { attachmentIds: [file.id] })).toEqual({ ok: false, error: { kind: 'MissingPermission', permission: 'ATTACH_FILES' } });
    expect((await world.sendMessage.execute(member, channelId, { content: 'words' })).ok).toBe(true);
  });

  it('refuses more than 10 ids, a repeated one, and empty content without files, before looking anything up', async () => {
    const { world, member, channelId } = await aServerWithCast();
    const eleven = Array.from({ length: 11 }, (_, i) => String(100 + i));

    expect(await world.sendMessage.execute(member, channelId, { attachmentIds: eleven })).toEqual({
      ok: false,
      error: { kind: 'ValidationFailed', issues: [{ path: 'attachmentIds', message: 'must hold at most 10 ids' }] },
    });
    expect(await world.sendMessage.execute(member, channelId, { attachmentIds: ['7', '7'] })).toMatchObject({ ok: false, error: { issues: [{ path: 'attachmentIds.1' }] } });
    expect(await world.sendMessage.execute(member, channelId, { content: '' })).toEqual({
      ok: false,
      error: { kind: 'ValidationFailed', issues: [{ path: 'content', message: 'must not be empty when the message carries no files' }] },
    });
  });

  it('sends files in a direct conversation', async () => {
    const { world, member, dm } = await aServerWithCastAndDm();
    const file = await anUpload(world, member);
    expect(expectOk(await world.sendMessage.execute(member, dm.id, { attachmentIds: [file.id] })).message.attachments).toHaveLength(1);
  });
});
