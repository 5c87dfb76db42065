import type { Clients, Frame, GatewayClient } from './gateway-client';
import { ban, createServer, getJson, join, kick, leave, login, logout, register, send } from './rest';

/*
 * Scenarios shared by the replicas suite and the embedded one. `write` is the replica REST calls go
 * to, `read` the one clients listen on, `resumeOn` where a resume goes (the same URL on the
 * embedded default, the other replica with two).
 */

export interface Where {
  readonly write: string;
  readonly read: string;
  readonly resumeOn: string;
}

/** A dispatch in one readable line: type, server label, then content or user. */
export function summary(frame: Frame, labels: Record<string, string> = {}): string {
  if (frame.op !== 'dispatch') return frame.op;
  const d = frame.d ?? {};
  const server = labels[d.serverId] ?? d.serverId;
  const what = typeof d.content === 'string' ? JSON.stringify(d.content) : (labels[d.userId] ?? d.userId ?? labels[d.id] ?? d.id);
  return `${frame.t} ${server} ${what}`;
}

/** Message contents of dispatches, any other dispatch as `<type>` so it shows up in a comparison. */
export const contents = (frames: readonly Frame[]): string[] =>
  frames.map((f) => (f.t === 'message.created' ? (f.d?.content as string) : `<${f.op} ${f.t ?? ''} ${f.d?.user?.username ?? f.d?.userId ?? ''} @${f.cursor}>`));

export const isCreated = (content: string) => (f: Frame): boolean => f.op === 'dispatch' && f.t === 'message.created' && f.d?.content === content;

/** Every message with these contents has arrived (or the socket closed: then `until` fails). */
export const receivedAll = (client: GatewayClient, expected: readonly string[], timeoutMs: number): Promise<void> => {
  const last = expected.at(-1)!;
  return client.until(() => client.dispatches().some(isCreated(last)), timeoutMs, `message.created ${JSON.stringify(last)}`);
};

export async function deliversInRestShape(clients: Clients, { write, read }: Where): Promise<void> {
  const owner = await register(write, 'owner');
  const reader = await register(write, 'reader');
  const server = await createServer(write, owner, 'Delivery');
  await join(write, reader, server.id, owner);

  const client = await clients.open(read);
  const ready = await client.identify(reader.token);
  const [serverBody, listed] = await Promise.all([
    getJson(write, reader, `/api/servers/${server.id}`),
    getJson(write, reader, `/api/servers/${server.id}/channels`),
  ]);
  // The REST list adds the caller's permissions to each channel; ready carries the channels alone.
  const channels = (listed as { permissions: unknown }[]).map(({ permissions: _permissions, ...channel }) => channel);
  expect(ready).toEqual({
    op: 'ready',
    d: { user: { id: reader.id, username: reader.username, displayName: null, avatar: null }, cursor: expect.any(String), servers: [{ ...serverBody, channels }], privateChannels: [], readStates: [], presences: [] },
  });

  const nonce = 'optimistic-echo-1';
  const sent = await send(write, owner, server.defaultChannelId, 'hello across replicas', nonce);
  expect(sent.nonce).toBe(nonce);
  const frame = await client.next((f) => f.op === 'dispatch', 10_000, 'the message.created dispatch');
  expect(frame).toEqual({ op: 'dispatch', t: 'message.created', cursor: expect.any(String), d: { ...sent, serverId: server.id } });
  expect(frame.d.nonce).toBe(nonce);

  // A second message without a nonce: none in the body, none in the event; nothing else arrived in between.
  const plain = await send(write, owner, server.defaultChannelId, 'no nonce here');
  expect(plain).not.toHaveProperty('nonce');
  const second = await client.next((f) => f.op === 'dispatch', 10_000, 'the second message.created');
  expect(second).toEqual({ op: 'dispatch', t: 'message.created', cursor: expect.any(String), d: { ...plain, serverId: server.id } });
  expect(client.dispatches()).toEqual([frame, second]);
  expect(second.cursor).not.toBe(frame.cursor);
}

/** A member who leaves (or is kicked or banned by the owner) gets its own member.left and then nothing of the server, live or on resume. */
export async function leaveIsolation(clients: Clients, { write, read, resumeOn }: Where, how: 'leave' | 'kick' | 'ban' = 'leave'): Promise<void> {
  const owner = await register(write, 'owner');
  const watcher = await register(write, 'watcher');
  const leaver = await register(write, 'leaver');
  const shared = await createServer(write, owner, 'Left behind');
  await join(write, watcher, shared.id, owner);
  await join(write, leaver, shared.id, owner);
  const own = await createServer(write, leaver, 'Still mine');
  const labels = { [shared.id]: 'S', [own.id]: 'T', [leaver.id]: 'leaver', [watcher.id]: 'watcher' };

  const leaving = await clients.open(read);
  await leaving.identify(leaver.token);
  const watching = await clients.open(read);
  await watching.identify(watcher.token);

  await send(write, owner, shared.defaultChannelId, 'before the leave');
  const before = await leaving.next(isCreated('before the leave'), 10_000, 'the message before the leave');
  await watching.next(isCreated('before the leave'), 10_000, 'the message before the leave');

  if (how === 'kick') await kick(write, owner, shared.id, leaver.id);
  else if (how === 'ban') await ban(write, owner, shared.id, leaver.id);
  else await leave(write, leaver, shared.id);
  const left = await leaving.next((f) => f.t === 'member.left', 10_000, 'its own member.left');
  expect(left).toEqual({ op: 'dispatch', t: 'member.left', cursor: expect.any(String), d: { serverId: shared.id, userId: leaver.id, reason: how } });
  await watching.next((f) => f.t === 'member.left' && f.d?.userId === leaver.id, 10_000, 'the leaver’s member.left');

  const after = Array.from({ length: 20 }, (_, i) => `after the leave ${i}`);
  for (const content of after) await send(write, owner, shared.defaultChannelId, content);
  await receivedAll(watching, after, 15_000);
  expect(watching.dispatches().map((f) => summary(f, labels))).toEqual([
    'message.created S "before the leave"',
    'member.left S leaver',
    ...after.map((content) => `message.created S ${JSON.stringify(content)}`),
  ]);

  // The leaver's socket is alive: a message in its own server arrives, and by then none of the 20 has.
  await send(write, leaver, own.defaultChannelId, 'in my own server');
  await leaving.next(isCreated('in my own server'), 10_000, 'the message in its own server');
  expect(leaving.dispatches().map((f) => summary(f, labels))).toEqual([
    'message.created S "before the leave"',
    'member.left S leaver',
    'message.created T "in my own server"',
  ]);

  // Resume from a cursor taken before the leave: its own member.left, then nothing more of S.
  const resumed = await clients.open(resumeOn);
  const { dispatches, replayed } = await resumed.resume(leaver.token, before.cursor!);
  expect({ replayed, events: dispatches.map((f) => summary(f, labels)) }).toEqual({
    replayed: 2,
    events: ['member.left S leaver', 'message.created T "in my own server"'],
  });
}

export async function logoutCloses(clients: Clients, { write, read }: Where): Promise<void> {
  const user = await register(write, 'leaving');
  const server = await createServer(write, user, 'Logout');
  const other = await login(write, user);

  const loggedOut = await clients.open(read);
  await loggedOut.identify(user.token);
  const stays = await clients.open(read);
  await stays.identify(`Bearer ${other.token}`);

  await logout(write, user);
  expect({ code: await loggedOut.closed(5_000), dispatches: loggedOut.dispatches() }).toEqual({ code: 4004, dispatches: [] });

  // Only that session's sockets: the user's other session still gets events.
  await send(write, other, server.defaultChannelId, 'still listening');
  await stays.next(isCreated('still listening'), 10_000, 'the message on the other session');
  expect(stays.open).toBe(true);

  // And the revoked token cannot identify again.
  const again = await clients.open(read);
  await again.hello();
  again.send({ op: 'identify', d: { token: user.token } });
  expect({ code: await again.closed(5_000), frames: again.frames.map((f) => f.op) }).toEqual({ code: 4004, frames: ['hello'] });
}

/**
 * A reader on `read` while 150 messages go through `write`; `kill` ends `read`'s replica after the
 * 50th. The reader resumes on `resumeOn` from its last cursor and has every message once, in order.
 */
export async function resumesAfterKill(clients: Clients, { write, read, resumeOn }: Where, kill: () => Promise<unknown>): Promise<void> {
  const sender = await register(write, 'sender');
  const reader = await register(write, 'reader');
  const server = await createServer(write, sender, 'Killed');
  await join(write, reader, server.id, sender);

  const onRead = await clients.open(read);
  const ready = await onRead.identify(reader.token);
  const sent = Array.from({ length: 150 }, (_, i) => `flowing ${i}`);
  let killed: Promise<unknown> | undefined;
  const sending = (async () => {
    for (const [i, content] of sent.entries()) {
      await send(write, sender, server.defaultChannelId, content);
      if (i === 49) killed = kill();
    }
  })();

  await onRead.closed(30_000);
  await killed;
  const resumed = await clients.open(resumeOn);
  await resumed.resume(reader.token, onRead.lastCursor() ?? (ready.d.cursor as string));
  await sending;
  await receivedAll(resumed, sent, 20_000);

  const received = contents([...onRead.dispatches(), ...resumed.dispatches()]);
  expect({ beforeTheKill: onRead.dispatches().length > 0, received }).toEqual({ beforeTheKill: true, received: sent });
}
