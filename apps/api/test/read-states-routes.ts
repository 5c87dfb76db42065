import { problemBody, type TestApp, type TestUser } from './test-app';

const answer = (res: { status: number; body: unknown }) => ({ status: res.status, body: res.body });
const invalid = (message: string) => ({ status: 400, body: problemBody(400, 'Bad Request', 'VALIDATION_FAILED', { errors: [{ path: 'messageId', message }] }) });
const NOT_FOUND = { status: 404, body: problemBody(404, 'Not Found', 'NOT_FOUND') };
const FORBIDDEN = { status: 403, body: problemBody(403, 'Forbidden', 'FORBIDDEN') };

/** Both read-state routes and each of their refusals, over the app `app()` gives. */
export function describeReadStateRoutes(name: string, app: () => TestApp): void {
  describe(`read states over HTTP (${name})`, () => {
    const as = (user: TestUser) => ({
      states: async () => answer(await app().http().get('/api/users/@me/read-states').set('Authorization', user.token)),
      mark: async (channelId: string, body: unknown) => answer(await app().http().put(`/api/channels/${channelId}/read`).set('Authorization', user.token).send(body as object)),
    });
    const sendAll = async (user: TestUser, channelId: string, contents: readonly string[]) => {
      const sent: { id: string }[] = [];
      for (const content of contents) sent.push(await app().send(user, channelId, content));
      return sent;
    };
    const state = (channelId: string, serverId: string | null, lastReadMessageId: string | null, unreadCount: number, mentionCount = 0) => ({
      channelId,
      serverId,
      lastReadMessageId,
      unreadCount,
      mentionCount,
    });

    it('counts others’ messages, never your own; PUT marks read (204), never backwards', async () => {
      const { owner, member, server, channelId } = await app().aServerWithMember();
      const [first, second] = await sendAll(owner, channelId, ['one', 'two', 'three']);

      expect(await as(member).states()).toEqual({ status: 200, body: [state(channelId, server.id, null, 3)] });
      expect(await as(owner).states()).toEqual({ status: 200, body: [] });
      expect(await as(member).mark(channelId, { messageId: second!.id })).toEqual({ status: 204, body: {} });
      expect((await as(member).states()).body).toEqual([state(channelId, server.id, second!.id, 1)]);
      expect(await as(member).mark(channelId, { messageId: first!.id })).toEqual({ status: 204, body: {} });
      expect((await as(member).states()).body).toEqual([state(channelId, server.id, second!.id, 1)]);
    });

    it('marks the channel read up to the message you send', async () => {
      const { owner, member, channelId } = await app().aServerWithMember();
      await sendAll(owner, channelId, ['one', 'two']);

      await app().send(member, channelId, 'my answer');
      expect((await as(member).states()).body).toEqual([]);
      await app().send(owner, channelId, 'and again');
      expect((await as(member).states()).body).toEqual([expect.objectContaining({ channelId, unreadCount: 1 })]);
    });

    it('keeps counts true after an edit and a delete of unread messages', async () => {
      const { owner, member, channelId } = await app().aServerWithMember();
      const [first, second] = await sendAll(owner, channelId, ['one', 'two']);
      const message = (id: string) => `/api/channels/${channelId}/messages/${id}`;

      expect((await app().http().patch(message(first!.id)).set('Authorization', owner.token).send({ content: 'edited' })).status).toBe(200);
      expect((await as(member).states()).body).toEqual([expect.objectContaining({ unreadCount: 2 })]);
      expect((await app().http().delete(message(second!.id)).set('Authorization', owner.token)).status).toBe(204);
      expect((await as(member).states()).body).toEqual([expect.objectContaining({ unreadCount: 1 })]);
      expect((await app().http().delete(message(first!.id)).set('Authorization', owner.token)).status).toBe(204);
      expect((await as(member).states()).body).toEqual([]);
    });

    it('counts the unread messages that mention you or everyone, and those still after a marker', async () => {
      const { owner, member, server, channelId } = await app().aServerWithMember();
      const [plain] = await sendAll(owner, channelId, ['plain', `<@${member.id}> look`, '@everyone look', `<@${owner.id}> not you`]);

      expect((await as(member).states()).body).toEqual([state(channelId, server.id, null, 4, 2)]);
      expect((await as(member).mark(channelId, { messageId: plain!.id })).status).toBe(204);
      expect((await as(member).states()).body).toEqual([state(channelId, server.id, plain!.id, 3, 2)]);
    });

    it('counts and marks a direct conversation, with no server', async () => {
      const { owner, member } = await app().aServerWithMember();
      const dm = await app().http().post('/api/users/@me/channels').set('Authorization', owner.token).send({ recipientIds: [member.id] });
      const [sent] = await sendAll(owner, dm.body.id, ['psst']);

      expect((await as(member).states()).body).toEqual([state(dm.body.id, null, null, 1)]);
      expect((await as(member).mark(dm.body.id, { messageId: sent!.id })).status).toBe(204);
      expect((await as(member).states()).body).toEqual([]);
    });

    it('lists only the channels you can see', async () => {
      const { owner, member, server, channelId } = await app().aServerWithMember();
      const hidden = await app()
        .http()
        .post(`/api/servers/${server.id}/channels`)
        .set('Authorization', owner.token)
        .send({ name: 'leads', permissionOverwrites: [{ id: server.id, type: 'role', allow: [], deny: ['VIEW_CHANNEL'] }] });
      await sendAll(owner, hidden.body.id, ['secret']);
      await sendAll(owner, channelId, ['hello']);

      expect((await as(member).states()).body).toEqual([state(channelId, server.id, null, 1)]);
      expect((await as(owner).states()).body).toEqual([]);
    });

    it('PUT answers 400 for a malformed or missing message id, before anything is looked up', async () => {
      const { member, channelId } = await app().aServerWithMember();

      expect(await as(member).mark(channelId, { messageId: 'abc' })).toEqual(invalid('must be an id'));
      expect(await as(member).mark('42', { messageId: '01' })).toEqual(invalid('must be a message id'));
      expect(await as(member).mark(channelId, {})).toEqual(invalid(expect.any(String)));
      expect(await as(member).mark(channelId, { messageId: 12 })).toEqual(invalid(expect.any(String)));
    });

    it('PUT answers 404 for a message of another channel or none, and for an unknown or malformed channel', async () => {
      const { owner, member, server, channelId } = await app().aServerWithMember();
      const other = await app().http().post(`/api/servers/${server.id}/channels`).set('Authorization', owner.token).send({ name: 'other' });
      const [elsewhere] = await sendAll(owner, other.body.id, ['elsewhere']);

      expect(await as(member).mark(channelId, { messageId: elsewhere!.id })).toEqual({ ...NOT_FOUND, body: { ...NOT_FOUND.body, detail: 'No such message in this channel.' } });
      expect(await as(member).mark(channelId, { messageId: '42' })).toEqual({ ...NOT_FOUND, body: { ...NOT_FOUND.body, detail: 'No such message in this channel.' } });
      expect(await as(member).mark('42', { messageId: elsewhere!.id })).toEqual({ ...NOT_FOUND, body: { ...NOT_FOUND.body, detail: 'No such channel.' } });
      expect(await as(member).mark('not-a-channel', { messageId: elsewhere!.id })).toEqual({ ...NOT_FOUND, body: { ...NOT_FOUND.body, detail: 'No such channel.' } });
    });

    it('PUT answers 403 for a channel you cannot see, as the message routes do', async () => {
      const { owner, member, server, channelId } = await app().aServerWithMember();
      const outsider = await app().register();
      const [sent] = await sendAll(owner, channelId, ['hello']);
      const hidden = await app()
        .http()
        .post(`/api/servers/${server.id}/channels`)
        .set('Authorization', owner.token)
        .send({ name: 'leads', permissionOverwrites: [{ id: server.id, type: 'role', allow: [], deny: ['VIEW_CHANNEL'] }] });
      const [secret] = await sendAll(owner, hidden.body.id, ['secret']);
      const dm = await app().http().post('/api/users/@me/channels').set('Authorization', owner.token).send({ recipientIds: [member.id] });
      const [whispered] = await sendAll(owner, dm.body.id, ['psst']);

      expect(await as(outsider).mark(channelId, { messageId: sent!.id })).toEqual({ ...FORBIDDEN, body: { ...FORBIDDEN.body, detail: 'Only members of this server may do that.' } });
      expect(await as(member).mark(hidden.body.id, { messageId: secret!.id })).toEqual({ ...FORBIDDEN, body: { ...FORBIDDEN.body, detail: 'You need the VIEW_CHANNEL permission to do that here.' } });
      expect(await as(outsider).mark(dm.body.id, { messageId: whispered!.id })).toEqual({ ...FORBIDDEN, body: { ...FORBIDDEN.body, detail: 'Only the recipients of this conversation may do that.' } });
    });

    it('answers 401 without a live token, on both routes', async () => {
      const { channelId } = await app().aServerWithMember();
      const unauthenticated = { status: 401, body: problemBody(401, 'Unauthorized', 'UNAUTHENTICATED') };

      expect(answer(await app().http().get('/api/users/@me/read-states'))).toEqual(unauthenticated);
      expect(answer(await app().http().put(`/api/channels/${channelId}/read`).send({ messageId: '42' }))).toEqual(unauthenticated);
    });
  });
}
