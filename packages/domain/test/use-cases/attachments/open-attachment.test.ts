import type { SignedLink } from '@chat/domain';
import { createTestWorld, expectOk } from '@chat/domain/testing';
import { chunked, readAll, someBytes } from '@chat/domain/testing/contracts';

/** The parts of a link as the download route reads them from its URL. */
function linkOf(url: string): SignedLink {
  const parsed = new URL(url, 'http://chat.test');
  return { attachmentId: parsed.pathname.split('/').pop() ?? '', expires: parsed.searchParams.get('expires') ?? '', signature: parsed.searchParams.get('signature') ?? '' };
}

async function anUpload() {
  const world = createTestWorld();
  const alice = await world.aUser();
  const bytes = someBytes(1_000);
  const view = expectOk(await world.uploadAttachment.execute(alice, { filename: 'notes.txt', body: chunked(bytes) }));
  return { world, bytes, view, link: linkOf(view.url) };
}

describe('OpenAttachment', () => {
  it('opens an attachment by its link, and reads its bytes, all or a range', async () => {
    const { world, bytes, view, link } = await anUpload();

    const opened = expectOk(await world.openAttachment.execute(link));

    expect(opened.attachment).toMatchObject({ id: view.id, filename: 'notes.txt', size: 1_000 });
    expect(await readAll((await opened.read())!)).toEqual(bytes);
    expect(await readAll((await opened.read({ start: 10, end: 19 }))!)).toEqual(bytes.slice(10, 20));
  });

  it('refuses a link that expired, or whose signature is not ours, the same way whether the file exists or not', async () => {
    const { world, link } = await anUpload();

    expect(await world.openAttachment.execute({ ...link, signature: 'forged' })).toEqual({ ok: false, error: { kind: 'LinkInvalid' } });
    expect(await world.openAttachment.execute({ ...link, attachmentId: '1', signature: 'forged' })).toEqual({ ok: false, error: { kind: 'LinkInvalid' } });
    world.clock.advance(24 * 3600_000);
    expect(await world.openAttachment.execute(link)).toEqual({ ok: false, error: { kind: 'LinkInvalid' } });
  });

  it('answers AttachmentNotFound for a good link to an attachment gone since', async () => {
    const { world, view, link } = await anUpload();
    const links = world.openAttachment;
    await world.stores.attachments.create({ ...(await world.stores.attachments.find(view.id))!, id: '42', storageKey: 'attachments/42' });

    expect(await links.execute({ ...link, attachmentId: '43' })).toEqual({ ok: false, error: { kind: 'AttachmentNotFound' } });
  });
});
