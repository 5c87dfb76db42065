import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import request from 'supertest';
import { tmpdir } from 'node:os';
import { join as joinPath } from 'node:path';
import { startReplica, type Replica } from '../replica-process';
import { Clients } from './gateway-client';
import { createServer, join, leave, register, send, sleep } from './rest';
import { contents, deliversInRestShape, leaveIsolation, logoutCloses, receivedAll, type Where } from './scenarios';
import { conversationIsolation } from './conversation-scenarios';
import { sightIsolation } from './sight-scenarios';
import { profileChangeReachesSharersOnce } from './profile-scenarios';
import { presenceAcrossTheGateway, presenceFollowsMembership, typingReachesThoseWhoSee } from './signal-scenarios';

/* The embedded default: no DATABASE_URL, no REDIS_URL, one process on PGlite under DATA_DIR. */
describe('the gateway on the embedded default (PGlite under DATA_DIR, no Redis)', () => {
  const dataDir = mkdtempSync(joinPath(tmpdir(), 'chat-gateway-'));
  const env = { DATA_DIR: dataDir, RATE_LIMIT_SEND_MESSAGE: '100000/10s', RATE_LIMIT_REGISTER: '1000/1h', RATE_LIMIT_LOGIN: '1000/60s' };
  const clients = new Clients();
  let replica: Replica;
  const here = (): Where => ({ write: replica.url, read: replica.url, resumeOn: replica.url });

  beforeAll(async () => {
    replica = await startReplica(env);
  }, 60_000);

  afterEach(() => clients.closeAll());

  afterAll(async () => {
    clients.closeAll();
    await replica?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('delivers a message sent over REST to another client as message.created with the REST body, its serverId and the sender’s nonce', async () => {
    await deliversInRestShape(clients, here());
  }, 30_000);

  it('after a leave, the leaver gets its own member.left and none of the next 20 messages, live or on resume', async () => {
    await leaveIsolation(clients, here());
  }, 60_000);

  it('sends the events of a private channel only to those who can see it, live and on resume', async () => {
    await sightIsolation(clients, here());
  }, 60_000);

  it('sends a direct conversation’s events to its recipients only; one removed from a group gets channel.deleted, then nothing of it, live and on resume', async () => {
    await conversationIsolation(clients, here());
  }, 60_000);

  it('sends user.updated once to a co-member of two servers and to every socket of the user, live and on resume; never to a stranger', async () => {
    await profileChangeReachesSharersOnce(clients, here());
  }, 60_000);

  it('tells members of reaction.cleared and then server.deleted, the server’s last event; their sockets stay open for other servers', async () => {
    const owner = await register(replica.url, 'owner');
    const member = await register(replica.url, 'member');
    const server = await createServer(replica.url, owner, 'Doomed');
    const other = await createServer(replica.url, member, 'Mine');
    await join(replica.url, member, server.id, owner);
    const message = await send(replica.url, member, server.defaultChannelId, 'react to me');
    const react = await request(replica.url).post(`/api/channels/${server.defaultChannelId}/messages/${message.id}/reactions`).set('Authorization', member.token).send({ emoji: '👍' });
    expect(react.status).toBe(200);
    const watching = await clients.open(replica.url);
    await watching.identify(member.token);

    const base = `/api/channels/${server.defaultChannelId}/messages/${message.id}/reactions/${encodeURIComponent('👍')}/@all`;
    expect((await request(replica.url).delete(base).set('Authorization', owner.token)).status).toBe(204);
    const cleared = await watching.next((f) => f.t === 'reaction.cleared', 10_000, 'reaction.cleared');
    expect(cleared.d).toEqual({ messageId: message.id, channelId: server.defaultChannelId, serverId: server.id, emoji: '👍' });

    expect((await request(replica.url).delete(`/api/servers/${server.id}`).set('Authorization', owner.token)).status).toBe(204);
    const deleted = await watching.next((f) => f.t === 'server.deleted', 10_000, 'server.deleted');
    expect(deleted.d).toEqual({ serverId: server.id });
    await send(replica.url, member, other.defaultChannelId, 'still here');
    await watching.next((f) => f.t === 'message.created' && f.d?.content === 'still here', 10_000, 'a message in the other server');
    expect(watching.dispatches().map((f) => f.t)).toEqual(['reaction.cleared', 'server.deleted', 'message.created']);
  }, 30_000);

  it('closes the socket with 4004 when the session logs out', async () => {
    await logoutCloses(clients, here());
  }, 30_000);

  it('gives a user with two sockets their join and the server on both; after one closes, the other still gets their joins and leaves', async () => {
    const owner = await register(replica.url, 'owner');
    const twice = await register(replica.url, 'twice');
    const server = await createServer(replica.url, owner, 'Two sockets');
    const first = await clients.open(replica.url);
    const second = await clients.open(replica.url);
    await first.identify(twice.token);
    await second.identify(twice.token);

    await join(replica.url, twice, server.id, owner);
    await send(replica.url, owner, server.defaultChannelId, 'to both');
    for (const client of [first, second]) await receivedAll(client, ['to both'], 10_000);
    first.close();
    await first.closed(5_000);
    // The socket left must still be found as the user's: a join opens a new server on it.
    const another = await createServer(replica.url, owner, 'Joined later');
    await join(replica.url, twice, another.id, owner);
    await send(replica.url, owner, another.defaultChannelId, 'in the other server');
    await receivedAll(second, ['in the other server'], 10_000);
    await leave(replica.url, twice, server.id);
    await send(replica.url, owner, server.defaultChannelId, 'after the leave');
    const probe = await clients.open(replica.url);
    await probe.identify(owner.token);
    await send(replica.url, owner, server.defaultChannelId, 'last');
    await receivedAll(probe, ['last'], 10_000);
    await sleep(200);

    expect(second.dispatches().map((frame) => `${frame.t} ${frame.d?.content ?? frame.d?.userId ?? frame.d?.user?.id}`)).toEqual([
      `member.joined ${twice.id}`,
      'message.created to both',
      `member.joined ${twice.id}`,
      'message.created in the other server',
      `member.left ${twice.id}`,
    ]);
    expect(first.dispatches().map((frame) => frame.t)).toEqual(['member.joined', 'message.created']);
  }, 30_000);

  it('stays up when a client resets an upgrade it sent to another path', async () => {
    const { port } = new URL(replica.url);
    for (const path of ['/not-the-gateway', '/api/gateway']) {
      const socket = connect(Number(port), '127.0.0.1');
      await new Promise((resolve) => socket.once('connect', resolve));
      socket.write(`GET ${path} HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n`);
      socket.resetAndDestroy();
    }
    await new Promise((resolve) => setTimeout(resolve, 300));

    expect({ exitCode: replica.process.exitCode, health: (await fetch(`${replica.url}/health`)).status }).toEqual({ exitCode: null, health: 200 });
  }, 30_000);

  it('closes 4003 when the first frame is an op it does not know, or not JSON', async () => {
    const unknown = await clients.open(replica.url);
    unknown.send({ op: 'subscribe', d: {} });
    const garbled = await clients.open(replica.url);
    garbled.send('{not json');

    expect([await unknown.closed(5_000), await garbled.closed(5_000)]).toEqual([4003, 4003]);
  }, 30_000);

  it('sends typing.started live, without a cursor, to those who see the channel but the typist, once in 5 s; a resume does not replay it', async () => {
    await typingReachesThoseWhoSee(clients, here());
  }, 20_000);

  it('shows a user online while they hold a socket, as they choose, to those who share a server, then offline; ready and the members route say so too', async () => {
    await presenceAcrossTheGateway(clients, here());
  }, 20_000);

  it('lists in ready a user online who joins a server, and not once they leave, are kicked or banned', async () => {
    await presenceFollowsMembership(clients, here());
  }, 30_000);

  it('resumes across a restart: from a cursor of before the restart it replays exactly the 5 messages sent after it', async () => {
    const sender = await register(replica.url, 'sender');
    const reader = await register(replica.url, 'reader');
    const server = await createServer(replica.url, sender, 'Restarted');
    await join(replica.url, reader, server.id, sender);

    const before = await clients.open(replica.url);
    const ready = await before.identify(reader.token);
    const cursor = ready.d.cursor as string;
    expect(await replica.stop('SIGTERM')).toBe(0);
    await before.closed(5_000);

    replica = await startReplica(env); // only after the first process exited: PGlite is single-process
    const sent = Array.from({ length: 5 }, (_, i) => `while away ${i}`);
    for (const content of sent) await send(replica.url, sender, server.defaultChannelId, content);

    const after = await clients.open(replica.url);
    const { dispatches, replayed } = await after.resume(reader.token, cursor);
    expect({ replayed, received: contents(dispatches), beforeTheRestart: before.dispatches() }).toEqual({
      replayed: 5,
      received: sent,
      beforeTheRestart: [],
    });
  }, 60_000);
});
