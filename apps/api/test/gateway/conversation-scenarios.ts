import type { Clients } from './gateway-client';
import { call, createServer, join, register, send } from './rest';
import { isCreated, receivedAll, summary, type Where } from './scenarios';

/*
 * Direct conversations on the gateway: its events go to its recipients alone, a new one comes as
 * channel.created, and one removed from a group gets channel.deleted and then nothing of it, live
 * and on resume, as a member who leaves a server.
 */

export async function conversationIsolation(clients: Clients, { write, read, resumeOn }: Where): Promise<void> {
  const owner = await register(write, 'owner');
  const kept = await register(write, 'kept');
  const removed = await register(write, 'removed');
  const bystander = await register(write, 'bystander');
  const server = await createServer(write, owner, 'Friends');
  for (const user of [kept, removed, bystander]) await join(write, user, server.id, owner);

  const keeping = await clients.open(read);
  await keeping.identify(kept.token);
  const removing = await clients.open(read);
  await removing.identify(removed.token);
  const watching = await clients.open(read);
  await watching.identify(bystander.token);

  const group = await call('post', write, owner, '/api/users/@me/channels', { recipientIds: [kept.id, removed.id] });
  const labels = { [group.id]: 'G', [removed.id]: 'removed', [kept.id]: 'kept' };
  const seen = (frames: { op: string }[]) => frames.map((f) => summary(f as never, labels));
  const created = await removing.next((f) => f.t === 'channel.created', 10_000, 'channel.created for the group');
  expect(created.d).toEqual(group);
  expect(created.d.serverId).toBeUndefined();

  await send(write, owner, group.id, 'hello group');
  const before = await removing.next(isCreated('hello group'), 10_000, 'the group message');
  expect(before.d.serverId).toBeUndefined();
  expect(before.d.channelId).toBe(group.id);
  await call('delete', write, owner, `/api/channels/${group.id}/recipients/${removed.id}`);
  await removing.next((f) => f.t === 'channel.deleted', 10_000, 'channel.deleted for the removed');

  const after = Array.from({ length: 10 }, (_, i) => `after removal ${i}`);
  for (const content of after) await send(write, owner, group.id, content);
  await receivedAll(keeping, after, 15_000);
  await send(write, owner, server.defaultChannelId, 'in the server');
  await removing.next(isCreated('in the server'), 10_000, 'the server message');

  expect(seen(removing.dispatches())).toEqual(['channel.created undefined G', 'message.created undefined "hello group"', 'channel.deleted undefined G', `message.created ${server.id} "in the server"`]);
  expect(seen(keeping.dispatches())).toEqual([
    'channel.created undefined G',
    'message.created undefined "hello group"',
    'channel.updated undefined G',
    ...after.map((content) => `message.created undefined ${JSON.stringify(content)}`),
    `message.created ${server.id} "in the server"`,
  ]);
  // A co-member of the server, not in the group: nothing of it.
  await watching.next(isCreated('in the server'), 10_000, 'the server message');
  expect(seen(watching.dispatches())).toEqual([`message.created ${server.id} "in the server"`]);

  // A resume from before the removal: the removal, and nothing more of the group.
  const resumed = await clients.open(resumeOn);
  const { dispatches } = await resumed.resume(removed.token, before.cursor!);
  expect(seen(dispatches)).toEqual(['channel.deleted undefined G', `message.created ${server.id} "in the server"`]);
  // Its ready no longer lists it; the kept one's does.
  expect((await (await clients.open(read)).identify(removed.token)).d.privateChannels).toEqual([]);
  expect((await (await clients.open(read)).identify(kept.token)).d.privateChannels.map((c: { id: string }) => c.id)).toEqual([group.id]);
}
