import { FixedClock, SequentialIds } from '@chat/domain/testing';
import type { Response } from 'supertest';
import { buildTestApp, problemBody, type TestApp, type TestUser } from './test-app';

const START = '2026-05-01T12:00:00.000Z';

describe('messages over HTTP', () => {
  let t: TestApp;
  let clock: FixedClock;
  beforeEach(async () => {
    clock = new FixedClock(new Date(START));
    t = await buildTestApp({ clock });
  });

  const messagesPath = (channelId: string) => `/api/channels/${channelId}/messages`;
  const messagePath = (channelId: string, messageId: string) => `${messagesPath(channelId)}/${messageId}`;

  const list = (user: TestUser, channelId: string, query = '') => t.http().get(`${messagesPath(channelId)}${query}`).set('Authorization', user.token);
  const getOne = (user: TestUser, channelId: string, messageId: string) => t.http().get(messagePath(channelId, messageId)).set('Authorization', user.token);
  const post = (user: TestUser, channelId: string, body: object) => t.http().post(messagesPath(channelId)).set('Authorization', user.token).send(body);
  const patch = (user: TestUser, channelId: string, messageId: string, body: object) =>
    t.http().patch(messagePath(channelId, messageId)).set('Authorization', user.token).send(body);
  const remove = (user: TestUser, channelId: string, messageId: string) => t.http().delete(messagePath(channelId, messageId)).set('Authorization', user.token);

  const statusAndBody = (res: Response) => ({ status: res.status, body: res.body });
  const idsOf = (res: Response): string[] => res.body.map((m: { id: string }) => m.id);

  /** The exact Message JSON of the contract. */
  const messageJson = (fields: { id?: unknown; channelId: string; content: string; author: TestUser; createdAt?: string; editedAt?: string | null }) => ({
    id: fields.id ?? expect.stringMatching(/^\d+$/),
    channelId: fields.channelId,
    content: fields.content,
    createdAt: fields.createdAt ?? START,
    editedAt: fields.editedAt ?? null,
    mentions: [],
    mentionRoles: [],
    mentionEveryone: false,
    attachments: [],
    replyTo: null,
    pinned: false,
    author: { id: fields.author.id, username: fields.author.username, displayName: null, avatar: null },
    reactions: [],
  });

  /** Sends `count` messages "m1".."m<count>" and returns their ids in sending order. */
  async function sendMany(user: TestUser, channelId: string, count: number): Promise<string[]> {
    const ids: string[] = [];
    for (let i = 1; i <= count; i++) ids.push((await t.send(user, channelId, `m${i}`)).id);
    return ids;
  }

  async function aSecondChannel(owner: TestUser, serverId: string): Promise<string> {
    const res = await t.http().post(`/api/servers/${serverId}/channels`).set('Authorization', owner.token).send({ name: 'random' });
    if (res.status !== 201) throw new Error(`create channel failed: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.id;
  }

  const validationProblem = (path: string) => problemBody(400, 'Bad Request', 'VALIDATION_FAILED', { errors: [{ path, message: expect.any(String) }] });
  const FORBIDDEN = { status: 403, body: problemBody(403, 'Forbidden', 'FORBIDDEN') };
  const NOT_FOUND = { status: 404, body: problemBody(404, 'Not Found', 'NOT_FOUND') };
  const UNAUTHENTICATED = { status: 401, body: problemBody(401, 'Unauthorized', 'UNAUTHENTICATED') };

  describe('POST /api/channels/:channelId/messages', () => {
    it('returns 201 with exactly the Message shape: no edit, no reactions, the caller as author', async () => {
      const { member, channelId } = await t.aServerWithMember();
      const res = await post(member, channelId, { content: 'hello there' });
      expect(statusAndBody(res)).toEqual({ status: 201, body: messageJson({ channelId, content: 'hello there', author: member }) });
      expect(Object.keys(res.body).sort()).toEqual(['attachments', 'author', 'channelId', 'content', 'createdAt', 'editedAt', 'id', 'mentionEveryone', 'mentionRoles', 'mentions', 'pinned', 'reactions', 'replyTo']);
      expect(Object.keys(res.body.author).sort()).toEqual(['avatar', 'displayName', 'id', 'username']);
    });

    it('stores the message so that reading it back gives the same body', async () => {
      const { owner, member, channelId } = await t.aServerWithMember();
      const sent = await post(member, channelId, { content: 'kept' });
      const read = await getOne(owner, channelId, sent.body.id);
      expect(statusAndBody(read)).toEqual({ status: 200, body: sent.body });
    });

    it('ignores unknown body fields and fields the server owns', async () => {
      const { owner, member, channelId } = await t.aServerWithMember();
      const res = await post(member, channelId, {
        content: 'mine',
        id: '42',
        channelId: '7',
        authorId: owner.id,
        author: { id: owner.id, username: owner.username },
        createdAt: '2000-01-01T00:00:00.000Z',
        editedAt: '2000-01-01T00:00:00.000Z',
        reactions: [{ emoji: '👍', count: 99, reacted: true }],
        color: 'red',
      });
      expect(statusAndBody(res)).toEqual({ status: 201, body: messageJson({ channelId, content: 'mine', author: member }) });
      expect(res.body.id).not.toBe('42');
    });

    it('accepts 2000 emoji: the length is counted in code points, not UTF-16 units', async () => {
      const { owner, channelId } = await t.aServerWithMember();
      const content = '😀'.repeat(2000);
      const res = await post(owner, channelId, { content });
      expect(statusAndBody(res)).toEqual({ status: 201, body: messageJson({ channelId, content, author: owner }) });
    });

    it('accepts exactly 2000 characters and keeps surrounding whitespace as sent', async () => {
      const { owner, channelId } = await t.aServerWithMember();
      const long = await post(owner, channelId, { content: 'x'.repeat(2000) });
      const padded = await post(owner, channelId, { content: '  hi  ' });
      expect([long.status, long.body.content.length, padded.status, padded.body.content]).toEqual([201, 2000, 201, '  hi  ']);
    });

    it.each([
      ['empty', ''],
      ['whitespace only', ' \n\t  '],
      ['2001 characters', 'x'.repeat(2001)],
      ['2001 emoji', '😀'.repeat(2001)],
      ['a number', 5],
      ['null', null],
      ['an array', ['hi']],
      ['an object', { text: 'hi' }],
      ['missing', undefined],
    ])('returns 400 naming content when it is %s', async (_name, content) => {
      const { owner, channelId } = await t.aServerWithMember();
      const res = await post(owner, channelId, content === undefined ? {} : { content });
      expect(statusAndBody(res)).toEqual({ status: 400, body: validationProblem('content') });
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    });

    it('stores nothing when the content is rejected', async () => {
      const { owner, channelId } = await t.aServerWithMember();
      await post(owner, channelId, { content: '   ' });
      expect(statusAndBody(await list(owner, channelId))).toEqual({ status: 200, body: [] });
    });

    it('returns 403 for a user outside the server, and stores nothing', async () => {
      const { owner, channelId } = await t.aServerWithMember();
      const outsider = await t.register();
      expect(statusAndBody(await post(outsider, channelId, { content: 'let me in' }))).toEqual(FORBIDDEN);
      expect((await list(owner, channelId)).body).toEqual([]);
    });

    it('returns 403 for a member who has left the server', async () => {
      const { member, server, channelId } = await t.aServerWithMember();
      await t.http().delete(`/api/servers/${server.id}/members/@me`).set('Authorization', member.token);
      expect(statusAndBody(await post(member, channelId, { content: 'still here?' }))).toEqual(FORBIDDEN);
    });

    it.each([['999999999999'], ['abc'], ['99999999999999999999999']])('returns 404 for the channel id %s', async (channelId) => {
      const alice = await t.register();
      expect(statusAndBody(await post(alice, channelId, { content: 'anyone?' }))).toEqual(NOT_FOUND);
    });

    it('returns 401 without a token', async () => {
      const { channelId } = await t.aServerWithMember();
      expect(statusAndBody(await t.http().post(messagesPath(channelId)).send({ content: 'hi' }))).toEqual(UNAUTHENTICATED);
    });
  });

  describe('GET /api/channels/:channelId/messages', () => {
    it('returns the newest 50 of 60 in chronological order when no cursor or limit is given', async () => {
      const { owner, member, channelId } = await t.aServerWithMember();
      const ids = await sendMany(owner, channelId, 60);
      const res = await list(member, channelId);
      expect(res.status).toBe(200);
      expect(idsOf(res)).toEqual(ids.slice(10));
      expect(res.body[0]).toEqual(messageJson({ id: ids[10], channelId, content: 'm11', author: owner }));
      expect(res.body[49]).toEqual(messageJson({ id: ids[59], channelId, content: 'm60', author: owner }));
    });

    it('returns an empty list for a channel without messages', async () => {
      const { owner, channelId } = await t.aServerWithMember();
      expect(statusAndBody(await list(owner, channelId))).toEqual({ status: 200, body: [] });
    });

    it('lists only the messages of the channel asked for', async () => {
      const { owner, server, channelId } = await t.aServerWithMember();
      const other = await aSecondChannel(owner, server.id);
      const here = await t.send(owner, channelId, 'here');
      await t.send(owner, other, 'there');
      expect(idsOf(await list(owner, channelId))).toEqual([here.id]);
    });

    it('returns the newest `limit` messages with limit', async () => {
      const { owner, channelId } = await t.aServerWithMember();
      const ids = await sendMany(owner, channelId, 10);
      const res = await list(owner, channelId, '?limit=3');
      expect({ status: res.status, ids: idsOf(res) }).toEqual({ status: 200, ids: ids.slice(7) });
    });

    it('accepts limit=1 and limit=50', async () => {
      const { owner, channelId } = await t.aServerWithMember();
      const ids = await sendMany(owner, channelId, 55);
      expect(idsOf(await list(owner, channelId, '?limit=1'))).toEqual(ids.slice(54));
      expect(idsOf(await list(owner, channelId, '?limit=50'))).toEqual(ids.slice(5));
    });

    it('returns the `limit` messages just older than `before`, oldest first', async () => {
      const { owner, channelId } = await t.aServerWithMember();
      const ids = await sendMany(owner, channelId, 20);
      const res = await list(owner, channelId, `?before=${ids[10]}&limit=3`);
      expect({ status: res.status, ids: idsOf(res) }).toEqual({ status: 200, ids: ids.slice(7, 10) });
    });

    it('returns up to 50 just older than `before` by default', async () => {
      const { owner, channelId } = await t.aServerWithMember();
      const ids = await sendMany(owner, channelId, 60);
      expect(idsOf(await list(owner, channelId, `?before=${ids[55]}`))).toEqual(ids.slice(5, 55));
    });

    it('returns the `limit` messages just newer than `after`, oldest first', async () => {
      const { owner, channelId } = await t.aServerWithMember();
      const ids = await sendMany(owner, channelId, 20);
      const res = await list(owner, channelId, `?after=${ids[10]}&limit=3`);
      expect({ status: res.status, ids: idsOf(res) }).toEqual({ status: 200, ids: ids.slice(11, 14) });
    });

    it('returns up to 50 just newer than `after` by default, not the newest 50', async () => {
      const { owner, channelId } = await t.aServerWithMember();
      const ids = await sendMany(owner, channelId, 60);
      expect(idsOf(await list(owner, channelId, `?after=${ids[4]}`))).toEqual(ids.slice(5, 55));
    });

    it('with both cursors returns the open interval, the `limit` nearest `after`', async () => {
      const { owner, channelId } = await t.aServerWithMember();
      const ids = await sendMany(owner, channelId, 20);
      const limited = await list(owner, channelId, `?after=${ids[2]}&before=${ids[15]}&limit=5`);
      const whole = await list(owner, channelId, `?after=${ids[2]}&before=${ids[15]}`);
      expect({ limited: idsOf(limited), whole: idsOf(whole) }).toEqual({ limited: ids.slice(3, 8), whole: ids.slice(3, 15) });
    });

    it('returns an empty page when the cursors leave nothing between them or beyond', async () => {
      const { owner, channelId } = await t.aServerWithMember();
      const ids = await sendMany(owner, channelId, 5);
      expect(idsOf(await list(owner, channelId, `?after=${ids[2]}&before=${ids[3]}`))).toEqual([]);
      expect(idsOf(await list(owner, channelId, `?before=${ids[0]}`))).toEqual([]);
      expect(idsOf(await list(owner, channelId, `?after=${ids[4]}`))).toEqual([]);
      expect(idsOf(await list(owner, channelId, '?before=1'))).toEqual([]);
      expect(idsOf(await list(owner, channelId, '?after=9223372036854775807'))).toEqual([]);
    });

    it('accepts the id of a deleted message as a cursor in both directions', async () => {
      const { owner, channelId } = await t.aServerWithMember();
      const ids = await sendMany(owner, channelId, 10);
      expect((await remove(owner, channelId, ids[5] as string)).status).toBe(204);
      const older = await list(owner, channelId, `?before=${ids[5]}&limit=2`);
      const newer = await list(owner, channelId, `?after=${ids[5]}&limit=2`);
      expect({ older: [older.status, idsOf(older)], newer: [newer.status, idsOf(newer)] }).toEqual({
        older: [200, ids.slice(3, 5)],
        newer: [200, ids.slice(6, 8)],
      });
    });

    it('no longer lists a deleted message', async () => {
      const { owner, channelId } = await t.aServerWithMember();
      const ids = await sendMany(owner, channelId, 3);
      await remove(owner, channelId, ids[1] as string);
      expect(idsOf(await list(owner, channelId))).toEqual([ids[0], ids[2]]);
    });

    it('walking back page by page with limit 7 returns every message exactly once, all sent in the same millisecond', async () => {
      const { owner, member, channelId } = await t.aServerWithMember();
      const sent: string[] = [];
      for (let i = 1; i <= 30; i++) sent.push((await t.send(i % 2 ? owner : member, channelId, `m${i}`)).id);

      const seen: string[] = [];
      const pageSizes: number[] = [];
      let before: string | undefined;
      for (let page = 0; page < 10; page++) {
        const res = await list(owner, channelId, `?limit=7${before ? `&before=${before}` : ''}`);
        expect(res.status).toBe(200);
        pageSizes.push(res.body.length);
        if (res.body.length === 0) break;
        seen.unshift(...idsOf(res));
        before = res.body[0].id;
      }
      expect({ pageSizes, seen }).toEqual({ pageSizes: [7, 7, 7, 7, 2, 0], seen: sent });
    });

    it('walks back across ids of different lengths (ordered by number, not by text)', async () => {
      t = await buildTestApp({ clock, ids: new SequentialIds(985n) });
      const { owner, channelId } = await t.aServerWithMember();
      const sent = await sendMany(owner, channelId, 25);
      expect(new Set(sent.map((id) => id.length)).size).toBeGreaterThan(1);

      const seen: string[] = [];
      let before: string | undefined;
      for (let page = 0; page < 10; page++) {
        const res = await list(owner, channelId, `?limit=7${before ? `&before=${before}` : ''}`);
        if (res.body.length === 0) break;
        seen.unshift(...idsOf(res));
        before = res.body[0].id;
      }
      expect(seen).toEqual(sent);
      expect(idsOf(await list(owner, channelId, '?limit=50'))).toEqual(sent);
    });

    it('walking forward with after returns every message exactly once', async () => {
      const { owner, channelId } = await t.aServerWithMember();
      const sent = await sendMany(owner, channelId, 16);
      const seen: string[] = [];
      let after = '0';
      for (let page = 0; page < 10; page++) {
        const res = await list(owner, channelId, `?limit=7&after=${after}`);
        if (res.body.length === 0) break;
        seen.push(...idsOf(res));
        after = res.body[res.body.length - 1].id;
      }
      expect(seen).toEqual(sent);
    });

    it.each([['limit=0'], ['limit=51'], ['limit=2.5'], ['limit=abc'], ['limit=-1'], ['limit='], ['before=xyz'], ['after=xyz'], ['before=-5']])(
      'returns 400 naming the parameter for %s',
      async (query) => {
        const { owner, channelId } = await t.aServerWithMember();
        const res = await list(owner, channelId, `?${query}`);
        expect(statusAndBody(res)).toEqual({ status: 400, body: validationProblem(query.split('=')[0] as string) });
      },
    );

    it('returns 400 listing every bad parameter at once', async () => {
      const { owner, channelId } = await t.aServerWithMember();
      const res = await list(owner, channelId, '?limit=0&before=xyz&after=abc');
      expect(res.status).toBe(400);
      expect(res.body.errors.map((e: { path: string }) => e.path).sort()).toEqual(['after', 'before', 'limit']);
    });

    it('returns 403 for a user outside the server', async () => {
      const { owner, channelId } = await t.aServerWithMember();
      await t.send(owner, channelId, 'private');
      const outsider = await t.register();
      expect(statusAndBody(await list(outsider, channelId))).toEqual(FORBIDDEN);
    });

    it.each([['999999999999'], ['abc']])('returns 404 for the channel id %s', async (channelId) => {
      const alice = await t.register();
      expect(statusAndBody(await list(alice, channelId))).toEqual(NOT_FOUND);
    });

    it('returns 401 without a token', async () => {
      const { channelId } = await t.aServerWithMember();
      expect(statusAndBody(await t.http().get(messagesPath(channelId)))).toEqual(UNAUTHENTICATED);
    });
  });

  describe('GET /api/channels/:channelId/messages/:messageId', () => {
    it('returns 200 with the message for any member', async () => {
      const { owner, member, channelId } = await t.aServerWithMember();
      const sent = await t.send(owner, channelId, 'read me');
      const res = await getOne(member, channelId, sent.id);
      expect(statusAndBody(res)).toEqual({ status: 200, body: messageJson({ id: sent.id, channelId, content: 'read me', author: owner }) });
    });

    it('returns 404 for the id of a message in another channel of the same server', async () => {
      const { owner, server, channelId } = await t.aServerWithMember();
      const other = await aSecondChannel(owner, server.id);
      const elsewhere = await t.send(owner, other, 'over there');
      expect(statusAndBody(await getOne(owner, channelId, elsewhere.id))).toEqual(NOT_FOUND);
      expect((await getOne(owner, other, elsewhere.id)).status).toBe(200);
    });

    it.each([['999999999999'], ['abc']])('returns 404 for the unknown message id %s', async (messageId) => {
      const { owner, channelId } = await t.aServerWithMember();
      expect(statusAndBody(await getOne(owner, channelId, messageId))).toEqual(NOT_FOUND);
    });

    it('returns 404 for an unknown channel', async () => {
      const { owner, channelId } = await t.aServerWithMember();
      const sent = await t.send(owner, channelId, 'hi');
      expect(statusAndBody(await getOne(owner, '999999999999', sent.id))).toEqual(NOT_FOUND);
    });

    it('returns 403 for a user outside the server', async () => {
      const { owner, channelId } = await t.aServerWithMember();
      const sent = await t.send(owner, channelId, 'private');
      const outsider = await t.register();
      expect(statusAndBody(await getOne(outsider, channelId, sent.id))).toEqual(FORBIDDEN);
    });

    it('returns 401 without a token', async () => {
      const { owner, channelId } = await t.aServerWithMember();
      const sent = await t.send(owner, channelId, 'hi');
      expect(statusAndBody(await t.http().get(messagePath(channelId, sent.id)))).toEqual(UNAUTHENTICATED);
    });
  });

  describe('PATCH /api/channels/:channelId/messages/:messageId', () => {
    it('returns 200 with the new content and editedAt set to the time of the edit; createdAt stays', async () => {
      const { member, channelId } = await t.aServerWithMember();
      const sent = await t.send(member, channelId, 'frist');
      clock.advance(90_000);
      const res = await patch(member, channelId, sent.id, { content: 'first' });
      expect(statusAndBody(res)).toEqual({
        status: 200,
        body: messageJson({ id: sent.id, channelId, content: 'first', author: member, createdAt: START, editedAt: '2026-05-01T12:01:30.000Z' }),
      });
    });

    it('keeps the edit: reading and listing show it', async () => {
      const { owner, member, channelId } = await t.aServerWithMember();
      const sent = await t.send(member, channelId, 'before');
      clock.advance(1_000);
      const edited = await patch(member, channelId, sent.id, { content: 'after' });
      expect((await getOne(owner, channelId, sent.id)).body).toEqual(edited.body);
      expect((await list(owner, channelId)).body).toEqual([edited.body]);
    });

    it('moves editedAt on each further edit', async () => {
      const { member, channelId } = await t.aServerWithMember();
      const sent = await t.send(member, channelId, 'one');
      clock.advance(1_000);
      await patch(member, channelId, sent.id, { content: 'two' });
      clock.advance(1_000);
      const res = await patch(member, channelId, sent.id, { content: 'three' });
      expect([res.body.content, res.body.editedAt]).toEqual(['three', '2026-05-01T12:00:02.000Z']);
    });

    it('ignores fields the server owns', async () => {
      const { owner, member, channelId } = await t.aServerWithMember();
      const sent = await t.send(member, channelId, 'one');
      const res = await patch(member, channelId, sent.id, { content: 'two', editedAt: null, createdAt: '2000-01-01T00:00:00.000Z', authorId: owner.id, id: '1' });
      expect(statusAndBody(res)).toEqual({
        status: 200,
        body: messageJson({ id: sent.id, channelId, content: 'two', author: member, editedAt: START }),
      });
    });

    it('returns 403 for a member who is not the author, and leaves the message as it was', async () => {
      const { owner, member, server, channelId } = await t.aServerWithMember();
      const other = await t.register();
      await t.join(other, server.id, owner);
      const sent = await t.send(member, channelId, 'mine');
      expect(statusAndBody(await patch(other, channelId, sent.id, { content: 'yours now' }))).toEqual(FORBIDDEN);
      expect((await getOne(member, channelId, sent.id)).body).toEqual(messageJson({ id: sent.id, channelId, content: 'mine', author: member }));
    });

    it('returns 403 for the server owner editing someone else\'s message', async () => {
      const { owner, member, channelId } = await t.aServerWithMember();
      const sent = await t.send(member, channelId, 'mine');
      expect(statusAndBody(await patch(owner, channelId, sent.id, { content: 'moderated' }))).toEqual(FORBIDDEN);
      expect((await getOne(member, channelId, sent.id)).body.content).toBe('mine');
    });

    it('returns 403 for a user outside the server', async () => {
      const { owner, channelId } = await t.aServerWithMember();
      const sent = await t.send(owner, channelId, 'mine');
      const outsider = await t.register();
      expect(statusAndBody(await patch(outsider, channelId, sent.id, { content: 'x' }))).toEqual(FORBIDDEN);
    });

    it.each([
      ['empty', ''],
      ['whitespace only', '   '],
      ['2001 characters', 'x'.repeat(2001)],
      ['a number', 5],
      ['missing', undefined],
    ])('returns 400 naming content when it is %s, and keeps the old content', async (_name, content) => {
      const { member, channelId } = await t.aServerWithMember();
      const sent = await t.send(member, channelId, 'original');
      const res = await patch(member, channelId, sent.id, content === undefined ? {} : { content });
      expect(statusAndBody(res)).toEqual({ status: 400, body: validationProblem('content') });
      expect((await getOne(member, channelId, sent.id)).body).toEqual(messageJson({ id: sent.id, channelId, content: 'original', author: member }));
    });

    it('returns 404 for an unknown message, a message of another channel and an unknown channel', async () => {
      const { owner, server, channelId } = await t.aServerWithMember();
      const other = await aSecondChannel(owner, server.id);
      const elsewhere = await t.send(owner, other, 'over there');
      expect(statusAndBody(await patch(owner, channelId, '999999999999', { content: 'x' }))).toEqual(NOT_FOUND);
      expect(statusAndBody(await patch(owner, channelId, elsewhere.id, { content: 'x' }))).toEqual(NOT_FOUND);
      expect(statusAndBody(await patch(owner, '999999999999', elsewhere.id, { content: 'x' }))).toEqual(NOT_FOUND);
      expect((await getOne(owner, other, elsewhere.id)).body.content).toBe('over there');
    });

    it('returns 401 without a token', async () => {
      const { owner, channelId } = await t.aServerWithMember();
      const sent = await t.send(owner, channelId, 'hi');
      expect(statusAndBody(await t.http().patch(messagePath(channelId, sent.id)).send({ content: 'x' }))).toEqual(UNAUTHENTICATED);
    });
  });

  describe('DELETE /api/channels/:channelId/messages/:messageId', () => {
    it('returns 204 with no body for the author, and the message is gone', async () => {
      const { owner, member, channelId } = await t.aServerWithMember();
      const sent = await t.send(member, channelId, 'oops');
      const res = await remove(member, channelId, sent.id);
      expect({ status: res.status, text: res.text }).toEqual({ status: 204, text: '' });
      expect(statusAndBody(await getOne(owner, channelId, sent.id))).toEqual(NOT_FOUND);
      expect((await list(owner, channelId)).body).toEqual([]);
    });

    it('returns 204 for the server owner removing someone else\'s message', async () => {
      const { owner, member, channelId } = await t.aServerWithMember();
      const sent = await t.send(member, channelId, 'spam');
      expect((await remove(owner, channelId, sent.id)).status).toBe(204);
      expect(statusAndBody(await getOne(member, channelId, sent.id))).toEqual(NOT_FOUND);
    });

    it('returns 403 for another plain member, and the message stays', async () => {
      const { owner, member, server, channelId } = await t.aServerWithMember();
      const other = await t.register();
      await t.join(other, server.id, owner);
      const sent = await t.send(member, channelId, 'mine');
      expect(statusAndBody(await remove(other, channelId, sent.id))).toEqual(FORBIDDEN);
      expect((await getOne(member, channelId, sent.id)).status).toBe(200);
    });

    it('returns 403 for a user outside the server', async () => {
      const { owner, channelId } = await t.aServerWithMember();
      const sent = await t.send(owner, channelId, 'mine');
      const outsider = await t.register();
      expect(statusAndBody(await remove(outsider, channelId, sent.id))).toEqual(FORBIDDEN);
      expect((await getOne(owner, channelId, sent.id)).status).toBe(200);
    });

    it('returns 404 for an unknown message, one already deleted, one of another channel and an unknown channel', async () => {
      const { owner, server, channelId } = await t.aServerWithMember();
      const other = await aSecondChannel(owner, server.id);
      const elsewhere = await t.send(owner, other, 'over there');
      const gone = await t.send(owner, channelId, 'gone');
      await remove(owner, channelId, gone.id);
      expect(statusAndBody(await remove(owner, channelId, '999999999999'))).toEqual(NOT_FOUND);
      expect(statusAndBody(await remove(owner, channelId, 'abc'))).toEqual(NOT_FOUND);
      expect(statusAndBody(await remove(owner, channelId, gone.id))).toEqual(NOT_FOUND);
      expect(statusAndBody(await remove(owner, channelId, elsewhere.id))).toEqual(NOT_FOUND);
      expect(statusAndBody(await remove(owner, '999999999999', elsewhere.id))).toEqual(NOT_FOUND);
      expect((await getOne(owner, other, elsewhere.id)).status).toBe(200);
    });

    it('returns 401 without a token', async () => {
      const { owner, channelId } = await t.aServerWithMember();
      const sent = await t.send(owner, channelId, 'hi');
      expect(statusAndBody(await t.http().delete(messagePath(channelId, sent.id)))).toEqual(UNAUTHENTICATED);
    });
  });
});
