import type { Clients, Frame } from './gateway-client';
import { call, createServer, join, register, send } from './rest';
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
  expect({ member: reading.signals().length, typist: typing.signals().length, stranger: outside.signals().length }).toEqual({ member: 1, typist: 0, stranger: 0 });

  const later = await clients.open(resumeOn);
  await later.resume(member.token, ready.d.cursor as string);
  expect(later.frames.filter((f) => f.op === 'dispatch').map((f) => f.t)).toEqual(['message.created']);
}
