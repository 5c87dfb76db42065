import { bitsOf, type Actor, type MessageView, type Permission, type Server, type Signal } from '@chat/domain';
import { createTestWorld, expectOk, type TestWorld } from '@chat/domain/testing';

/** A well-formed id that names nothing in a fresh world. */
export const UNKNOWN_ID = '42';
/** Not an id at all. */
export const MALFORMED_ID = 'abc';

export interface Cast {
  readonly world: TestWorld;
  readonly owner: Actor;
  readonly server: Server;
  /** The server's default channel. */
  readonly channelId: string;
  /** Joined the server through an invite. */
  readonly member: Actor;
  /** Registered, but not in the server. */
  readonly outsider: Actor;
}

/** A fresh world with one server, its owner, one plain member and one outsider. */
export async function aServerWithCast(): Promise<Cast> {
  const world = createTestWorld();
  const owner = await world.aUser('owner');
  const server = await world.aServer(owner);
  const member = await world.aMemberOf(server, owner);
  const outsider = await world.aUser('outsider');
  return { world, owner, server, channelId: server.defaultChannelId, member, outsider };
}

/** `aServerWithCast`, with a direct conversation of the owner and the member, and every signal the bus carries from now. */
export async function aServerWithCastAndDm() {
  const cast = await aServerWithCast();
  const { world, owner, member } = cast;
  const dm = expectOk(await world.openConversation.execute(owner, { recipientIds: [member.userId] })).conversation;
  const heard: Signal[] = [];
  world.signals.subscribe((signal) => heard.push(signal));
  return { ...cast, dm, heard };
}

export async function aMessage(world: TestWorld, author: Actor, channelId: string, content = 'hello'): Promise<MessageView> {
  return expectOk(await world.sendMessage.execute(author, channelId, { content })).message;
}

/** Sends `count` messages numbered from 1, in order, and returns them oldest first. */
export async function someMessages(world: TestWorld, author: Actor, channelId: string, count: number): Promise<MessageView[]> {
  const sent: MessageView[] = [];
  for (let i = 1; i <= count; i++) sent.push(await aMessage(world, author, channelId, `message ${i}`));
  return sent;
}

/** Twenty distinct single emoji: exactly the per-message cap. */
export const TWENTY_EMOJI: readonly string[] = [...'😀😁😂🤣😃😄😅😆😉😊😋😎😍😘🥰😗😙🥲😚🙂'];

export const idsOf = (views: readonly { readonly id: string }[]): string[] => views.map((view) => view.id);

/** Gives `actor` a new role of the server holding `permissions` (stored directly: roles are not this test's subject). */
export async function grant(world: TestWorld, server: Server, actor: Actor, permissions: readonly Permission[]): Promise<string> {
  const id = world.ids.next();
  const position = (await world.stores.roles.countByServer(server.id)) + 1;
  await world.stores.roles.create({ id, serverId: server.id, name: `role ${position}`, color: null, position, permissions: bitsOf(permissions), createdAt: world.clock.now() });
  await world.stores.roles.assign(server.id, actor.userId, id);
  return id;
}
