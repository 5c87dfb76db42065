import type { Response } from 'supertest';
import { buildTestApp, problemBody, type TestApp, type TestUser } from './test-app';

describe('reactions over HTTP', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp();
  });

  const messagePath = (channelId: string, messageId: string) => `/api/channels/${channelId}/messages/${messageId}`;
  const reactionsPath = (channelId: string, messageId: string) => `${messagePath(channelId, messageId)}/reactions`;

  const react = (user: TestUser, channelId: string, messageId: string, body: object) =>
    t.http().post(reactionsPath(channelId, messageId)).set('Authorization', user.token).send(body);
  /** `emoji` goes into the path as is: pass it already encoded (or deliberately not). */
  const unreactRaw = (user: TestUser, channelId: string, messageId: string, encodedEmoji: string) =>
    t.http().delete(`${reactionsPath(channelId, messageId)}/${encodedEmoji}`).set('Authorization', user.token);
  const unreact = (user: TestUser, channelId: string, messageId: string, emoji: string) => unreactRaw(user, channelId, messageId, encodeURIComponent(emoji));
  const getOne = (user: TestUser, channelId: string, messageId: string) => t.http().get(messagePath(channelId, messageId)).set('Authorization', user.token);
  const list = (user: TestUser, channelId: string) => t.http().get(`/api/channels/${channelId}/messages`).set('Authorization', user.token);

  const statusAndBody = (res: Response) => ({ status: res.status, body: res.body });
  const FORBIDDEN = { status: 403, body: problemBody(403, 'Forbidden', 'FORBIDDEN') };
  const NOT_FOUND = { status: 404, body: problemBody(404, 'Not Found', 'NOT_FOUND') };
  const UNAUTHENTICATED = { status: 401, body: problemBody(401, 'Unauthorized', 'UNAUTHENTICATED') };
  const BAD_EMOJI = { status: 400, body: problemBody(400, 'Bad Request', 'VALIDATION_FAILED', { errors: [{ path: 'emoji', message: expect.any(String) }] }) };

  /** An owner, a member and a bystander (also a member) in one server, with a message by the owner. */
  async function aMessage() {
    const { owner, member, server, channelId } = await t.aServerWithMember();
    const bystander = await t.register();
    await t.join(bystander, server.id, owner);
    const message = await t.send(owner, channelId, 'react to me');
    return { owner, member, bystander, server, channelId, messageId: message.id };
  }

  /** Twenty distinct emoji: 😀 (U+1F600) onwards. */
  const TWENTY = Array.from({ length: 20 }, (_, i) => String.fromCodePoint(0x1f600 + i));
  const byEmoji = (a: { emoji: string }, b: { emoji: string }) => (a.emoji < b.emoji ? -1 : a.emoji > b.emoji ? 1 : 0);

  describe('POST .../messages/:messageId/reactions', () => {
    it('returns 200 with the emoji state from the caller\'s side', async () => {
      const { member, channelId, messageId } = await aMessage();
      const res = await react(member, channelId, messageId, { emoji: '👍' });
      expect(statusAndBody(res)).toEqual({ status: 200, body: { messageId, emoji: '👍', count: 1, reacted: true } });
    });

    it('shows the reaction on the message', async () => {
      const { member, channelId, messageId } = await aMessage();
      await react(member, channelId, messageId, { emoji: '👍' });
      expect((await getOne(member, channelId, messageId)).body.reactions).toEqual([{ emoji: '👍', count: 1, reacted: true }]);
    });

    it('is harmless to react twice: the count stays 1', async () => {
      const { member, channelId, messageId } = await aMessage();
      await react(member, channelId, messageId, { emoji: '👍' });
      const again = await react(member, channelId, messageId, { emoji: '👍' });
      expect(statusAndBody(again)).toEqual({ status: 200, body: { messageId, emoji: '👍', count: 1, reacted: true } });
      expect((await getOne(member, channelId, messageId)).body.reactions).toEqual([{ emoji: '👍', count: 1, reacted: true }]);
    });

    it('counts a second user, and each viewer sees whether they themselves reacted', async () => {
      const { owner, member, bystander, channelId, messageId } = await aMessage();
      await react(member, channelId, messageId, { emoji: '👍' });
      const second = await react(owner, channelId, messageId, { emoji: '👍' });
      expect(statusAndBody(second)).toEqual({ status: 200, body: { messageId, emoji: '👍', count: 2, reacted: true } });

      expect((await getOne(member, channelId, messageId)).body.reactions).toEqual([{ emoji: '👍', count: 2, reacted: true }]);
      expect((await getOne(bystander, channelId, messageId)).body.reactions).toEqual([{ emoji: '👍', count: 2, reacted: false }]);
      const listed = await list(bystander, channelId);
      expect(listed.body.map((m: { id: string; reactions: unknown }) => [m.id, m.reactions])).toEqual([[messageId, [{ emoji: '👍', count: 2, reacted: false }]]]);
      expect((await list(owner, channelId)).body[0].reactions).toEqual([{ emoji: '👍', count: 2, reacted: true }]);
    });

    it('keeps different emoji apart, each with its own count and reacted flag', async () => {
      const { owner, member, channelId, messageId } = await aMessage();
      await react(member, channelId, messageId, { emoji: '👍' });
      await react(owner, channelId, messageId, { emoji: '👍' });
      await react(owner, channelId, messageId, { emoji: '🎉' });
      const reactions = (await getOne(member, channelId, messageId)).body.reactions;
      expect([...reactions].sort(byEmoji)).toEqual(
        [
          { emoji: '👍', count: 2, reacted: true },
          { emoji: '🎉', count: 1, reacted: false },
        ].sort(byEmoji),
      );
    });

    it.each([
      ['a skin tone', '👍🏽'],
      ['a ZWJ family', '👨‍👩‍👧‍👦'],
      ['a ZWJ person with skin tone', '🧑🏽‍💻'],
      ['a flag', '🇯🇵'],
      ['a subdivision flag', '🏴󠁧󠁢󠁳󠁣󠁴󠁿'],
      ['a keycap', '1️⃣'],
      ['the # keycap', '#️⃣'],
      ['an emoji with a variation selector', '❤️'],
      ['a newer emoji (Unicode 16)', '\u{1FAE9}'],
    ])('accepts %s', async (_name, emoji) => {
      const { member, channelId, messageId } = await aMessage();
      const res = await react(member, channelId, messageId, { emoji });
      expect(statusAndBody(res)).toEqual({ status: 200, body: { messageId, emoji, count: 1, reacted: true } });
      expect((await getOne(member, channelId, messageId)).body.reactions).toEqual([{ emoji, count: 1, reacted: true }]);
    });

    it.each([
      ['text', { emoji: 'a' }],
      ['a digit', { emoji: '1' }],
      ['two emoji', { emoji: '👍👎' }],
      ['two flags', { emoji: '🇯🇵🇫🇷' }],
      ['a shortcode', { emoji: ':thumbsup:' }],
      ['a trailing space', { emoji: '👍 ' }],
      ['a leading space', { emoji: ' 👍' }],
      ['an empty string', { emoji: '' }],
      ['a number', { emoji: 1 }],
      ['missing', {}],
    ])('returns 400 naming emoji for %s, and adds nothing', async (_name, body) => {
      const { member, channelId, messageId } = await aMessage();
      expect(statusAndBody(await react(member, channelId, messageId, body))).toEqual(BAD_EMOJI);
      expect((await getOne(member, channelId, messageId)).body.reactions).toEqual([]);
    });

    it('takes 20 distinct emoji, refuses a 21st with TOO_MANY_REACTIONS, and still takes existing ones', async () => {
      const { owner, member, channelId, messageId } = await aMessage();
      for (const emoji of TWENTY) {
        expect((await react(member, channelId, messageId, { emoji })).status).toBe(200);
      }

      const res = await react(member, channelId, messageId, { emoji: '👍' });
      expect(statusAndBody(res)).toEqual({ status: 400, body: problemBody(400, 'Bad Request', 'TOO_MANY_REACTIONS') });
      const byOther = await react(owner, channelId, messageId, { emoji: '👍' });
      expect(byOther.body.code).toBe('TOO_MANY_REACTIONS');

      const existing = await react(owner, channelId, messageId, { emoji: TWENTY[0] });
      expect(statusAndBody(existing)).toEqual({ status: 200, body: { messageId, emoji: TWENTY[0], count: 2, reacted: true } });

      const reactions = (await getOne(member, channelId, messageId)).body.reactions;
      expect([...reactions].sort(byEmoji)).toEqual(TWENTY.map((emoji, i) => ({ emoji, count: i === 0 ? 2 : 1, reacted: true })).sort(byEmoji));
    });

    it('frees a slot when the last reaction of an emoji is removed', async () => {
      const { member, channelId, messageId } = await aMessage();
      for (const emoji of TWENTY) await react(member, channelId, messageId, { emoji });
      await unreact(member, channelId, messageId, TWENTY[19] as string);
      const res = await react(member, channelId, messageId, { emoji: '👍' });
      expect(statusAndBody(res)).toEqual({ status: 200, body: { messageId, emoji: '👍', count: 1, reacted: true } });
    });

    it('returns 403 for a user outside the server, and adds nothing', async () => {
      const { member, channelId, messageId } = await aMessage();
      const outsider = await t.register();
      expect(statusAndBody(await react(outsider, channelId, messageId, { emoji: '👍' }))).toEqual(FORBIDDEN);
      expect((await getOne(member, channelId, messageId)).body.reactions).toEqual([]);
    });

    it('returns 404 for an unknown message, a message of another channel and an unknown channel', async () => {
      const { owner, server, channelId, messageId } = await aMessage();
      const other = await t.http().post(`/api/servers/${server.id}/channels`).set('Authorization', owner.token).send({ name: 'random' });
      const elsewhere = await t.send(owner, other.body.id, 'over there');
      expect(statusAndBody(await react(owner, channelId, '999999999999', { emoji: '👍' }))).toEqual(NOT_FOUND);
      expect(statusAndBody(await react(owner, channelId, 'abc', { emoji: '👍' }))).toEqual(NOT_FOUND);
      expect(statusAndBody(await react(owner, channelId, elsewhere.id, { emoji: '👍' }))).toEqual(NOT_FOUND);
      expect(statusAndBody(await react(owner, '999999999999', messageId, { emoji: '👍' }))).toEqual(NOT_FOUND);
    });

    it('returns 401 without a token', async () => {
      const { channelId, messageId } = await aMessage();
      expect(statusAndBody(await t.http().post(reactionsPath(channelId, messageId)).send({ emoji: '👍' }))).toEqual(UNAUTHENTICATED);
    });
  });

  describe('DELETE .../messages/:messageId/reactions/:emoji', () => {
    it('returns 200 with reacted false and the count decreased; others keep theirs', async () => {
      const { owner, member, channelId, messageId } = await aMessage();
      await react(member, channelId, messageId, { emoji: '👍' });
      await react(owner, channelId, messageId, { emoji: '👍' });
      const res = await unreact(member, channelId, messageId, '👍');
      expect(statusAndBody(res)).toEqual({ status: 200, body: { messageId, emoji: '👍', count: 1, reacted: false } });
      expect((await getOne(member, channelId, messageId)).body.reactions).toEqual([{ emoji: '👍', count: 1, reacted: false }]);
      expect((await getOne(owner, channelId, messageId)).body.reactions).toEqual([{ emoji: '👍', count: 1, reacted: true }]);
    });

    it('drops the emoji from the message when its last reaction goes', async () => {
      const { member, channelId, messageId } = await aMessage();
      await react(member, channelId, messageId, { emoji: '👍' });
      const res = await unreact(member, channelId, messageId, '👍');
      expect(statusAndBody(res)).toEqual({ status: 200, body: { messageId, emoji: '👍', count: 0, reacted: false } });
      expect((await getOne(member, channelId, messageId)).body.reactions).toEqual([]);
    });

    it('is harmless when the caller had not reacted: 200 with count 0', async () => {
      const { member, channelId, messageId } = await aMessage();
      const res = await unreact(member, channelId, messageId, '👍');
      expect(statusAndBody(res)).toEqual({ status: 200, body: { messageId, emoji: '👍', count: 0, reacted: false } });
      const again = await unreact(member, channelId, messageId, '👍');
      expect(statusAndBody(again)).toEqual(statusAndBody(res));
    });

    it('does not remove someone else\'s reaction', async () => {
      const { owner, member, channelId, messageId } = await aMessage();
      await react(owner, channelId, messageId, { emoji: '👍' });
      const res = await unreact(member, channelId, messageId, '👍');
      expect(statusAndBody(res)).toEqual({ status: 200, body: { messageId, emoji: '👍', count: 1, reacted: false } });
      expect((await getOne(owner, channelId, messageId)).body.reactions).toEqual([{ emoji: '👍', count: 1, reacted: true }]);
    });

    it.each([['👍🏽'], ['👨‍👩‍👧‍👦'], ['🇯🇵'], ['🏴󠁧󠁢󠁳󠁣󠁴󠁿'], ['1️⃣'], ['#️⃣'], ['*️⃣'], ['❤️']])('removes %s sent URL-encoded', async (emoji) => {
      const { member, channelId, messageId } = await aMessage();
      await react(member, channelId, messageId, { emoji });
      const res = await unreact(member, channelId, messageId, emoji);
      expect(statusAndBody(res)).toEqual({ status: 200, body: { messageId, emoji, count: 0, reacted: false } });
      expect((await getOne(member, channelId, messageId)).body.reactions).toEqual([]);
    });

    it.each([
      ['text', 'thumbsup'],
      ['a shortcode', encodeURIComponent(':thumbsup:')],
      ['two emoji', encodeURIComponent('👍👎')],
      ['a trailing space', encodeURIComponent('👍 ')],
    ])('returns 400 naming emoji for %s in the path, and removes nothing', async (_name, encoded) => {
      const { member, channelId, messageId } = await aMessage();
      await react(member, channelId, messageId, { emoji: '👍' });
      expect(statusAndBody(await unreactRaw(member, channelId, messageId, encoded))).toEqual(BAD_EMOJI);
      expect((await getOne(member, channelId, messageId)).body.reactions).toEqual([{ emoji: '👍', count: 1, reacted: true }]);
    });

    it('returns 403 for a user outside the server', async () => {
      const { member, channelId, messageId } = await aMessage();
      await react(member, channelId, messageId, { emoji: '👍' });
      const outsider = await t.register();
      expect(statusAndBody(await unreact(outsider, channelId, messageId, '👍'))).toEqual(FORBIDDEN);
      expect((await getOne(member, channelId, messageId)).body.reactions).toEqual([{ emoji: '👍', count: 1, reacted: true }]);
    });

    it('returns 404 for an unknown message and an unknown channel', async () => {
      const { owner, channelId, messageId } = await aMessage();
      expect(statusAndBody(await unreact(owner, channelId, '999999999999', '👍'))).toEqual(NOT_FOUND);
      expect(statusAndBody(await unreact(owner, '999999999999', messageId, '👍'))).toEqual(NOT_FOUND);
    });

    it('returns 401 without a token', async () => {
      const { channelId, messageId } = await aMessage();
      const res = await t.http().delete(`${reactionsPath(channelId, messageId)}/${encodeURIComponent('👍')}`);
      expect(statusAndBody(res)).toEqual(UNAUTHENTICATED);
    });
  });

  describe('deleting a message', () => {
    it('takes its reactions with it: the message is gone and can no longer be reacted to', async () => {
      const { owner, member, channelId, messageId } = await aMessage();
      await react(member, channelId, messageId, { emoji: '👍' });
      await react(owner, channelId, messageId, { emoji: '🎉' });
      expect((await t.http().delete(messagePath(channelId, messageId)).set('Authorization', owner.token)).status).toBe(204);

      expect(statusAndBody(await getOne(member, channelId, messageId))).toEqual(NOT_FOUND);
      expect((await list(member, channelId)).body).toEqual([]);
      expect(statusAndBody(await react(member, channelId, messageId, { emoji: '👍' }))).toEqual(NOT_FOUND);
      expect(statusAndBody(await unreact(member, channelId, messageId, '👍'))).toEqual(NOT_FOUND);
      // Not reachable over HTTP any more, so ask the store the app wrote to: no reaction is left behind.
      const { messages } = t.adapters.stores;
      expect([await messages.reactionState(channelId, messageId, '👍', member.id), await messages.reactionState(channelId, messageId, '🎉', owner.id)]).toEqual([
        { messageId, emoji: '👍', count: 0, reacted: false },
        { messageId, emoji: '🎉', count: 0, reacted: false },
      ]);
    });

    it('leaves the reactions of other messages alone', async () => {
      const { owner, member, channelId, messageId } = await aMessage();
      const kept = await t.send(owner, channelId, 'keep me');
      await react(member, channelId, messageId, { emoji: '👍' });
      await react(member, channelId, kept.id, { emoji: '👍' });
      await t.http().delete(messagePath(channelId, messageId)).set('Authorization', owner.token);
      expect((await getOne(member, channelId, kept.id)).body.reactions).toEqual([{ emoji: '👍', count: 1, reacted: true }]);
    });
  });

  describe('DELETE .../messages/:messageId/reactions/:emoji/:userId (the owner cleans up)', () => {
    const removeOf = (caller: TestUser, channelId: string, messageId: string, emoji: string, userId: string) =>
      t.http().delete(`${reactionsPath(channelId, messageId)}/${encodeURIComponent(emoji)}/${userId}`).set('Authorization', caller.token);

    it("lets the owner remove anyone's reactions, even all twenty a member filled, so the author can react again", async () => {
      const { owner, member, channelId, messageId } = await aMessage();
      for (const emoji of TWENTY) expect((await react(member, channelId, messageId, { emoji })).status).toBe(200);
      expect((await react(owner, channelId, messageId, { emoji: '👍' })).body.code).toBe('TOO_MANY_REACTIONS');

      const first = await removeOf(owner, channelId, messageId, TWENTY[0]!, member.id);
      expect(statusAndBody(first)).toEqual({ status: 200, body: { messageId, emoji: TWENTY[0], count: 0, reacted: false } });
      expect((await react(owner, channelId, messageId, { emoji: '👍' })).status).toBe(200);
      expect((await getOne(member, channelId, messageId)).body.reactions).toHaveLength(20);
    });

    it("refuses a member who names someone else's reaction (403), and lets them name their own", async () => {
      const { owner, member, bystander, channelId, messageId } = await aMessage();
      await react(bystander, channelId, messageId, { emoji: '🎉' });
      await react(member, channelId, messageId, { emoji: '🎉' });

      expect(statusAndBody(await removeOf(member, channelId, messageId, '🎉', bystander.id))).toEqual(FORBIDDEN);
      expect((await getOne(owner, channelId, messageId)).body.reactions).toEqual([{ emoji: '🎉', count: 2, reacted: false }]);
      expect(statusAndBody(await removeOf(member, channelId, messageId, '🎉', member.id))).toEqual({
        status: 200,
        body: { messageId, emoji: '🎉', count: 1, reacted: false },
      });
    });

    it('is harmless for a reaction that is not there, and answers the usual problems', async () => {
      const { owner, member, channelId, messageId } = await aMessage();
      const outsider = await t.register();
      expect((await removeOf(owner, channelId, messageId, '🎉', member.id)).status).toBe(200);
      expect((await removeOf(owner, channelId, messageId, '🎉', '999999')).status).toBe(200);
      // A malformed user id names nobody: 404, before the 403 a member would otherwise get.
      expect(statusAndBody(await removeOf(owner, channelId, messageId, '🎉', 'not-an-id'))).toEqual(NOT_FOUND);
      expect(statusAndBody(await removeOf(member, channelId, messageId, '🎉', 'not-an-id'))).toEqual(NOT_FOUND);
      expect(statusAndBody(await removeOf(outsider, channelId, messageId, '🎉', member.id))).toEqual(FORBIDDEN);
      expect(statusAndBody(await removeOf(owner, channelId, '999999', '🎉', member.id))).toEqual(NOT_FOUND);
      expect(statusAndBody(await removeOf(owner, channelId, messageId, 'not an emoji', member.id))).toEqual(BAD_EMOJI);
      const anonymous = await t.http().delete(`${reactionsPath(channelId, messageId)}/${encodeURIComponent('🎉')}/${member.id}`);
      expect(statusAndBody(anonymous)).toEqual(UNAUTHENTICATED);
    });
  });

  describe('DELETE .../messages/:messageId/reactions/:emoji/@all (the owner clears one emoji)', () => {
    const clear = (caller: TestUser, channelId: string, messageId: string, emoji: string) =>
      t.http().delete(`${reactionsPath(channelId, messageId)}/${encodeURIComponent(emoji)}/@all`).set('Authorization', caller.token);

    it('takes every reaction of the emoji off (204); other emoji stay; clearing again is harmless', async () => {
      const { owner, member, bystander, channelId, messageId } = await aMessage();
      for (const user of [member, bystander, owner]) await react(user, channelId, messageId, { emoji: '🎉' });
      await react(member, channelId, messageId, { emoji: '👍' });

      expect((await clear(owner, channelId, messageId, '🎉')).status).toBe(204);
      expect((await getOne(owner, channelId, messageId)).body.reactions).toEqual([{ emoji: '👍', count: 1, reacted: false }]);
      expect((await clear(owner, channelId, messageId, '🎉')).status).toBe(204);
    });

    it('refuses anyone but the owner (403), and answers the usual problems', async () => {
      const { owner, member, channelId, messageId } = await aMessage();
      await react(member, channelId, messageId, { emoji: '🎉' });
      expect(statusAndBody(await clear(member, channelId, messageId, '🎉'))).toEqual(FORBIDDEN);
      expect((await getOne(owner, channelId, messageId)).body.reactions).toHaveLength(1);
      expect(statusAndBody(await clear(owner, channelId, '999999', '🎉'))).toEqual(NOT_FOUND);
      expect(statusAndBody(await clear(owner, channelId, messageId, 'not an emoji'))).toEqual(BAD_EMOJI);
      expect(statusAndBody(await t.http().delete(`${reactionsPath(channelId, messageId)}/${encodeURIComponent('🎉')}/@all`))).toEqual(UNAUTHENTICATED);
    });
  });
});
