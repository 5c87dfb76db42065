import type { TestApp, TestUser } from './test-app';
import { problemBody } from './test-app';

/** Pins over HTTP, over the app `app()` gives: who may pin, the list, the cap, the problems. */
export function describePinRoutes(name: string, app: () => TestApp): void {
  describe(`pins over HTTP (${name})`, () => {
    const as = (user: TestUser) => ({
      get: (path: string) => app().http().get(path).set('Authorization', user.token),
      post: (path: string, body: object) => app().http().post(path).set('Authorization', user.token).send(body),
      put: (path: string, body?: object) => app().http().put(path).set('Authorization', user.token).send(body),
      delete: (path: string) => app().http().delete(path).set('Authorization', user.token),
    });
    const pins = (channelId: string) => `/api/channels/${channelId}/pins`;
    const pin = (channelId: string, messageId: string) => `${pins(channelId)}/${messageId}`;
    const answer = (res: { status: number; body: unknown }) => ({ status: res.status, body: res.body });
    const NOT_FOUND = { status: 404, body: problemBody(404, 'Not Found', 'NOT_FOUND') };
    const idsOf = (res: { body: { id: string }[] }) => res.body.map((m) => m.id);

    it('pins with 204, shows the message pinned and lists it; pinning again is 204 and changes nothing', async () => {
      const { owner, member, channelId } = await app().aServerWithMember();
      const said = await app().send(member, channelId, 'remember this');

      expect(answer(await as(owner).put(pin(channelId, said.id)))).toEqual({ status: 204, body: {} });
      expect((await as(owner).put(pin(channelId, said.id))).status).toBe(204);

      const list = await as(member).get(pins(channelId));
      const page = await as(member).get(`/api/channels/${channelId}/messages`);
      expect(list.status).toBe(200);
      expect(list.body).toEqual([{ ...page.body[0], pinned: true }]);
      expect(page.body[0].pinned).toBe(true);
    });

    it('lists the most recently pinned first, and unpins with 204 (again: 204, harmless)', async () => {
      const { owner, channelId } = await app().aServerWithMember();
      const [a, b, c] = [await app().send(owner, channelId, 'a'), await app().send(owner, channelId, 'b'), await app().send(owner, channelId, 'c')];
      // Pinned in message order: the latest pin is the newest message, whether the clock moved between them or not.
      for (const m of [a, b, c]) expect((await as(owner).put(pin(channelId, m.id))).status).toBe(204);

      expect(idsOf(await as(owner).get(pins(channelId)))).toEqual([c.id, b.id, a.id]);

      expect((await as(owner).delete(pin(channelId, b.id))).status).toBe(204);
      expect((await as(owner).delete(pin(channelId, b.id))).status).toBe(204);
      expect(idsOf(await as(owner).get(pins(channelId)))).toEqual([c.id, a.id]);
      expect((await as(owner).get(`/api/channels/${channelId}/messages/${b.id}`)).body.pinned).toBe(false);
    });

    it('answers 403 to a member without MANAGE_MESSAGES, who may still read the list', async () => {
      const { owner, member, channelId } = await app().aServerWithMember();
      const said = await app().send(owner, channelId, 'mine');
      const forbidden = { status: 403, body: problemBody(403, 'Forbidden', 'FORBIDDEN', { detail: expect.stringContaining('MANAGE_MESSAGES') }) };

      expect(answer(await as(member).put(pin(channelId, said.id)))).toEqual(forbidden);
      expect((await as(owner).put(pin(channelId, said.id))).status).toBe(204);
      expect(answer(await as(member).delete(pin(channelId, said.id)))).toEqual(forbidden);
      expect(idsOf(await as(member).get(pins(channelId)))).toEqual([said.id]);
    });

    it('answers 404 to an unknown message, a malformed id, or a message of another channel', async () => {
      const { owner, server, channelId } = await app().aServerWithMember();
      const other = (await as(owner).post(`/api/servers/${server.id}/channels`, { name: 'elsewhere' })).body as { id: string };
      const elsewhere = await app().send(owner, other.id, 'over there');

      for (const messageId of ['42', 'abc', elsewhere.id]) {
        expect(answer(await as(owner).put(pin(channelId, messageId)))).toEqual(NOT_FOUND);
        expect(answer(await as(owner).delete(pin(channelId, messageId)))).toEqual(NOT_FOUND);
      }
      expect(answer(await as(owner).get(pins('42')))).toEqual(NOT_FOUND);
      expect((await as(owner).get(pins(other.id))).body).toEqual([]);
    });

    it('answers 403 to a stranger listing the pins', async () => {
      const { channelId } = await app().aServerWithMember();
      const stranger = await app().register();

      expect((await as(stranger).get(pins(channelId))).status).toBe(403);
    });

    it('answers 400 TOO_MANY_PINS to the 51st pin of a channel, and pins it once one is unpinned', async () => {
      const { owner, channelId } = await app().aServerWithMember();
      const ids: string[] = [];
      for (let i = 0; i < 51; i++) ids.push((await app().send(owner, channelId, `m${i}`)).id);
      for (const id of ids.slice(0, 50)) expect((await as(owner).put(pin(channelId, id))).status).toBe(204);

      expect(answer(await as(owner).put(pin(channelId, ids[50]!)))).toEqual({
        status: 400,
        body: problemBody(400, 'Bad Request', 'TOO_MANY_PINS', { detail: 'A channel can hold at most 50 pinned messages.' }),
      });
      expect((await as(owner).put(pin(channelId, ids[0]!))).status).toBe(204);
      expect((await as(owner).delete(pin(channelId, ids[0]!))).status).toBe(204);
      expect((await as(owner).put(pin(channelId, ids[50]!))).status).toBe(204);
      expect((await as(owner).get(pins(channelId))).body).toHaveLength(50);
    });

    it('lets any recipient of a direct conversation pin and unpin', async () => {
      const { owner, member } = await app().aServerWithMember();
      const dm = (await as(owner).post('/api/users/@me/channels', { recipientIds: [member.id] })).body as { id: string };
      const said = await app().send(owner, dm.id, 'our plan');

      expect((await as(member).put(pin(dm.id, said.id))).status).toBe(204);
      expect(idsOf(await as(owner).get(pins(dm.id)))).toEqual([said.id]);
      expect((await as(owner).delete(pin(dm.id, said.id))).status).toBe(204);
      expect((await as(member).get(pins(dm.id))).body).toEqual([]);
    });
  });
}
