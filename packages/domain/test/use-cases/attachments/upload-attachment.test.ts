import { DEFAULT_QUOTAS, storageKeyOf } from '@chat/domain';
import { aPngHead, createMemoryStores, createTestWorld, expectOk, MemoryState } from '@chat/domain/testing';
import { chunked, readAll, someBytes } from '@chat/domain/testing/contracts';

const aWorld = (uploadBytesPerDay = DEFAULT_QUOTAS.uploadBytesPerDay) => {
  const state = new MemoryState();
  return createTestWorld(state, createMemoryStores(state), { ...DEFAULT_QUOTAS, uploadBytesPerDay });
};

/** A PNG's head, then `extra` bytes: what the fake inspector reads as a PNG of that size. */
const aPng = (width: number, height: number, extra = 100): Uint8Array => {
  const head = aPngHead(width, height);
  const file = new Uint8Array(head.length + extra);
  file.set(head);
  return file;
};

/** A body that counts how far it was read. */
function counted(bytes: Uint8Array): { body: AsyncGenerator<Uint8Array>; read: () => number } {
  let read = 0;
  async function* body() {
    for await (const chunk of chunked(bytes, 100)) {
      read += chunk.length;
      yield chunk;
    }
  }
  return { body: body(), read: () => read };
}

describe('UploadAttachment', () => {
  it('keeps an image with its sniffed type and size, under a key made from its id, and answers it with a link', async () => {
    const world = aWorld();
    const alice = await world.aUser();
    const png = aPng(640, 480);

    const view = expectOk(await world.uploadAttachment.execute(alice, { filename: 'cat.png', body: chunked(png, 7) }));

    expect(view).toEqual({ id: expect.any(String), filename: 'cat.png', contentType: 'image/png', size: png.length, width: 640, height: 480, url: expect.stringContaining(`/api/attachments/${view.id}?`) });
    expect(await world.stores.attachments.find(view.id)).toEqual({ ...view, url: undefined, uploaderId: alice.userId, storageKey: storageKeyOf(view.id), createdAt: world.clock.now(), messageId: null, attachedAt: null, usedAs: null });
    expect(await readAll((await world.files.get(storageKeyOf(view.id)))!)).toEqual(png);
  });

  it('takes the type from the bytes, not the name: a "picture.png" of other bytes is a file without size', async () => {
    const world = aWorld();
    const alice = await world.aUser();

    const view = expectOk(await world.uploadAttachment.execute(alice, { filename: 'picture.png', body: chunked(someBytes(500)) }));

    expect(view).toMatchObject({ filename: 'picture.png', contentType: 'application/octet-stream', size: 500, width: null, height: null });
  });

  it('keeps the name for display only, sanitised: no path, no control characters', async () => {
    const world = aWorld();
    const alice = await world.aUser();

    const view = expectOk(await world.uploadAttachment.execute(alice, { filename: '../../etc/pass\u0000wd\u202e.txt', body: chunked(someBytes(10)) }));

    expect(view.filename).toBe('passwd.txt');
    expect([...world.files.files.keys()]).toEqual([storageKeyOf(view.id)]);
  });

  it('refuses an empty file (400) and keeps nothing', async () => {
    const world = aWorld();
    const alice = await world.aUser();

    expect(await world.uploadAttachment.execute(alice, { filename: 'empty.txt', body: chunked(new Uint8Array(0)) })).toEqual({
      ok: false,
      error: { kind: 'ValidationFailed', issues: [{ path: 'file', message: 'must not be empty' }] },
    });
    expect(world.files.files.size).toBe(0);
  });

  it('refuses a file past the size limit, reading no further than the limit, and keeps nothing', async () => {
    const world = aWorld();
    const alice = await world.aUser();
    const body = counted(someBytes(30 * 1024 * 1024));

    expect(await world.uploadAttachment.execute(alice, { filename: 'big.bin', body: body.body })).toEqual({ ok: false, error: { kind: 'FileTooLarge', max: 25 * 1024 * 1024 } });
    expect(body.read()).toBeLessThanOrEqual(25 * 1024 * 1024 + 100);
    expect(world.files.files.size).toBe(0);
  });

  it("holds one user to the day's quota: refused past it, nothing kept, and room again a day later", async () => {
    const world = aWorld(1_000);
    const alice = await world.aUser();
    const bob = await world.aUser();

    expectOk(await world.uploadAttachment.execute(alice, { filename: 'a', body: chunked(someBytes(600)) }));
    expect(await world.uploadAttachment.execute(alice, { filename: 'b', body: chunked(someBytes(401)) })).toEqual({ ok: false, error: { kind: 'QuotaExceeded', quota: 'uploadBytesPerDay', max: 1_000 } });
    expectOk(await world.uploadAttachment.execute(alice, { filename: 'c', body: chunked(someBytes(400)) }));
    expectOk(await world.uploadAttachment.execute(bob, { filename: 'd', body: chunked(someBytes(1_000)) }));
    expect(world.files.files.size).toBe(3);

    const unread = counted(someBytes(1));
    expect(await world.uploadAttachment.execute(alice, { filename: 'e', body: unread.body })).toMatchObject({ ok: false, error: { kind: 'QuotaExceeded' } });
    expect(unread.read()).toBe(0);

    world.clock.advance(24 * 3600_000 + 1);
    expectOk(await world.uploadAttachment.execute(alice, { filename: 'f', body: chunked(someBytes(1_000)) }));
  });

  it("rejects with the body's error when the upload breaks off, and keeps nothing", async () => {
    const world = aWorld();
    const alice = await world.aUser();
    const dropped = new Error('aborted');
    async function* breaking() {
      yield someBytes(100);
      throw dropped;
    }

    await expect(world.uploadAttachment.execute(alice, { filename: 'x', body: breaking() })).rejects.toBe(dropped);
    expect(world.files.files.size).toBe(0);
  });
});
