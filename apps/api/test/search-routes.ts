import { problemBody, type TestApp, type TestUser } from './test-app';

const answer = (res: { status: number; body: unknown }) => ({ status: res.status, body: res.body });
const invalid = (...paths: string[]) => ({ status: 400, body: problemBody(400, 'Bad Request', 'VALIDATION_FAILED', { errors: paths.map((path) => ({ path, message: expect.any(String) })) }) });
const NOT_FOUND = { status: 404, body: problemBody(404, 'Not Found', 'NOT_FOUND') };
const FORBIDDEN = { status: 403, body: problemBody(403, 'Forbidden', 'FORBIDDEN') };
const UNAUTHENTICATED = { status: 401, body: problemBody(401, 'Unauthorized', 'UNAUTHENTICATED') };
const contents = (res: { body: { messages: { content: string }[] } }) => res.body.messages.map((m) => m.content);

/** Search and the page around a message, with every refusal, over the app `app()` gives. */
export function describeSearchRoutes(name: string, app: () => TestApp): void {
  describe(`searching messages over HTTP (${name})`, () => {
    const search = (user: TestUser, serverId: string, query: Record<string, string>) => app().http().get(`/api/servers/${serverId}/messages/search`).query(query).set('Authorization', user.token);
    const searchDms = (user: TestUser, query: Record<string, string>) => app().http().get('/api/users/@me/channels/messages/search').query(query).set('Authorization', user.token);
    const page = (user: TestUser, channelId: string, query: Record<string, string>) => app().http().get(`/api/channels/${channelId}/messages`).query(query).set('Authorization', user.token);

    it('answers 200 {messages, hasMore}: the hits newest first, each as the page writes it', async () => {
      const { owner, member, server, channelId } = await app().aServerWithMember();
      await app().send(owner, channelId, 'The meeting moved to Friday');
      await app().send(member, channelId, 'which meeting?');
      await app().send(owner, channelId, 'lunch');

      const res = await search(member, server.id, { q: 'MEETING' });
      const read = await page(member, channelId, { limit: '3' });
      expect(answer(res)).toEqual({ status: 200, body: { messages: [read.body[1], read.body[0]], hasMore: false } });
      expect(contents(await search(member, server.id, { q: '"meeting moved" -lunch' }))).toEqual(['The meeting moved to Friday']);
      expect(answer(await search(owner, server.id, { authorId: member.id }))).toEqual({ status: 200, body: { messages: [read.body[1]], hasMore: false } });
    });

    it('pages with limit and before, and says hasMore while older hits remain', async () => {
      const { owner, server, channelId } = await app().aServerWithMember();
      for (let i = 1; i <= 4; i++) await app().send(owner, channelId, `build ${i} green`);

      const first = await search(owner, server.id, { q: 'green', limit: '3' });
      expect({ contents: contents(first), hasMore: first.body.hasMore }).toEqual({ contents: ['build 4 green', 'build 3 green', 'build 2 green'], hasMore: true });
      const next = await search(owner, server.id, { q: 'green', limit: '3', before: first.body.messages[2].id });
      expect({ contents: contents(next), hasMore: next.body.hasMore }).toEqual({ contents: ['build 1 green'], hasMore: false });
    });

    it('never shows a hit of a channel the caller cannot see, nor counts it', async () => {
      const { owner, member, server, channelId } = await app().aServerWithMember();
      const hidden = await app()
        .http()
        .post(`/api/servers/${server.id}/channels`)
        .set('Authorization', owner.token)
        .send({ name: 'mods', permissionOverwrites: [{ id: server.id, type: 'role', allow: [], deny: ['VIEW_CHANNEL'] }] });
      await app().send(owner, channelId, 'ban wave tonight? no');
      await app().send(owner, hidden.body.id, 'ban wave tonight');
      await app().send(owner, hidden.body.id, 'ban wave at nine');

      expect(answer(await search(member, server.id, { q: 'wave', limit: '1' })).body).toEqual({ messages: [expect.objectContaining({ content: 'ban wave tonight? no' })], hasMore: false });
      expect(answer(await search(member, server.id, { q: 'wave', channelId: hidden.body.id })).body).toEqual({ messages: [], hasMore: false });
      expect(contents(await search(owner, server.id, { q: 'wave' }))).toHaveLength(3);
    });

    it("searches the caller's direct conversations at /api/users/@me/channels/messages/search", async () => {
      const { owner, member, channelId } = await app().aServerWithMember();
      const dm = await app().http().post('/api/users/@me/channels').set('Authorization', owner.token).send({ recipientIds: [member.id] });
      await app().send(member, dm.body.id, 'the wifi password is taped under the desk');
      await app().send(member, channelId, 'wifi is down');

      const res = await searchDms(owner, { q: 'wifi' });
      expect({ status: res.status, contents: contents(res), hasMore: res.body.hasMore }).toEqual({ status: 200, contents: ['the wifi password is taped under the desk'], hasMore: false });
      expect(answer(await searchDms(owner, { q: 'wifi', channelId }))).toEqual({ status: 200, body: { messages: [], hasMore: false } });
    });

    it.each([
      ['neither q nor authorId', {}, ['q']],
      ['an empty q', { q: '' }, ['q']],
      ['a q of white space', { q: '   ' }, ['q']],
      ['a q without a letter or digit', { q: '-"!"' }, ['q']],
      ['a q of 201 characters', { q: 'x'.repeat(201) }, ['q']],
      ['a q negating 17 times', { q: `a ${'-'.repeat(17)}b` }, ['q']],
      ['a limit of 0', { q: 'x', limit: '0' }, ['limit']],
      ['a limit of 51', { q: 'x', limit: '51' }, ['limit']],
      ['a limit that is not a number', { q: 'x', limit: 'ten' }, ['limit']],
      ['malformed ids', { q: 'x', authorId: 'me', channelId: '1.5', before: '-3', after: 'x' }, ['authorId', 'channelId', 'before', 'after']],
      ['an id past 64 bits', { q: 'x', before: '9223372036854775808' }, ['before']],
    ])('answers 400 for %s, on both routes', async (_case, query, paths) => {
      const { owner, server } = await app().aServerWithMember();

      expect(answer(await search(owner, server.id, query))).toEqual(invalid(...paths));
      expect(answer(await searchDms(owner, query))).toEqual(invalid(...paths));
    });

    it('answers 400 for a q given twice (an array, not a string)', async () => {
      const { owner, server } = await app().aServerWithMember();
      const res = await app().http().get(`/api/servers/${server.id}/messages/search?q=a&q=b`).set('Authorization', owner.token);

      expect(answer(res)).toEqual(invalid('q'));
    });

    it('answers 404 for an unknown or malformed server, 403 to someone outside it, 401 without a live token', async () => {
      const { owner, server } = await app().aServerWithMember();
      const outsider = await app().register();

      expect(answer(await search(owner, '42', { q: 'x' }))).toEqual(NOT_FOUND);
      expect(answer(await search(owner, 'nope', { q: 'x' }))).toEqual(NOT_FOUND);
      expect(answer(await search(outsider, server.id, { q: 'x' }))).toEqual(FORBIDDEN);
      expect(answer(await app().http().get(`/api/servers/${server.id}/messages/search?q=x`))).toEqual(UNAUTHENTICATED);
      expect(answer(await app().http().get('/api/users/@me/channels/messages/search?q=x'))).toEqual(UNAUTHENTICATED);
      await app().http().post('/api/users/logout').set('Authorization', outsider.token);
      expect(answer(await searchDms(outsider, { q: 'x' }))).toEqual(UNAUTHENTICATED);
    });
  });

  describe(`the page around a message over HTTP (${name})`, () => {
    const page = (user: TestUser, channelId: string, query: Record<string, string>) => app().http().get(`/api/channels/${channelId}/messages`).query(query).set('Authorization', user.token);

    it('answers the `limit` messages centred on it, in chronological order as every page', async () => {
      const { owner, member, channelId } = await app().aServerWithMember();
      const ids: string[] = [];
      for (let i = 1; i <= 9; i++) ids.push((await app().send(owner, channelId, `m${i}`)).id);

      const res = await page(member, channelId, { around: ids[4] as string, limit: '5' });
      expect({ status: res.status, contents: res.body.map((m: { content: string }) => m.content) }).toEqual({ status: 200, contents: ['m3', 'm4', 'm5', 'm6', 'm7'] });
      const whole = await page(member, channelId, { limit: '9' });
      expect(answer(await page(member, channelId, { around: ids[8] as string, limit: '3' }))).toEqual({ status: 200, body: whole.body.slice(6) });
    });

    it('answers 404 for an id that is no message of the channel, 400 with before or after or a malformed id', async () => {
      const { owner, server, channelId } = await app().aServerWithMember();
      const sent = await app().send(owner, channelId, 'here');
      const other = await app().http().post(`/api/servers/${server.id}/channels`).set('Authorization', owner.token).send({ name: 'other' });
      const elsewhere = await app().send(owner, other.body.id, 'there');

      expect(answer(await page(owner, channelId, { around: '42' }))).toEqual(NOT_FOUND);
      expect(answer(await page(owner, channelId, { around: elsewhere.id }))).toEqual(NOT_FOUND);
      expect(answer(await page(owner, channelId, { around: sent.id, before: sent.id }))).toEqual(invalid('around'));
      expect(answer(await page(owner, channelId, { around: sent.id, after: '1' }))).toEqual(invalid('around'));
      expect(answer(await page(owner, channelId, { around: 'latest' }))).toEqual(invalid('around'));
      expect(answer(await page(owner, channelId, { around: '9223372036854775808' }))).toEqual(invalid('around'));
    });

    it('answers an outsider 403 whether or not the message is there, and a revoked token 401 first', async () => {
      const { owner, channelId } = await app().aServerWithMember();
      const sent = await app().send(owner, channelId, 'here');
      const outsider = await app().register();

      expect(answer(await page(outsider, channelId, { around: sent.id }))).toEqual(FORBIDDEN);
      expect(answer(await page(outsider, channelId, { around: '42' }))).toEqual(FORBIDDEN);
      await app().http().post('/api/users/logout').set('Authorization', outsider.token);
      expect(answer(await page(outsider, channelId, { around: 'x', before: '1' }))).toEqual(UNAUTHENTICATED);
    });
  });
}
