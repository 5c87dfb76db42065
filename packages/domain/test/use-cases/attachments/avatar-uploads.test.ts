import { OpenAttachment, serverUpdated, userUpdated, type Actor, type Attachment, type SignedLink } from '@chat/domain';
import { aPngHead, expectOk, FakeAttachmentLinks, type TestWorld } from '@chat/domain/testing';
import { chunked } from '@chat/domain/testing/contracts';
import { aServerWithCast, UNKNOWN_ID } from '../../helpers';

/** What the fake inspector reads as a 64×64 PNG. */
const aPng = (): Uint8Array => {
  const file = new Uint8Array(200);
  file.set(aPngHead(64, 64));
  return file;
};

async function anUpload(world: TestWorld, who: Actor, bytes = aPng()): Promise<string> {
  return expectOk(await world.uploadAttachment.execute(who, { filename: 'face.png', body: chunked(bytes) })).id;
}

const uploadOf = async (world: TestWorld, id: string): Promise<Attachment | null> => world.stores.attachments.find(id);

/** The parts of a link as the download route reads them from its URL. */
function linkOf(url: string): SignedLink {
  const parsed = new URL(url, 'http://chat.test');
  const param = (name: string) => parsed.searchParams.get(name) ?? '';
  return { attachmentId: parsed.pathname.split('/').pop() ?? '', expires: param('expires'), signature: param('signature'), purpose: param('purpose') };
}

const refusal = (path: string, message: string) => ({ ok: false, error: { kind: 'ValidationFailed', issues: [{ path, message }] } });

describe('UpdateServer with uploaded images', () => {
  it("sets the avatar and banner from the caller's uploads: a link that never expires, the uploads marked as the server's", async () => {
    const { world, owner, member, server } = await aServerWithCast();
    const [avatar, banner] = [await anUpload(world, owner), await anUpload(world, owner)];
    const before = world.events().length;

    const updated = expectOk(await world.updateServer.execute(owner, server.id, { avatar, banner }));

    expect(updated).toEqual({ ...server, avatar: world.links.avatarUrlOf(avatar), banner: world.links.avatarUrlOf(banner) });
    expect(world.events().slice(before)).toEqual([serverUpdated(updated)]);
    expect((await uploadOf(world, avatar))?.usedAs).toBe(`server:${server.id}:avatar`);
    expect((await uploadOf(world, banner))?.usedAs).toBe(`server:${server.id}:banner`);
    expect(expectOk(await world.getServer.execute(member, server.id)).avatar).toBe(world.links.avatarUrlOf(avatar));
    // A year on, the link still opens the image, with no token.
    world.clock.advance(365 * 86_400_000);
    expect(expectOk(await world.openAttachment.execute(linkOf(updated.avatar!))).attachment.id).toBe(avatar);
  });

  it('frees the upload a new avatar, a URL or null replaces, and its link opens it no more; sending the same one again changes nothing', async () => {
    const { world, owner, server } = await aServerWithCast();
    const [first, second] = [await anUpload(world, owner), await anUpload(world, owner)];
    const firstLink = linkOf(expectOk(await world.updateServer.execute(owner, server.id, { avatar: first })).avatar!);

    expect(expectOk(await world.updateServer.execute(owner, server.id, { avatar: first })).avatar).toBe(world.links.avatarUrlOf(first));
    expectOk(await world.updateServer.execute(owner, server.id, { avatar: second }));
    expect((await uploadOf(world, first))?.usedAs).toBeNull();
    expect(await world.openAttachment.execute(firstLink)).toEqual({ ok: false, error: { kind: 'AttachmentNotFound' } });

    expectOk(await world.updateServer.execute(owner, server.id, { avatar: 'https://cdn.example.com/a.png' }));
    expect((await uploadOf(world, second))?.usedAs).toBeNull();
    // Freed, an upload may be used again.
    expectOk(await world.updateServer.execute(owner, server.id, { banner: second }));
    expectOk(await world.updateServer.execute(owner, server.id, { banner: null }));
    expect((await uploadOf(world, second))?.usedAs).toBeNull();
  });

  it("refuses someone else's upload as an unknown one, a file that is no raster image, and an upload in use, and marks nothing", async () => {
    const { world, owner, member, server } = await aServerWithCast();
    const theirs = await anUpload(world, member);
    const text = await anUpload(world, owner, new TextEncoder().encode('<svg onload="alert(1)"/>'));
    const attached = await anUpload(world, owner);
    await world.stores.attachments.create({ ...(await uploadOf(world, attached))!, id: '77', storageKey: 'attachments/77', messageId: '123' });
    const mine = await anUpload(world, owner);

    expect(await world.updateServer.execute(owner, server.id, { avatar: theirs })).toEqual(refusal('avatar', 'is not an upload of yours'));
    expect(await world.updateServer.execute(owner, server.id, { avatar: UNKNOWN_ID })).toEqual(refusal('avatar', 'is not an upload of yours'));
    expect(await world.updateServer.execute(owner, server.id, { banner: text })).toEqual(refusal('banner', 'must be a PNG, JPEG, GIF or WebP image'));
    expect(await world.updateServer.execute(owner, server.id, { avatar: '77' })).toEqual(refusal('avatar', 'is an upload already in use: upload the image again'));
    // One upload for both, or one already another's: refused before anything is written.
    expect(await world.updateServer.execute(owner, server.id, { name: 'New', avatar: mine, banner: mine })).toEqual(refusal('banner', 'is an upload already in use: upload the image again'));
    expect((await uploadOf(world, mine))?.usedAs).toBeNull();
    const other = await world.aServer(owner, 'Other');
    expectOk(await world.updateServer.execute(owner, other.id, { avatar: mine }));
    expect(await world.updateServer.execute(owner, server.id, { avatar: mine })).toEqual(refusal('avatar', 'is an upload already in use: upload the image again'));
    expect(expectOk(await world.getServer.execute(owner, server.id))).toEqual(server);
  });

  it('frees the uploads of a server deleted', async () => {
    const { world, owner, server } = await aServerWithCast();
    const [avatar, banner] = [await anUpload(world, owner), await anUpload(world, owner)];
    expectOk(await world.updateServer.execute(owner, server.id, { avatar, banner }));

    expectOk(await world.deleteServer.execute(owner, server.id));

    expect([(await uploadOf(world, avatar))?.usedAs, (await uploadOf(world, banner))?.usedAs]).toEqual([null, null]);
  });
});

describe('UpdateAccount with an uploaded avatar', () => {
  it("sets the user's avatar from their upload, which everyone who shares a server hears of, and frees the one it replaces", async () => {
    const { world, owner, server } = await aServerWithCast();
    const [first, second] = [await anUpload(world, owner), await anUpload(world, owner)];
    const before = world.events().length;

    const account = expectOk(await world.updateAccount.execute(owner, { avatar: first }));

    expect(account.avatar).toBe(world.links.avatarUrlOf(first));
    expect(world.events().slice(before)).toEqual([userUpdated({ id: owner.userId, username: account.username, displayName: null, avatar: account.avatar }, [server.id])]);
    expect((await uploadOf(world, first))?.usedAs).toBe(`user:${owner.userId}:avatar`);
    expectOk(await world.updateAccount.execute(owner, { avatar: second }));
    expect([(await uploadOf(world, first))?.usedAs, (await uploadOf(world, second))?.usedAs]).toEqual([null, `user:${owner.userId}:avatar`]);
    expectOk(await world.updateAccount.execute(owner, { avatar: null }));
    expect((await uploadOf(world, second))?.usedAs).toBeNull();
  });

  it("refuses someone else's upload, an unknown one, a non-image and one in use, and changes nothing", async () => {
    const { world, owner, member, server } = await aServerWithCast();
    const theirs = await anUpload(world, member);
    const text = await anUpload(world, owner, new TextEncoder().encode('hello'));
    const serversAvatar = await anUpload(world, owner);
    expectOk(await world.updateServer.execute(owner, server.id, { avatar: serversAvatar }));
    const before = expectOk(await world.getAccount.execute(owner));

    expect(await world.updateAccount.execute(owner, { avatar: theirs })).toEqual(refusal('avatar', 'is not an upload of yours'));
    expect(await world.updateAccount.execute(owner, { avatar: UNKNOWN_ID })).toEqual(refusal('avatar', 'is not an upload of yours'));
    expect(await world.updateAccount.execute(owner, { avatar: text })).toEqual(refusal('avatar', 'must be a PNG, JPEG, GIF or WebP image'));
    expect(await world.updateAccount.execute(owner, { displayName: 'Owner', avatar: serversAvatar })).toEqual(refusal('avatar', 'is an upload already in use: upload the image again'));
    expect(expectOk(await world.getAccount.execute(owner))).toEqual(before);
  });

  it('leaves the avatar and its upload where they were when the change is refused at its write (the name taken)', async () => {
    const { world, owner, outsider } = await aServerWithCast();
    const [first, second] = [await anUpload(world, owner), await anUpload(world, owner)];
    expectOk(await world.updateAccount.execute(owner, { avatar: first }));
    const taken = expectOk(await world.getAccount.execute(outsider)).username;

    expect(await world.updateAccount.execute(owner, { username: taken, avatar: second })).toMatchObject({ ok: false, error: { kind: 'UsernameInUse' } });

    expect([(await uploadOf(world, first))?.usedAs, (await uploadOf(world, second))?.usedAs]).toEqual([`user:${owner.userId}:avatar`, null]);
    expect(expectOk(await world.getAccount.execute(owner)).avatar).toBe(world.links.avatarUrlOf(first));
  });

  it('refuses the file of a message, even one deleted since (a moderator took it down)', async () => {
    const { world, owner, channelId } = await aServerWithCast();
    const file = await anUpload(world, owner);
    const { message } = expectOk(await world.sendMessage.execute(owner, channelId, { attachmentIds: [file] }));
    expectOk(await world.deleteMessage.execute(owner, channelId, message.id));

    expect(await world.updateAccount.execute(owner, { avatar: file })).toEqual(refusal('avatar', 'is an upload already in use: upload the image again'));
  });
});

describe('OpenAttachment after the signing key is rotated out', () => {
  /** The world's links once no key of now verifies a link the old key signed. */
  class RotatedOut extends FakeAttachmentLinks {
    override verify(): boolean {
      return false;
    }
  }
  /** The same world's download route after the rotation. */
  const afterRotation = (world: TestWorld): OpenAttachment => new OpenAttachment(world.stores.attachments, world.files, new RotatedOut(), world.clock, world.stores);

  it('still opens an avatar or banner by the very link stored in its slot (user and server alike)', async () => {
    const { world, owner, server } = await aServerWithCast();
    const [mine, avatar, banner] = [await anUpload(world, owner), await anUpload(world, owner), await anUpload(world, owner)];
    const account = expectOk(await world.updateAccount.execute(owner, { avatar: mine }));
    const updated = expectOk(await world.updateServer.execute(owner, server.id, { avatar, banner }));
    const open = afterRotation(world);

    for (const [link, id] of [[account.avatar, mine], [updated.avatar, avatar], [updated.banner, banner]] as const) {
      expect(expectOk(await open.execute(linkOf(link!))).attachment.id).toBe(id);
    }
  });

  it('refuses any other link alike: another signature, another upload, the stored link once replaced, an expiring link', async () => {
    const { world, owner, server } = await aServerWithCast();
    const [first, second, unused] = [await anUpload(world, owner), await anUpload(world, owner), await anUpload(world, owner)];
    const stored = linkOf(expectOk(await world.updateServer.execute(owner, server.id, { avatar: first, banner: second })).avatar!);
    const open = afterRotation(world);
    const invalid = { ok: false, error: { kind: 'LinkInvalid' } };

    expect(await open.execute({ ...stored, signature: 'other' })).toEqual(invalid);
    expect(await open.execute({ ...stored, signature: '' })).toEqual(invalid);
    expect(await open.execute({ ...stored, attachmentId: 'not-an-id' })).toEqual(invalid);
    // A signature not of the signer's form is refused before anything is looked up.
    const find = jest.spyOn(world.stores.attachments, 'find');
    expect(await open.execute({ ...stored, signature: 'ok&signature=ok' })).toEqual(invalid);
    expect(find).not.toHaveBeenCalled();
    find.mockRestore();
    // An upload in no slot, one that does not exist (the fake signs every link alike: a signature
    // of another upload's is the HTTP test's, with real keys).
    expect(await open.execute({ ...stored, attachmentId: unused })).toEqual(invalid);
    expect(await open.execute({ ...stored, attachmentId: UNKNOWN_ID })).toEqual(invalid);
    // A download link (no purpose) is never taken on its stored twin: it expires anyway.
    expect(await open.execute({ ...stored, purpose: '' })).toEqual(invalid);
    expectOk(await world.updateServer.execute(owner, server.id, { avatar: unused }));
    expect(await open.execute(stored)).toEqual(invalid);
    // Its server deleted: its slots are gone with it.
    const bannerLink = linkOf(expectOk(await world.getServer.execute(owner, server.id)).banner!);
    expectOk(await world.deleteServer.execute(owner, server.id));
    expect(await open.execute(bannerLink)).toEqual(invalid);
  });
});
