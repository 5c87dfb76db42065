import { lazilyDecoded } from '@chat/contract';
import type { LoggedEvent } from '@chat/domain';
import { aPng } from '@chat/domain/testing';
import { someBytes } from '@chat/domain/testing/contracts';
import { Delivery } from '../src/gateway/delivery';
import { upload } from './attachments-testing';
import { problemBody, type TestApp, type TestUser } from './test-app';

/* Files on messages over HTTP, on any store: the claim, its refusals, and links fresh on each read. */

const UNAVAILABLE = {
  status: 400,
  body: problemBody(400, 'Bad Request', 'ATTACHMENT_UNAVAILABLE', {
    errors: [{ path: 'attachmentIds', message: 'names a file that is not yours to attach, or is already on a message' }],
  }),
};

export async function uploaded(t: TestApp, user: TestUser, bytes: Uint8Array = aPng(4, 3), filename = 'cat.png'): Promise<{ id: string; url: string }> {
  const res = await upload(t, user, bytes, filename);
  if (res.status !== 201) throw new Error(`upload failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** The gateway's frame of a logged event, made as the gateway makes it (links signed by the app's own). */
export function frameData(t: TestApp, logged: LoggedEvent): { attachments: { url: string }[] } {
  const delivery = new Delivery({ logId: 'test', maxBufferBytes: 1 << 20, linkAttachment: (id) => t.adapters.links.urlOf(id, t.adapters.clock.now()) });
  return JSON.parse(delivery.frameOf(logged) ?? 'null').d;
}

export function describeMessageAttachments(name: string, app: () => TestApp, createdEvents: () => Promise<{ type: string; data: string }[]>): void {
  describe(`files on messages over HTTP: ${name}`, () => {
    const send = (user: TestUser, channelId: string, body: object) => app().http().post(`/api/channels/${channelId}/messages`).set('Authorization', user.token).send(body);
    const answerOf = (res: { status: number; body: unknown }) => ({ status: res.status, body: res.body });
    const page = async (user: TestUser, channelId: string) => (await app().http().get(`/api/channels/${channelId}/messages`).set('Authorization', user.token)).body;
    const download = (url: string) => app().http().get(url);

    it('sends files with no content, in the order named; the answer, a page and the event each carry links that download them', async () => {
      const { owner, member, channelId } = await app().aServerWithMember();
      const png = await uploaded(app(), member);
      const notes = await uploaded(app(), member, someBytes(5), 'notes.bin');

      const res = await send(member, channelId, { attachmentIds: [notes.id, png.id] });

      expect(res.status).toBe(201);
      expect(res.body.content).toBe('');
      const expected = [
        { id: notes.id, filename: 'notes.bin', contentType: 'application/octet-stream', size: 5, width: null, height: null, url: expect.stringMatching(/\?expires=\d+&signature=/) },
        { id: png.id, filename: 'cat.png', contentType: 'image/png', size: expect.any(Number), width: 4, height: 3, url: expect.stringMatching(/\?expires=\d+&signature=/) },
      ];
      expect(res.body.attachments).toEqual(expected);
      const read = ((await page(owner, channelId)) as { id: string; attachments: { url: string }[] }[]).find((m) => m.id === res.body.id);
      if (!read) throw new Error('the message is not in the page');
      expect(read.attachments).toEqual(expected);
      const event = (await createdEvents()).find((e) => JSON.parse(e.data).id === res.body.id);
      if (!event) throw new Error('no message.created logged');
      const framed = frameData(app(), lazilyDecoded(1, '1', event.type, event.data));
      expect(framed.attachments).toEqual(expected);
      for (const url of [res.body.attachments[1].url, read.attachments[1]?.url, framed.attachments[1]?.url]) expect((await download(String(url))).status).toBe(200);
    });

    it('signs the links afresh in a replay of the send (Idempotency-Key), whose kept answer holds them unsigned', async () => {
      const { member, channelId } = await app().aServerWithMember();
      const file = await uploaded(app(), member);
      const sendOnce = () => app().http().post(`/api/channels/${channelId}/messages`).set('Authorization', member.token).set('Idempotency-Key', `files-${file.id}`).send({ attachmentIds: [file.id] });

      const [first, replay] = [await sendOnce(), await sendOnce()];

      expect(replay.status).toBe(201);
      expect(replay.body.id).toBe(first.body.id);
      expect(replay.body.attachments[0].url).toMatch(/\?expires=\d+&signature=/);
      expect((await download(replay.body.attachments[0].url)).status).toBe(200);
    });

    it('keeps the files when the content is edited', async () => {
      const { member, channelId } = await app().aServerWithMember();
      const file = await uploaded(app(), member);
      const sent = (await send(member, channelId, { content: 'look', attachmentIds: [file.id] })).body;

      const edited = await app().http().patch(`/api/channels/${channelId}/messages/${sent.id}`).set('Authorization', member.token).send({ content: 'look again' });

      expect(edited.status).toBe(200);
      expect(edited.body.attachments.map((a: { id: string }) => a.id)).toEqual([file.id]);
    });

    it('answers a message without files with an empty list', async () => {
      const { owner, channelId } = await app().aServerWithMember();
      expect((await send(owner, channelId, { content: 'plain' })).body.attachments).toEqual([]);
    });

    it('answers 400 ATTACHMENT_UNAVAILABLE for a file already on a message, and sends nothing', async () => {
      const { owner, member, channelId } = await app().aServerWithMember();
      const file = await uploaded(app(), member);
      const fresh = await uploaded(app(), member);
      expect((await send(member, channelId, { content: 'first', attachmentIds: [file.id] })).status).toBe(201);
      const before = (await page(owner, channelId)).length;

      expect(answerOf(await send(member, channelId, { content: 'again', attachmentIds: [fresh.id, file.id] }))).toEqual(UNAVAILABLE);

      expect((await page(owner, channelId)).length).toBe(before);
      // Nothing was claimed: the fresh one is still free.
      expect((await send(member, channelId, { attachmentIds: [fresh.id] })).status).toBe(201);
    });

    it("answers 400 ATTACHMENT_UNAVAILABLE for someone else's file, as for an unknown one, and leaves the file free for its owner", async () => {
      const { owner, member, channelId } = await app().aServerWithMember();
      const owners = await uploaded(app(), owner);

      expect(answerOf(await send(member, channelId, { content: 'mine now', attachmentIds: [owners.id] }))).toEqual(UNAVAILABLE);
      expect(answerOf(await send(member, channelId, { content: 'nobody', attachmentIds: ['123456789'] }))).toEqual(UNAVAILABLE);
      expect((await send(owner, channelId, { attachmentIds: [owners.id] })).status).toBe(201);
    });

    it('answers 400 for more than 10 ids, a repeated id, or empty content with no files', async () => {
      const { member, channelId } = await app().aServerWithMember();
      const ids = Array.from({ length: 11 }, (_, i) => String(1000 + i));

      expect(answerOf(await send(member, channelId, { content: 'many', attachmentIds: ids }))).toEqual({
        status: 400,
        body: problemBody(400, 'Bad Request', 'VALIDATION_FAILED', { errors: [{ path: 'attachmentIds', message: 'must hold at most 10 ids' }] }),
      });
      expect(answerOf(await send(member, channelId, { content: 'twice', attachmentIds: ['1000', '1000'] }))).toEqual({
        status: 400,
        body: problemBody(400, 'Bad Request', 'VALIDATION_FAILED', { errors: [{ path: 'attachmentIds.1', message: 'names an attachment already named' }] }),
      });
      for (const body of [{ content: '' }, { content: '', attachmentIds: [] }, {}]) {
        expect(answerOf(await send(member, channelId, body))).toEqual({
          status: 400,
          body: problemBody(400, 'Bad Request', 'VALIDATION_FAILED', { errors: [{ path: 'content', message: 'must not be empty when the message carries no files' }] }),
        });
      }
    });

    it('answers 403 without ATTACH_FILES in the channel, and leaves the file free', async () => {
      const { owner, member, channelId } = await app().aServerWithMember();
      const file = await uploaded(app(), member);
      const denied = await app().http().put(`/api/channels/${channelId}/permissions/${member.id}`).set('Authorization', owner.token).send({ type: 'member', allow: [], deny: ['ATTACH_FILES'] });
      expect(denied.status).toBe(204);

      expect(answerOf(await send(member, channelId, { content: 'see', attachmentIds: [file.id] }))).toEqual({
        status: 403,
        body: problemBody(403, 'Forbidden', 'FORBIDDEN', { detail: 'You need the ATTACH_FILES permission to do that here.' }),
      });
      expect((await send(member, channelId, { content: 'words still go' })).status).toBe(201);
      await app().http().delete(`/api/channels/${channelId}/permissions/${member.id}`).set('Authorization', owner.token);
      expect((await send(member, channelId, { attachmentIds: [file.id] })).status).toBe(201);
    });

    it('sends files in a direct conversation', async () => {
      const { owner, member } = await app().aServerWithMember();
      const dm = await app().http().post('/api/users/@me/channels').set('Authorization', member.token).send({ recipientIds: [owner.id] });
      const file = await uploaded(app(), member);

      const res = await send(member, dm.body.id, { attachmentIds: [file.id] });

      expect(res.status).toBe(201);
      expect((await download(res.body.attachments[0].url)).status).toBe(200);
    });
  });
}
