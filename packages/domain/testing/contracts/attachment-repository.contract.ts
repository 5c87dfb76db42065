import { serverImageSlot, storageKeyOf, userAvatarSlot, type Attachment, type Id, type Stores } from '../../src';
import type { SeedableStores } from './fixtures';
import { at, freshId, givenUser } from './fixtures';

export function anAttachment(uploaderId: Id, overrides: Partial<Attachment> = {}): Attachment {
  const id = overrides.id ?? freshId();
  return {
    id,
    uploaderId,
    filename: 'cat.png',
    contentType: 'image/png',
    size: 1234,
    width: 640,
    height: 480,
    storageKey: storageKeyOf(id),
    createdAt: at(),
    messageId: null,
    attachedAt: null,
    usedAs: null,
    ...overrides,
  };
}

/** What every `AttachmentRepository` must do. */
export function describeAttachmentRepositoryContract(name: string, makeStores: () => Promise<SeedableStores>): void {
  describe(`AttachmentRepository contract: ${name}`, () => {
    let stores: Stores;
    beforeAll(async () => {
      stores = await makeStores();
    });

    it('keeps an upload as it was made, image or not', async () => {
      const user = await givenUser(stores);
      const image = anAttachment(user.id);
      const other = anAttachment(user.id, { filename: 'notes (final) ünïcödé 😀.txt', contentType: 'application/octet-stream', size: 0, width: null, height: null });
      await stores.attachments.create(image);
      await stores.attachments.create(other);

      expect(await stores.attachments.find(image.id)).toEqual(image);
      expect(await stores.attachments.find(other.id)).toEqual(other);
      expect(await stores.attachments.find(freshId())).toBeNull();
    });

    it('keeps sizes past 2 GiB exactly', async () => {
      const user = await givenUser(stores);
      const huge = anAttachment(user.id, { size: 5 * 1024 ** 3 + 7 });
      await stores.attachments.create(huge);

      expect((await stores.attachments.find(huge.id))?.size).toBe(5 * 1024 ** 3 + 7);
      expect(await stores.attachments.bytesUploadedSince(user.id, at())).toBe(5 * 1024 ** 3 + 7);
    });

    it("adds up one uploader's bytes from a moment on, that moment included", async () => {
      const [user, other] = [await givenUser(stores), await givenUser(stores)];
      await stores.attachments.create(anAttachment(user.id, { size: 100, createdAt: at(-1) }));
      await stores.attachments.create(anAttachment(user.id, { size: 20, createdAt: at() }));
      await stores.attachments.create(anAttachment(user.id, { size: 3, createdAt: at(5_000) }));
      await stores.attachments.create(anAttachment(other.id, { size: 1_000, createdAt: at() }));

      expect(await stores.attachments.bytesUploadedSince(user.id, at())).toBe(23);
      expect(await stores.attachments.bytesUploadedSince(user.id, at(-1))).toBe(123);
      expect(await stores.attachments.bytesUploadedSince(user.id, at(5_001))).toBe(0);
      expect(await stores.attachments.bytesUploadedSince(freshId(), at(-1))).toBe(0);
    });

    it('marks an upload as filling a slot, held or not, and frees only the slots named', async () => {
      const user = await givenUser(stores);
      const [avatar, banner, face] = [anAttachment(user.id), anAttachment(user.id), anAttachment(user.id)];
      for (const upload of [avatar, banner, face]) await stores.attachments.create(upload);
      const serverId = freshId();

      expect(await stores.attachments.hold(avatar.id)).toEqual(avatar);
      expect(await stores.attachments.hold(freshId())).toBeNull();
      await stores.attachments.useAs(avatar.id, serverImageSlot(serverId, 'avatar'));
      await stores.attachments.useAs(banner.id, serverImageSlot(serverId, 'banner'));
      await stores.attachments.useAs(face.id, userAvatarSlot(user.id));
      expect(await stores.attachments.find(avatar.id)).toEqual({ ...avatar, usedAs: `server:${serverId}:avatar` });
      expect((await stores.attachments.hold(banner.id))?.usedAs).toBe(`server:${serverId}:banner`);

      await stores.attachments.release([serverImageSlot(serverId, 'avatar'), userAvatarSlot(freshId())]);
      await stores.attachments.release([]);

      expect((await stores.attachments.find(avatar.id))?.usedAs).toBeNull();
      expect((await stores.attachments.find(banner.id))?.usedAs).toBe(`server:${serverId}:banner`);
      expect((await stores.attachments.find(face.id))?.usedAs).toBe(`user:${user.id}:avatar`);
    });
  });
}
