import request from 'supertest';
import type { Clients, Frame, GatewayClient } from './gateway-client';
import { createServer, join, register, send, type User } from './rest';
import { isCreated, type Where } from './scenarios';

/*
 * A user's change (`user.updated`) through a running replica: the log's stored text (which names
 * the user's servers), the relay, the reader, the fan-out, and a resume's replay.
 */

const updates = (client: GatewayClient): Frame[] => client.dispatches().filter((f) => f.t === 'user.updated');

async function identified(clients: Clients, url: string, user: User): Promise<{ client: GatewayClient; cursor: string }> {
  const client = await clients.open(url);
  const ready = await client.identify(user.token);
  return { client, cursor: ready.d.cursor as string };
}

/**
 * A co-member of two servers gets one `user.updated`, live and on a resume from before; the user
 * gets it on every socket; a stranger never does, and no frame names the user's servers.
 */
export async function profileChangeReachesSharersOnce(clients: Clients, { write, read, resumeOn }: Where): Promise<void> {
  const ann = await register(write, 'ann');
  const bob = await register(write, 'bob');
  const stranger = await register(write, 'stranger');
  const first = await createServer(write, ann, 'First');
  const second = await createServer(write, ann, 'Second');
  const elsewhere = await createServer(write, stranger, 'Elsewhere');
  await join(write, bob, first.id, ann);
  await join(write, bob, second.id, ann);
  const [coMember, laptop, phone, outsider] = await Promise.all([bob, ann, ann, stranger].map((user) => identified(clients, read, user)));

  const patched = await request(write).patch('/api/users/@me').set('Authorization', ann.token).send({ displayName: 'Ann B.', avatar: 'https://cdn.example.com/ann.png' });
  if (patched.status !== 200) throw new Error(`PATCH /api/users/@me: ${patched.status} ${JSON.stringify(patched.body)}`);
  await send(write, ann, second.defaultChannelId, 'marker');
  await send(write, stranger, elsewhere.defaultChannelId, 'marker');
  const all = [coMember!, laptop!, phone!, outsider!].map(({ client }) => client);
  await Promise.all(all.map((client) => client.next(isCreated('marker'), 10_000, 'the marker after the change')));

  const face = { id: ann.id, username: ann.username, displayName: 'Ann B.', avatar: 'https://cdn.example.com/ann.png' };
  for (const client of all.slice(0, 3)) expect(updates(client)).toEqual([{ op: 'dispatch', t: 'user.updated', cursor: expect.any(String), d: face }]);
  expect(updates(outsider!.client)).toEqual([]);

  const resumed = await clients.open(resumeOn);
  const replayed = (await resumed.resume(bob.token, coMember!.cursor)).dispatches.map((f) => [f.t, f.d?.content ?? f.d]);
  // Bob's own joins may come first: a busy relay can place one after his ready's cursor was taken
  // (his snapshot already had the server; the event is delivered again, at least once).
  const change = replayed.findIndex(([type]) => type === 'user.updated');
  expect(replayed.slice(0, change).filter(([type]) => type !== 'member.joined')).toEqual([]);
  expect(replayed.slice(change)).toEqual([
    ['user.updated', face],
    ['message.created', 'marker'],
  ]);
}
