import { MENTION_LIMIT } from '@chat/domain';
import type { TestApp, TestUser } from './test-app';

interface Mentions {
  readonly mentions: string[];
  readonly mentionRoles: string[];
  readonly mentionEveryone: boolean;
}

/** The status and the mentions of an answer with a message (a page's `at`-th). */
const mentionsOf = (res: { status: number; body: Mentions | Mentions[] }, at?: number) => {
  const { mentions, mentionRoles, mentionEveryone } = (Array.isArray(res.body) ? res.body[at ?? 0] : res.body) ?? { mentions: [], mentionRoles: [], mentionEveryone: false };
  return { status: res.status, mentions, mentionRoles, mentionEveryone };
};
const answered = (status: number, mentions: string[], mentionRoles: string[] = [], mentionEveryone = false) => ({ status, mentions, mentionRoles, mentionEveryone });

/** Mentions on the message routes, over the app `app()` gives: what a send and an edit keep. */
export function describeMentionRoutes(name: string, app: () => TestApp): void {
  describe(`mentions over HTTP (${name})`, () => {
    const as = (user: TestUser) => ({
      get: (path: string) => app().http().get(path).set('Authorization', user.token),
      post: (path: string, body: object) => app().http().post(path).set('Authorization', user.token).send(body),
      patch: (path: string, body: object) => app().http().patch(path).set('Authorization', user.token).send(body),
      put: (path: string, body?: object) => app().http().put(path).set('Authorization', user.token).send(body),
    });
    const send = (user: TestUser, channelId: string, content: string) => as(user).post(`/api/channels/${channelId}/messages`, { content });

    /** A server with a channel `@everyone` cannot see, the owner, a member let in by an overwrite, and a member shut out. */
    async function aPrivateChannel() {
      const { owner, member: outsider, server } = await app().aServerWithMember();
      const insider = await app().register();
      await app().join(insider, server.id, owner);
      const channel = (await as(owner).post(`/api/servers/${server.id}/channels`, { name: 'leads' })).body as { id: string };
      expect((await as(owner).put(`/api/channels/${channel.id}/permissions/${server.id}`, { type: 'role', allow: [], deny: ['VIEW_CHANNEL'] })).status).toBe(204);
      expect((await as(owner).put(`/api/channels/${channel.id}/permissions/${insider.id}`, { type: 'member', allow: ['VIEW_CHANNEL'], deny: [] })).status).toBe(204);
      return { owner, insider, outsider, server, channelId: channel.id };
    }

    async function aRole(owner: TestUser, serverId: string, permissions: string[] = [], holder?: TestUser): Promise<string> {
      const role = await as(owner).post(`/api/servers/${serverId}/roles`, { name: 'heralds', permissions });
      expect(role.status).toBe(201);
      if (holder) expect((await as(owner).put(`/api/servers/${serverId}/members/${holder.id}/roles/${role.body.id}`)).status).toBe(204);
      return role.body.id as string;
    }

    it('POST keeps a mention of a member who sees a private channel, drops one who cannot see it; the page and GET say the same', async () => {
      const { owner, insider, outsider, channelId } = await aPrivateChannel();

      const sent = await send(owner, channelId, `<@${outsider.id}> <@${insider.id}> look`);

      expect(mentionsOf(sent)).toEqual(answered(201, [insider.id]));
      expect(mentionsOf(await as(insider).get(`/api/channels/${channelId}/messages/${sent.body.id}`))).toEqual(answered(200, [insider.id]));
      expect(mentionsOf(await as(owner).get(`/api/channels/${channelId}/messages`))).toEqual(answered(200, [insider.id]));
    });

    it("POST mentions a role of the server, not @everyone's id or another server's role", async () => {
      const { owner, channelId, server } = await app().aServerWithMember();
      const lead = await aRole(owner, server.id);
      const elsewhere = await app().createServer(owner, 'Elsewhere');
      const foreign = await aRole(owner, elsewhere.id);

      expect(mentionsOf(await send(owner, channelId, `<@&${server.id}> <@&${foreign}> <@&${lead}>`))).toEqual(answered(201, [], [lead]));
    });

    it('POST takes @everyone from a member holding MENTION_EVERYONE, as plain text from one who does not', async () => {
      const { owner, member, server, channelId } = await app().aServerWithMember();

      expect(mentionsOf(await send(member, channelId, '@everyone hello'))).toEqual(answered(201, []));
      await aRole(owner, server.id, ['MENTION_EVERYONE'], member);
      expect(mentionsOf(await send(member, channelId, '@everyone hello'))).toEqual(answered(201, [], [], true));
    });

    it('PATCH works the mentions out again from the new content', async () => {
      const { owner, member, channelId } = await app().aServerWithMember();
      const sent = await send(owner, channelId, `<@${member.id}>`);
      expect(mentionsOf(sent)).toEqual(answered(201, [member.id]));

      const edited = await as(owner).patch(`/api/channels/${channelId}/messages/${sent.body.id}`, { content: `<@${owner.id}> @everyone` });

      expect(mentionsOf(edited)).toEqual(answered(200, [owner.id], [], true));
      expect(mentionsOf(await as(member).get(`/api/channels/${channelId}/messages/${sent.body.id}`))).toEqual(answered(200, [owner.id], [], true));
    });

    it('in a direct conversation mentions its recipients only, and @everyone is plain text', async () => {
      const { owner, member } = await app().aServerWithMember();
      const stranger = await app().register();
      const dm = await as(owner).post('/api/users/@me/channels', { recipientIds: [member.id] });

      expect(mentionsOf(await send(owner, dm.body.id, `@everyone <@${stranger.id}> <@${member.id}>`))).toEqual(answered(201, [member.id]));
    });

    it(`takes malformed mentions and ids of nobody as text, and no more than the first ${MENTION_LIMIT} users: 201, never an error`, async () => {
      const { owner, channelId } = await app().aServerWithMember();
      // Ids of nobody, short enough that more than the limit fit in a message.
      const many = Array.from({ length: MENTION_LIMIT + 5 }, (_, i) => `<@7${String(i).padStart(14, '0')}>`).join('');

      expect(mentionsOf(await send(owner, channelId, '<@abc> <@ 1> <@!1> <@99999999999999999999> <@&9223372036854775807> <@9223372036854775807>'))).toEqual(answered(201, []));
      expect(mentionsOf(await send(owner, channelId, `<@${owner.id}> ${many}`))).toEqual(answered(201, [owner.id]));
      expect(mentionsOf(await send(owner, channelId, `${many} <@${owner.id}>`))).toEqual(answered(201, []));
    });
  });
}
