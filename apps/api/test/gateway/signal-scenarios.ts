import type { Clients, Frame, GatewayClient } from './gateway-client';
import { ban, call, createServer, getJson, join, kick, leave, register, send, sleep, type User } from './rest';
import { isCreated, type Where } from './scenarios';

/*
 * Signals across the gateway, shared by the replicas suite and the embedded one: live only, to
 * those who may see them, with no cursor, never replayed.
 */

const isTyping = (channelId: string) => (f: Frame): boolean => f.op === 'dispatch' && f.t === 'typing.started' && f.d?.channelId === channelId;

/**
 * The owner types (through `write`, their socket on `write` too) in a channel a member cannot see,
 * then twice in one the member sees: the member (on `read`) hears the second once, without a cursor,
 * expiring 10 s on; the owner's own socket, the member about the private channel and a stranger hear
 * nothing. A resume (on `resumeOn`) from before replays the message that followed, not the typing.
 */
export async function typingReachesThoseWhoSee(clients: Clients, { write, read, resumeOn }: Where): Promise<void> {
  const owner = await register(write, 'typist');
  const member = await register(write, 'reader');
  const stranger = await register(write, 'stranger');
  const server = await createServer(write, owner, 'Typing');
  await join(write, member, server.id, owner);
  const hidden = await call('post', write, owner, `/api/servers/${server.id}/channels`, {
    name: 'owners',
    permissionOverwrites: [{ id: server.id, type: 'role', allow: [], deny: ['VIEW_CHANNEL'] }],
  });
  const general = server.defaultChannelId;
  const reading = await clients.open(read);
  const ready = await reading.identify(member.token);
  const typing = await clients.open(write);
  await typing.identify(owner.token);
  const outside = await clients.open(read);
  await outside.identify(stranger.token);

  await call('post', write, owner, `/api/channels/${hidden.id}/typing`);
  const posted = Date.now();
  await call('post', write, owner, `/api/channels/${general}/typing`);
  await call('post', write, owner, `/api/channels/${general}/typing`);
  const heard = await reading.next(isTyping(general), 10_000, 'typing.started in general');
  await send(write, owner, general, 'typed, then sent');
  await reading.next(isCreated('typed, then sent'), 10_000, 'the message after typing');
  await typing.next(isCreated('typed, then sent'), 10_000, 'the typist’s own message');

  expect(heard).toEqual({ op: 'dispatch', t: 'typing.started', d: { channelId: general, serverId: server.id, userId: owner.id, expiresAt: expect.any(String) } });
  expect(Date.parse(heard.d.expiresAt) - posted).toBeGreaterThan(8_000);
  expect(Date.parse(heard.d.expiresAt) - posted).toBeLessThanOrEqual(10_500);
  const typings = (client: GatewayClient) => client.signals().filter((f) => f.t === 'typing.started').length;
  expect({ member: typings(reading), typist: typings(typing), stranger: typings(outside) }).toEqual({ member: 1, typist: 0, stranger: 0 });

  const later = await clients.open(resumeOn);
  await later.resume(member.token, ready.d.cursor as string);
  expect(later.dispatches().map((f) => f.t)).toEqual(['message.created']);
  expect(later.signals().filter((f) => f.t === 'typing.started')).toEqual([]);
}

const isPresence = (userId: string, status?: string) => (f: Frame): boolean =>
  f.op === 'dispatch' && f.t === 'presence.updated' && f.d?.userId === userId && (status === undefined || f.d?.status === status);

/**
 * The owner comes online through `write` and a member on `read` hears it; then what the owner
 * chooses (a presence op; a second socket on `read` identifying as idle) and, once both sockets
 * close, offline. A stranger hears nothing of it. A newcomer's ready lists the owner as they are,
 * the members route shows what each shows; a presence op before identify closes the socket 4003,
 * an unknown status 4002.
 */
export async function presenceAcrossTheGateway(clients: Clients, { write, read }: Where): Promise<void> {
  const owner = await register(write, 'present');
  const member = await register(write, 'watcher');
  const later = await register(write, 'newcomer');
  const stranger = await register(write, 'stranger');
  const server = await createServer(write, owner, 'Presence');
  await join(write, member, server.id, owner);
  await join(write, later, server.id, owner);
  const watching = await clients.open(read);
  const ready = await watching.identify(member.token);
  const outside = await clients.open(read);
  await outside.identify(stranger.token);

  const first = await clients.open(write);
  await first.identify(owner.token);
  await watching.next(isPresence(owner.id, 'online'), 10_000, 'the owner online');
  first.send({ op: 'presence', d: { status: 'dnd' } });
  await watching.next(isPresence(owner.id, 'dnd'), 10_000, 'the owner dnd');
  const second = await clients.open(read);
  await second.identify(owner.token, 5_000, { presence: { status: 'idle' } });
  await watching.next(isPresence(owner.id, 'idle'), 10_000, 'the owner idle');
  const newcomer = await clients.open(read);
  const theirs = await newcomer.identify(later.token);
  const listed = await getJson(write, member, `/api/servers/${server.id}/members?presence=true`);
  first.close();
  second.close();
  await watching.next(isPresence(owner.id, 'offline'), 10_000, 'the owner offline');
  await newcomer.next(isPresence(owner.id, 'offline'), 10_000, 'the owner offline, to the newcomer');

  expect(ready.d.presences).toEqual([]);
  expect([...theirs.d.presences].sort((x: { userId: string }, y: { userId: string }) => x.userId.localeCompare(y.userId))).toEqual(
    [{ userId: owner.id, status: 'idle' }, { userId: member.id, status: 'online' }].sort((x, y) => x.userId.localeCompare(y.userId)),
  );
  expect(listed.map((m: { userId: string; status: string }) => [m.userId, m.status])).toEqual([
    [owner.id, 'idle'],
    [member.id, 'online'],
    [later.id, 'online'],
  ]);
  expect(watching.signals().filter(isPresence(owner.id)).map((f) => f.d.status)).toEqual(['online', 'dnd', 'idle', 'offline']);
  expect(outside.signals()).toEqual([]);
  // Not in the log: no event, no cursor moved.
  expect(watching.dispatches()).toEqual([]);

  const early = await clients.open(read);
  await early.hello();
  early.send({ op: 'presence', d: { status: 'dnd' } });
  expect(await early.closed(5_000)).toBe(4003);
  watching.send({ op: 'presence', d: { status: 'away' } });
  expect({ code: await watching.closed(5_000), reason: watching.closeReason }).toEqual({
    code: 4002,
    reason: 'a malformed presence frame: d.status must be online, idle, dnd or invisible',
  });
}

/**
 * A user online on `write` before they belong to a server: once they join it, a member's `ready`
 * (on `read`) lists them; once they leave, are kicked or banned, it does not; each join again lists
 * them. The registry learns it from the user's own connection hearing their join or leave.
 */
export async function presenceFollowsMembership(clients: Clients, { write, read }: Where): Promise<void> {
  const owner = await register(write, 'host');
  const roamer = await register(write, 'roamer');
  const server = await createServer(write, owner, 'Membership');
  const roaming = await clients.open(write);
  await roaming.identify(roamer.token);
  const isMine = (type: string) => (f: Frame): boolean => f.op === 'dispatch' && f.t === type && (f.d?.serverId ?? f.d?.member?.serverId) === server.id && (f.d?.userId ?? f.d?.member?.userId) === roamer.id;
  const listed = async (expected: boolean): Promise<boolean> => {
    // The registry hears of it just after the roamer's socket did: asked again for a while.
    for (let tries = 0; ; tries++) {
      const seen = await listsRoamer(clients, read, owner, roamer.id);
      if (seen === expected || tries === 30) return seen;
      await sleep(100);
    }
  };
  const steps: [string, boolean][] = [];
  const step = async (name: string, change: () => Promise<void>, type: string, expected: boolean) => {
    await change();
    await roaming.next(isMine(type), 10_000, `${name}, to the roamer`);
    steps.push([name, await listed(expected)]);
  };

  steps.push(['before joining', await listsRoamer(clients, read, owner, roamer.id)]);
  await step('joined', () => join(write, roamer, server.id, owner), 'member.joined', true);
  await step('left', () => leave(write, roamer, server.id), 'member.left', false);
  await step('joined again', () => join(write, roamer, server.id, owner), 'member.joined', true);
  await step('kicked', () => kick(write, owner, server.id, roamer.id), 'member.left', false);
  await step('joined once more', () => join(write, roamer, server.id, owner), 'member.joined', true);
  await step('banned', () => ban(write, owner, server.id, roamer.id), 'member.left', false);

  expect(steps).toEqual([
    ['before joining', false],
    ['joined', true],
    ['left', false],
    ['joined again', true],
    ['kicked', false],
    ['joined once more', true],
    ['banned', false],
  ]);
}

/** Whether a fresh socket of `watcher`'s on `url` is told in its `ready` that `userId` is present. */
async function listsRoamer(clients: Clients, url: string, watcher: User, userId: string): Promise<boolean> {
  const socket = await clients.open(url);
  try {
    const ready = await socket.identify(watcher.token);
    return ready.d.presences.some((presence: { userId: string }) => presence.userId === userId);
  } finally {
    socket.close();
  }
}
