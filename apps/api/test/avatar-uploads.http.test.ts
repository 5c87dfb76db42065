import { UNATTACHED_TTL_MS } from '@chat/domain';
import { aPng, textFile, type FixedClock } from '@chat/domain/testing';
import { HmacAttachmentLinks } from '@chat/node-crypto';
import { KyselySweeper } from '@chat/postgres';
import { describeWithPostgres } from '@chat/postgres/testing';
import { answerOf, binary, upload } from './attachments-testing';
import { aPostgresTestAppWithDatabase } from './postgres-test-app';
import { buildTestApp, problemBody, type TestApp, type TestUser } from './test-app';

async function uploaded(t: TestApp, user: TestUser, bytes: Uint8Array, filename = 'face.png'): Promise<string> {
  const res = await upload(t, user, bytes, filename);
  if (res.status !== 201) throw new Error(`upload failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id;
}

/** A GET of a link as a browser's `<img src>` makes it: no Authorization header. */
const fetchImage = (t: TestApp, url: string) => t.http().get(url).buffer(true).parse(binary);

const patchServer = (t: TestApp, user: TestUser, serverId: string, body: object) => t.http().patch(`/api/servers/${serverId}`).set('Authorization', user.token).send(body);
const patchMe = (t: TestApp, user: TestUser, body: object) => t.http().patch('/api/users/@me').set('Authorization', user.token).send(body);

const refused = (path: string, message: string) => ({ status: 400, body: problemBody(400, 'Bad Request', 'VALIDATION_FAILED', { errors: [{ path, message }] }) });
const NOT_YOURS = 'is not an upload of yours';
const NOT_AN_IMAGE = 'must be a PNG, JPEG, GIF or WebP image';
const IN_USE = 'is an upload already in use: upload the image again';
const AVATAR_LINK = /^\/api\/attachments\/\d+\?purpose=avatar&signature=[A-Za-z0-9_-]{43}$/;

/** The link answers the image itself, to anyone, with the download's safe headers. */
async function expectImageAt(t: TestApp, url: string, png: Uint8Array): Promise<void> {
  const res = await fetchImage(t, url);
  expect(res.status).toBe(200);
  expect(Buffer.compare(res.body, Buffer.from(png))).toBe(0);
  expect(res.headers).toMatchObject({ 'content-type': 'image/png', 'x-content-type-options': 'nosniff', 'content-security-policy': 'sandbox', 'cache-control': 'private, max-age=86400' });
}

describe('PATCH /api/servers/:id with an uploaded avatar or banner', () => {
  it('takes an upload id: the server then shows a link that never expires, which downloads the image without a token', async () => {
    const t = await buildTestApp();
    const { owner, member, server } = await t.aServerWithMember();
    const png = aPng(32, 32);
    const id = await uploaded(t, owner, png);

    const res = await patchServer(t, owner, server.id, { avatar: id });

    expect(res.status).toBe(200);
    expect(res.body.avatar).toMatch(AVATAR_LINK);
    expect(res.body.avatar).toContain(`/api/attachments/${id}?`);
    const seen = await t.http().get(`/api/servers/${server.id}`).set('Authorization', member.token);
    expect(seen.body.avatar).toBe(res.body.avatar);
    await expectImageAt(t, res.body.avatar, png);
    // Weeks later, past any download link's life, it still works.
    (t.adapters.clock as FixedClock).advance(30 * 86_400_000);
    await expectImageAt(t, res.body.avatar, png);
  });

  it('sets a banner from an upload too, and an https URL as before; a replaced upload is no longer served by its link', async () => {
    const t = await buildTestApp();
    const { owner, server } = await t.aServerWithMember();
    const first = await uploaded(t, owner, aPng(8, 8));
    const set = await patchServer(t, owner, server.id, { avatar: first, banner: await uploaded(t, owner, aPng(64, 16)) });
    expect(set.body.banner).toMatch(AVATAR_LINK);

    const replaced = await patchServer(t, owner, server.id, { avatar: 'https://cdn.example.com/a.png' });

    expect(replaced.body).toMatchObject({ avatar: 'https://cdn.example.com/a.png', banner: set.body.banner });
    expect((await fetchImage(t, set.body.avatar)).status).toBe(404);
    expect((await fetchImage(t, set.body.banner)).status).toBe(200);
  });

  it("answers 400 for someone else's upload, an unknown id, a file that is not a raster image, and an upload in use; the server is unchanged", async () => {
    const t = await buildTestApp();
    const { owner, member, server } = await t.aServerWithMember();
    const before = (await t.http().get(`/api/servers/${server.id}`).set('Authorization', owner.token)).body;
    const theirs = await uploaded(t, member, aPng(8, 8));
    const svg = await uploaded(t, owner, textFile('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'), 'face.svg');
    const mine = await uploaded(t, owner, aPng(8, 8));
    expect((await patchMe(t, owner, { avatar: mine })).status).toBe(200);

    expect(answerOf(await patchServer(t, owner, server.id, { avatar: theirs }))).toEqual(refused('avatar', NOT_YOURS));
    expect(answerOf(await patchServer(t, owner, server.id, { avatar: '4242424242' }))).toEqual(refused('avatar', NOT_YOURS));
    expect(answerOf(await patchServer(t, owner, server.id, { banner: svg }))).toEqual(refused('banner', NOT_AN_IMAGE));
    expect(answerOf(await patchServer(t, owner, server.id, { avatar: mine }))).toEqual(refused('avatar', IN_USE));
    expect(answerOf(await patchServer(t, owner, server.id, { avatar: 'ftp://x/a.png' }))).toEqual(refused('avatar', "must be an https URL, an uploaded image's id, or null"));
    expect((await t.http().get(`/api/servers/${server.id}`).set('Authorization', owner.token)).body).toEqual(before);
  });
});

/**
 * The same stores and files served by an app whose JWT_SECRET was rotated, and the old one retired
 * (no JWT_PREVIOUS_SECRET): no key of its verifies a link signed before.
 */
const afterRotation = (t: TestApp): Promise<TestApp> =>
  buildTestApp({
    stores: t.adapters.stores,
    files: t.adapters.files,
    clock: t.adapters.clock,
    links: new HmacAttachmentLinks({ secret: 'a-new-secret-after-rotation-0123456789abcdef', ttlSeconds: 24 * 3600 }),
  });

/** Avatars of a server (avatar and banner) and of a user, set from uploads: their stored links and images. */
async function avatarsOf(t: TestApp) {
  const { owner, server } = await t.aServerWithMember();
  const [face, logo, wide] = [aPng(12, 12), aPng(20, 20), aPng(40, 10)];
  const mine = (await patchMe(t, owner, { avatar: await uploaded(t, owner, face) })).body.avatar as string;
  const set = await patchServer(t, owner, server.id, { avatar: await uploaded(t, owner, logo), banner: await uploaded(t, owner, wide) });
  return { owner, server, links: { mine, avatar: set.body.avatar as string, banner: set.body.banner as string }, images: { face, logo, wide } };
}

describe('avatar links across a rotation of JWT_SECRET', () => {
  it('still serve the image: a link is checked against the one stored in its slot once no key verifies it', async () => {
    const t = await buildTestApp();
    const { links, images } = await avatarsOf(t);
    const rotated = await afterRotation(t);

    await expectImageAt(rotated, links.mine, images.face);
    await expectImageAt(rotated, links.avatar, images.logo);
    await expectImageAt(rotated, links.banner, images.wide);
  });

  it('answer 403 LINK_INVALID for any other link: a signature of another upload, a made-up one, a link replaced since', async () => {
    const t = await buildTestApp();
    const { owner, server, links } = await avatarsOf(t);
    const rotated = await afterRotation(t);
    const signatureOf = (link: string) => new URL(link, 'http://x').searchParams.get('signature');
    const idOf = (link: string) => new URL(link, 'http://x').pathname.split('/').pop();
    const invalid = (res: { status: number; body: { code?: string } }) => [res.status, res.body.code];

    expect(invalid(await rotated.http().get(`/api/attachments/${idOf(links.banner)}?purpose=avatar&signature=${signatureOf(links.avatar)}`))).toEqual([403, 'LINK_INVALID']);
    expect(invalid(await rotated.http().get(`/api/attachments/${idOf(links.avatar)}?purpose=avatar&signature=${'A'.repeat(43)}`))).toEqual([403, 'LINK_INVALID']);
    expect((await patchServer(t, owner, server.id, { avatar: null })).status).toBe(200);
    expect(invalid(await rotated.http().get(links.avatar))).toEqual([403, 'LINK_INVALID']);
    // Before the rotation the same link was merely gone: 404, as a replaced avatar's link is.
    expect((await fetchImage(t, links.avatar)).status).toBe(404);
  });
});

describe('PATCH /api/users/@me with an uploaded avatar', () => {
  it("takes an upload id: the account, the member list and the user's messages show the link, which downloads the image", async () => {
    const t = await buildTestApp();
    const { owner, member, server, channelId } = await t.aServerWithMember();
    const png = aPng(48, 48);
    const id = await uploaded(t, member, png);

    const res = await patchMe(t, member, { avatar: id });

    expect(res.status).toBe(200);
    expect(res.body.avatar).toMatch(AVATAR_LINK);
    await t.send(member, channelId, 'hello');
    const messages = await t.http().get(`/api/channels/${channelId}/messages`).set('Authorization', owner.token);
    expect(messages.body[0].author.avatar).toBe(res.body.avatar);
    const members = await t.http().get(`/api/servers/${server.id}/members`).set('Authorization', owner.token);
    expect(members.body.find((m: { user: { id: string } }) => m.user.id === member.id).user.avatar).toBe(res.body.avatar);
    await expectImageAt(t, res.body.avatar, png);
  });

  it("answers 400 for someone else's upload, an unknown id and a file that is not an image; the account is unchanged", async () => {
    const t = await buildTestApp();
    const { owner, member } = await t.aServerWithMember();
    const theirs = await uploaded(t, owner, aPng(8, 8));
    const text = await uploaded(t, member, textFile('just words'), 'face.txt');

    expect(answerOf(await patchMe(t, member, { avatar: theirs }))).toEqual(refused('avatar', NOT_YOURS));
    expect(answerOf(await patchMe(t, member, { avatar: '4242424242' }))).toEqual(refused('avatar', NOT_YOURS));
    expect(answerOf(await patchMe(t, member, { avatar: text }))).toEqual(refused('avatar', NOT_AN_IMAGE));
    expect((await t.http().get('/api/users/@me').set('Authorization', member.token)).body.avatar).toBeNull();
  });
});

describeWithPostgres('uploaded avatars on PostgreSQL', () => {
  const { app, db } = aPostgresTestAppWithDatabase();

  it("keeps an avatar's upload through the sweep of unattached uploads, and sweeps the one it replaced", async () => {
    const t = app();
    const { owner, server, channelId } = await t.aServerWithMember();
    const [png, face] = [aPng(20, 20), aPng(10, 10)];
    const replaced = await patchServer(t, owner, server.id, { avatar: await uploaded(t, owner, aPng(30, 30)) });
    const avatar = await patchServer(t, owner, server.id, { avatar: await uploaded(t, owner, png) });
    const mine = await patchMe(t, owner, { avatar: await uploaded(t, owner, face) });
    const stray = await uploaded(t, owner, aPng(4, 4));
    await expectImageAt(t, avatar.body.avatar, png);
    // The page's SQL writes the author with the stored link.
    await t.send(owner, channelId, 'hi');
    expect((await t.http().get(`/api/channels/${channelId}/messages`).set('Authorization', owner.token)).body[0].author.avatar).toBe(mine.body.avatar);
    const later = new Date(t.adapters.clock.now().getTime() + UNATTACHED_TTL_MS + 1);

    const swept = await new KyselySweeper(db(), 86_400_000, t.adapters.files).sweep(later);

    expect(swept.uploads).toBe(2);
    expect(await t.adapters.stores.attachments.find(stray)).toBeNull();
    expect((await fetchImage(t, replaced.body.avatar)).status).toBe(404);
    await expectImageAt(t, avatar.body.avatar, png);
    await expectImageAt(t, mine.body.avatar, face);
  });

  it('serves the stored avatar links after a rotation of JWT_SECRET, read from the servers and users tables', async () => {
    const t = app();
    const { links, images } = await avatarsOf(t);
    const rotated = await afterRotation(t);

    await expectImageAt(rotated, links.mine, images.face);
    await expectImageAt(rotated, links.avatar, images.logo);
    await expectImageAt(rotated, links.banner, images.wide);
  });
});
