import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ChatApiError, createRestClient, ok, uploadAttachment, type RestClient } from '@chat/client';
import { startReplica, type Replica } from '../../../apps/api/test/replica-process.js';

/* The SDK's REST half against a real API process (the embedded default), one operation after another. */
describe('the client SDK over REST, against a running API', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'chat-client-'));
  let replica: Replica;
  let n = 0;

  beforeAll(async () => {
    replica = await startReplica({ DATA_DIR: dataDir, RATE_LIMIT_REGISTER: '1000/1h', RATE_LIMIT_LOGIN: '4/60s', RATE_LIMIT_SEND_MESSAGE: '3/2s' });
  }, 60_000);

  afterAll(async () => {
    await replica?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const anonymous = (): RestClient => createRestClient({ baseUrl: replica.url });
  async function signUp(prefix: string) {
    n += 1;
    const username = `${prefix}${n}_${process.pid}`;
    const grant = await ok(anonymous().POST('/api/users/register', { body: { username, email: `${username}@example.com`, password: 'a long enough password' } }));
    return { ...grant, password: 'a long enough password', rest: createRestClient({ baseUrl: replica.url, token: grant.token }) };
  }

  it('uploads a file with uploadAttachment, and its url downloads it without a token', async () => {
    const alice = await signUp('uploader');
    const bytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);

    const attachment = await uploadAttachment(alice.rest, new Blob([bytes]), 'notes.bin');
    const downloaded = await fetch(new URL(attachment.url, replica.url));

    expect(attachment).toMatchObject({ filename: 'notes.bin', size: bytes.length, width: null, height: null });
    expect([downloaded.status, [...new Uint8Array(await downloaded.arrayBuffer())]]).toEqual([200, [...bytes]]);
    await expect(uploadAttachment(alice.rest, new Blob([]), 'empty.bin')).rejects.toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
  });

  it('makes a round trip through every resource, typed end to end', async () => {
    const owner = await signUp('owner');
    const member = await signUp('member');
    const loggedIn = await ok(anonymous().POST('/api/users/login', { body: { username: owner.user.username, password: owner.password } }));
    expect(loggedIn.user).toEqual(owner.user);

    const server = await ok(owner.rest.POST('/api/servers', { body: { name: 'SDK test' } }));
    const serverPath = { path: { serverId: server.id } };
    expect(await ok(owner.rest.GET('/api/servers/{serverId}', { params: serverPath }))).toEqual(server);
    expect((await ok(owner.rest.GET('/api/users/@me/servers'))).map(({ id }) => id)).toContain(server.id);
    const channel = await ok(owner.rest.POST('/api/servers/{serverId}/channels', { params: serverPath, body: { name: 'second' } }));
    expect((await ok(owner.rest.GET('/api/servers/{serverId}/channels', { params: serverPath }))).map(({ name }) => name)).toEqual(['general', 'second']);

    const invite = await ok(owner.rest.POST('/api/servers/{serverId}/invites', { params: serverPath }));
    await ok(member.rest.POST('/api/invites/{code}', { params: { path: { code: invite.code } } }));
    const members = await ok(member.rest.GET('/api/servers/{serverId}/members', { params: serverPath }));
    expect(members.map(({ userId }) => userId)).toEqual([owner.user.id, member.user.id]);

    const role = await ok(owner.rest.POST('/api/servers/{serverId}/roles', { params: serverPath, body: { name: 'mods', permissions: ['KICK_MEMBERS'] } }));
    const rolePath = { path: { serverId: server.id, roleId: role.id } };
    const held = { path: { serverId: server.id, userId: member.user.id, roleId: role.id } };
    await ok(owner.rest.PUT('/api/servers/{serverId}/members/{userId}/roles/{roleId}', { params: held }));
    expect((await ok(member.rest.GET('/api/servers/{serverId}/members', { params: serverPath })))[1]?.roleIds).toEqual([role.id]);
    expect((await ok(owner.rest.PATCH('/api/servers/{serverId}/roles/{roleId}', { params: rolePath, body: { color: 0xff0000 } }))).color).toBe(0xff0000);
    await ok(owner.rest.DELETE('/api/servers/{serverId}/members/{userId}/roles/{roleId}', { params: held }));
    await ok(owner.rest.DELETE('/api/servers/{serverId}/roles/{roleId}', { params: rolePath }));
    expect((await ok(member.rest.GET('/api/servers/{serverId}/roles', { params: serverPath }))).map(({ name }) => name)).toEqual(['@everyone']);

    const channelPath = { path: { channelId: channel.id } };
    const sent = await ok(member.rest.POST('/api/channels/{channelId}/messages', { params: channelPath, body: { content: 'hi from the SDK', nonce: 'n-1' } }));
    expect(sent).toMatchObject({ content: 'hi from the SDK', nonce: 'n-1', author: member.user });
    const messagePath = { path: { channelId: channel.id, messageId: sent.id } };
    await ok(owner.rest.POST('/api/channels/{channelId}/messages/{messageId}/reactions', { params: messagePath, body: { emoji: '👍' } }));
    const edited = await ok(member.rest.PATCH('/api/channels/{channelId}/messages/{messageId}', { params: messagePath, body: { content: 'edited' } }));
    expect(edited.editedAt).not.toBeNull();
    expect(await ok(member.rest.GET('/api/channels/{channelId}/messages/{messageId}', { params: messagePath }))).toMatchObject({
      content: 'edited',
      reactions: [{ emoji: '👍', count: 1, reacted: false }],
    });
    await ok(owner.rest.DELETE('/api/channels/{channelId}/messages/{messageId}/reactions/{emoji}', { params: { path: { ...messagePath.path, emoji: '👍' } } }));
    const page = await ok(owner.rest.GET('/api/channels/{channelId}/messages', { params: { ...channelPath, query: { limit: '10' } } }));
    expect(page.map(({ id, reactions }) => ({ id, reactions }))).toEqual([{ id: sent.id, reactions: [] }]);
    // Search on the embedded default (PGlite), and the page around a hit.
    const found = await ok(owner.rest.GET('/api/servers/{serverId}/messages/search', { params: { ...serverPath, query: { q: 'EDITED', channelId: channel.id } } }));
    expect(found).toEqual({ messages: page, hasMore: false });
    expect(await ok(owner.rest.GET('/api/channels/{channelId}/messages', { params: { ...channelPath, query: { around: sent.id } } }))).toEqual(page);
    await ok(member.rest.DELETE('/api/channels/{channelId}/messages/{messageId}', { params: messagePath }));
    expect(await ok(owner.rest.GET('/api/channels/{channelId}/messages', { params: channelPath }))).toEqual([]);

    // Managing channels: rename and move, an overwrite (the member's list hides the channel), then delete.
    const renamed = await ok(owner.rest.PATCH('/api/channels/{channelId}', { params: channelPath, body: { name: 'leads', topic: 'For leads', position: 0 } }));
    expect(renamed).toMatchObject({ name: 'leads', topic: 'For leads', position: 0, permissionOverwrites: [] });
    const overwrite = { path: { channelId: channel.id, targetId: server.id } };
    await ok(owner.rest.PUT('/api/channels/{channelId}/permissions/{targetId}', { params: overwrite, body: { type: 'role', allow: [], deny: ['VIEW_CHANNEL'] } }));
    expect((await ok(member.rest.GET('/api/servers/{serverId}/channels', { params: serverPath }))).map(({ name, permissions }) => [name, permissions.includes('VIEW_CHANNEL')])).toEqual([['general', true]]);
    await ok(owner.rest.DELETE('/api/channels/{channelId}/permissions/{targetId}', { params: overwrite }));
    await ok(owner.rest.DELETE('/api/channels/{channelId}', { params: channelPath }));
    expect((await ok(member.rest.GET('/api/servers/{serverId}/channels', { params: serverPath }))).map(({ name }) => name)).toEqual(['general']);
    await ok(member.rest.DELETE('/api/servers/{serverId}/members/@me', { params: serverPath }));

    const app = await ok(owner.rest.POST('/api/applications', { body: { name: 'SDK bot' } }));
    expect((await ok(owner.rest.GET('/api/applications'))).map(({ id }) => id)).toEqual([app.id]);
    const rotated = await ok(owner.rest.POST('/api/applications/{applicationId}/secret', { params: { path: { applicationId: app.id } } }));
    expect(rotated.clientSecret).not.toBe(app.clientSecret);
    const token = await ok(
      anonymous().POST('/api/oauth2/token', {
        body: { grant_type: 'client_credentials', client_id: app.clientId, client_secret: rotated.clientSecret },
        bodySerializer: (body) => new URLSearchParams(body as Record<string, string>).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      }),
    );
    const bot = createRestClient({ baseUrl: replica.url, token: `Bearer ${token.access_token}` });
    expect(await ok(bot.GET('/api/users/@me/servers'))).toEqual([]);
    await ok(owner.rest.DELETE('/api/applications/{applicationId}', { params: { path: { applicationId: app.id } } }));

    await ok(owner.rest.POST('/api/users/logout'));
    await expect(ok(owner.rest.GET('/api/users/@me/servers'))).rejects.toMatchObject({ status: 401, code: 'UNAUTHENTICATED' });
  }, 30_000);

  it('throws a typed error with the API’s code for a 403 and a 404', async () => {
    const owner = await signUp('owner');
    const other = await signUp('other');
    const server = await ok(owner.rest.POST('/api/servers', { body: { name: 'Mine' } }));

    const forbidden = await other.rest.POST('/api/invites/{code}', { params: { path: { code: 'nope' } } }).catch((error: unknown) => error);
    expect(forbidden).toBeInstanceOf(ChatApiError);
    expect(forbidden).toMatchObject({ status: 404, code: 'NOT_FOUND' });
    const invite = await ok(owner.rest.POST('/api/servers/{serverId}/invites', { params: { path: { serverId: server.id } } }));
    await ok(other.rest.POST('/api/invites/{code}', { params: { path: { code: invite.code } } }));
    await expect(ok(other.rest.POST('/api/servers/{serverId}/channels', { params: { path: { serverId: server.id } }, body: { name: 'not yours' } }))).rejects.toMatchObject({
      status: 403,
      code: 'FORBIDDEN',
      problem: expect.objectContaining({ status: 403, title: expect.any(String) }),
    });
    await expect(ok(other.rest.GET('/api/servers/{serverId}', { params: { path: { serverId: '1' } } }))).rejects.toMatchObject({ status: 404, code: 'NOT_FOUND' });
  });

  it('hands a 429 back as a typed error with its wait when asked not to retry', async () => {
    const user = await signUp('limited');
    const rest = createRestClient({ baseUrl: replica.url, retryOn429: false });
    const attempts = Array.from({ length: 5 }, () =>
      ok(rest.POST('/api/users/login', { body: { username: user.user.username, password: user.password } })).then(
        () => 'ok',
        (error: unknown) => error,
      ),
    );
    const outcomes = await Promise.all(attempts);
    const limited = outcomes.filter((outcome): outcome is ChatApiError => outcome instanceof ChatApiError);
    expect(limited.length).toBeGreaterThan(0);
    expect(limited[0]).toMatchObject({ status: 429, code: 'RATE_LIMITED', retryAfterMs: expect.any(Number) });
    expect(limited[0]!.retryAfterMs).toBeGreaterThan(0);
  });

  it('waits out a 429 by its Retry-After and then succeeds, by default', async () => {
    const user = await signUp('patient');
    const statuses: number[] = [];
    const rest = createRestClient({
      baseUrl: replica.url,
      token: user.token,
      fetch: async (input) => {
        const response = await fetch(input);
        statuses.push(response.status);
        return response;
      },
    });
    const server = await ok(rest.POST('/api/servers', { body: { name: 'Chatty' } }));
    statuses.length = 0;
    const sends = [];
    for (let i = 0; i < 4; i += 1) sends.push(await ok(rest.POST('/api/channels/{channelId}/messages', { params: { path: { channelId: server.defaultChannelId } }, body: { content: `m${i}` } })));

    // The send limit is 3 every 2 s: the fourth was refused once, waited for, and then went through.
    expect(sends.map(({ content }) => content)).toEqual(['m0', 'm1', 'm2', 'm3']);
    expect(statuses).toEqual([201, 201, 201, 429, 201]);
  }, 20_000);
});
