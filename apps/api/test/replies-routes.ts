import { uploaded } from './message-attachments-routes';
import type { TestApp, TestUser } from './test-app';
import { problemBody } from './test-app';

/** Replies on the send route, over the app `app()` gives: the answered message shown, its author mentioned, bad targets refused. */
export function describeReplyRoutes(name: string, app: () => TestApp): void {
  describe(`replies over HTTP (${name})`, () => {
    const as = (user: TestUser) => ({
      get: (path: string) => app().http().get(path).set('Authorization', user.token),
      post: (path: string, body: object) => app().http().post(path).set('Authorization', user.token).send(body),
      delete: (path: string) => app().http().delete(path).set('Authorization', user.token),
    });
    const messages = (channelId: string) => `/api/channels/${channelId}/messages`;
    const replyOf = (res: { status: number; body: { replyTo: unknown; mentions: string[] } }) => ({ status: res.status, replyTo: res.body.replyTo, mentions: res.body.mentions });
    const REFUSED = { status: 400, body: problemBody(400, 'Bad Request', 'VALIDATION_FAILED', { errors: [{ path: 'replyTo', message: 'must be a message of this channel' }] }) };

    it('answers 201 with the message it answers, mentions its author, and pages show the same', async () => {
      const { owner, member, channelId } = await app().aServerWithMember();
      const asked = await app().send(member, channelId, 'a question?');

      const res = await as(owner).post(messages(channelId), { content: 'an answer', replyTo: asked.id });

      const preview = { id: asked.id, author: { id: member.id, username: member.username }, content: 'a question?' };
      expect(replyOf(res)).toEqual({ status: 201, replyTo: preview, mentions: [member.id] });
      const page = await as(member).get(messages(channelId));
      expect(page.body.map((m: { replyTo: unknown }) => m.replyTo)).toEqual([null, preview]);
      expect(page.body[1]).toEqual(res.body);
    });

    it('leaves the author out of the mentions with mentionAuthor false', async () => {
      const { owner, member, channelId } = await app().aServerWithMember();
      const asked = await app().send(member, channelId, 'ping?');

      const res = await as(owner).post(messages(channelId), { content: 'pong', replyTo: asked.id, mentionAuthor: false });

      expect(replyOf(res)).toEqual({ status: 201, replyTo: { id: asked.id, author: { id: member.id, username: member.username }, content: 'ping?' }, mentions: [] });
    });

    it('shows a message deleted since as {id, deleted: true}', async () => {
      const { owner, member, channelId } = await app().aServerWithMember();
      const asked = await app().send(member, channelId, 'regret');
      const reply = await as(owner).post(messages(channelId), { content: 'what?', replyTo: asked.id });

      expect((await as(member).delete(`${messages(channelId)}/${asked.id}`)).status).toBe(204);

      expect((await as(owner).get(`${messages(channelId)}/${reply.body.id}`)).body.replyTo).toEqual({ id: asked.id, deleted: true });
      expect((await as(owner).get(messages(channelId))).body.map((m: { replyTo: unknown }) => m.replyTo)).toEqual([{ id: asked.id, deleted: true }]);
    });

    it('answers 400 to a reply to a message of another channel, to an unknown or malformed id, and stores nothing', async () => {
      const { owner, server, channelId } = await app().aServerWithMember();
      const other = (await as(owner).post(`/api/servers/${server.id}/channels`, { name: 'elsewhere' })).body as { id: string };
      const elsewhere = await app().send(owner, other.id, 'over here');

      for (const replyTo of [elsewhere.id, '42']) {
        const res = await as(owner).post(messages(channelId), { content: 'lost', replyTo });
        expect({ status: res.status, body: res.body }).toEqual(REFUSED);
      }
      const malformed = await as(owner).post(messages(channelId), { content: 'lost', replyTo: 'abc' });
      expect({ status: malformed.status, errors: malformed.body.errors }).toEqual({ status: 400, errors: [{ path: 'replyTo', message: 'must be an id' }] });
      expect((await as(owner).get(messages(channelId))).body).toEqual([]);
    });

    it('answers 400 to a mentionAuthor that is not a boolean', async () => {
      const { owner, channelId } = await app().aServerWithMember();

      const res = await as(owner).post(messages(channelId), { content: 'x', replyTo: '42', mentionAuthor: 'no' });

      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([{ path: 'mentionAuthor', message: expect.any(String) }]);
    });

    it('replies in a direct conversation, on its send route', async () => {
      const { owner, member } = await app().aServerWithMember();
      const dm = (await as(owner).post('/api/users/@me/channels', { recipientIds: [member.id] })).body as { id: string };
      const asked = await app().send(member, dm.id, 'psst');

      const res = await as(owner).post(messages(dm.id), { content: 'yes?', replyTo: asked.id });

      expect(replyOf(res)).toEqual({ status: 201, replyTo: { id: asked.id, author: { id: member.id, username: member.username }, content: 'psst' }, mentions: [member.id] });
    });

    it('sends a reply with files (201, both shown); a reply to no message of the channel answers 400 and leaves its file free', async () => {
      const { owner, member, channelId } = await app().aServerWithMember();
      const asked = await app().send(member, channelId, 'a photo?');
      const file = await uploaded(app(), owner);

      const lost = await as(owner).post(messages(channelId), { content: 'here', replyTo: '42', attachmentIds: [file.id] });
      expect({ status: lost.status, body: lost.body }).toEqual(REFUSED);

      const res = await as(owner).post(messages(channelId), { content: 'here', replyTo: asked.id, attachmentIds: [file.id] });
      expect(replyOf(res)).toEqual({ status: 201, replyTo: { id: asked.id, author: { id: member.id, username: member.username }, content: 'a photo?' }, mentions: [member.id] });
      expect(res.body.attachments).toEqual([expect.objectContaining({ id: file.id, url: expect.stringMatching(/\?expires=\d+&signature=/) })]);
      const page = await as(member).get(messages(channelId));
      expect(page.body[1]).toEqual({ ...res.body, attachments: [{ ...res.body.attachments[0], url: expect.stringMatching(/\?expires=\d+&signature=/) }] });
    });
  });
}
