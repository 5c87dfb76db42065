import type { Clients } from './gateway-client';
import { call, createServer, join, register, send, type User } from './rest';
import { isCreated, receivedAll, summary, type Where } from './scenarios';

/*
 * Per-viewer delivery: the events of a channel go only to those who can see it, and a change of
 * roles or overwrites moves who that is, live and on resume, as a leave does for a server.
 */

/**
 * A lead loses sight of the leads' channel when their role is taken away: `channel.deleted` for
 * them alone, then nothing of it (live, and on a resume from before), while a lead who keeps the
 * role gets everything; given the role back, `channel.created`, then its events again. A newcomer
 * who joins meanwhile never gets one event of it, and their `ready` does not list it.
 */
export async function sightIsolation(clients: Clients, { write, read, resumeOn }: Where): Promise<void> {
  const owner = await register(write, 'owner');
  const keeper = await register(write, 'keeper');
  const loser = await register(write, 'loser');
  const newcomer = await register(write, 'newcomer');
  const server = await createServer(write, owner, 'Private channels');
  await join(write, keeper, server.id, owner);
  await join(write, loser, server.id, owner);
  const leads = await call('post', write, owner, `/api/servers/${server.id}/channels`, { name: 'leads' });
  const role = await call('post', write, owner, `/api/servers/${server.id}/roles`, { name: 'Leads' });
  const memberRole = (user: User) => `/api/servers/${server.id}/members/${user.id}/roles/${role.id}`;
  await call('put', write, owner, memberRole(keeper));
  await call('put', write, owner, memberRole(loser));
  await call('put', write, owner, `/api/channels/${leads.id}/permissions/${server.id}`, { type: 'role', allow: [], deny: ['VIEW_CHANNEL'] });
  await call('put', write, owner, `/api/channels/${leads.id}/permissions/${role.id}`, { type: 'role', allow: ['VIEW_CHANNEL'], deny: [] });
  const labels = { [server.id]: 'S', [leads.id]: 'leads', [loser.id]: 'loser', [keeper.id]: 'keeper', [newcomer.id]: 'newcomer' };
  const seen = (frames: { op: string }[]) => frames.map((f) => summary(f as never, labels));

  const losing = await clients.open(read);
  await losing.identify(loser.token);
  const keeping = await clients.open(read);
  await keeping.identify(keeper.token);
  const joining = await clients.open(read);
  await joining.identify(newcomer.token);

  await send(write, owner, leads.id, 'for leads');
  const before = await losing.next(isCreated('for leads'), 10_000, 'the leads message before');
  await call('delete', write, owner, memberRole(loser));
  await losing.next((f) => f.t === 'member.updated', 10_000, 'its own member.updated');
  await join(write, newcomer, server.id, owner);
  await joining.next((f) => f.t === 'member.joined', 10_000, 'its own member.joined');

  const hidden = Array.from({ length: 10 }, (_, i) => `leads only ${i}`);
  for (const content of hidden) await send(write, owner, leads.id, content);
  await receivedAll(keeping, hidden, 15_000);
  await send(write, owner, server.defaultChannelId, 'for everyone');
  await losing.next(isCreated('for everyone'), 10_000, 'the message for everyone');
  await joining.next(isCreated('for everyone'), 10_000, 'the message for everyone');

  expect(seen(losing.dispatches())).toEqual([
    'message.created S "for leads"',
    'channel.deleted S leads',
    'member.updated S loser',
    'member.joined S newcomer',
    'message.created S "for everyone"',
  ]);
  expect(seen(keeping.dispatches())).toEqual([
    'message.created S "for leads"',
    'member.updated S loser',
    'member.joined S newcomer',
    ...hidden.map((content) => `message.created S ${JSON.stringify(content)}`),
    'message.created S "for everyone"',
  ]);
  expect(seen(joining.dispatches())).toEqual(['member.joined S newcomer', 'message.created S "for everyone"']);
  const ready = await (await clients.open(read)).identify(newcomer.token);
  expect(ready.d.servers.find((s: { id: string }) => s.id === server.id).channels.map((c: { name: string }) => c.name)).toEqual(['general']);

  // A resume from before the loss: the loss, and nothing more of the channel.
  const resumed = await clients.open(resumeOn);
  const { dispatches } = await resumed.resume(loser.token, before.cursor!);
  expect(seen(dispatches)).toEqual(['channel.deleted S leads', 'member.updated S loser', 'member.joined S newcomer', 'message.created S "for everyone"']);

  // The role back: the channel as it is now, then its events again.
  await call('put', write, owner, memberRole(loser));
  const gained = await losing.next((f) => f.t === 'channel.created', 10_000, 'channel.created for the loser');
  expect(gained.d).toMatchObject({ id: leads.id, serverId: server.id, name: 'leads' });
  await send(write, owner, leads.id, 'welcome back');
  await losing.next(isCreated('welcome back'), 10_000, 'the leads message after regaining sight');
  expect(seen(losing.dispatches()).slice(5)).toEqual(['member.updated S loser', 'channel.created S leads', 'message.created S "welcome back"']);
  expect(seen(joining.dispatches())).toEqual(['member.joined S newcomer', 'message.created S "for everyone"', 'member.updated S loser']);
}
