/**
 * Test data for the port contracts. The same suites run against stores that are shared between
 * tests and never emptied (a real PostgreSQL), so every value made here is new: fresh ids, fresh
 * usernames and emails, fresh invite codes. Nothing here assumes an empty store.
 */
import { DEFAULT_CHANNEL_NAME, everyoneRoleOf, type Actor, type Channel, type Conversation, type Id, type Invite, type Member, type Message, type MessageMentions, newMessage, NO_MENTIONS, type SendReceipt, type NewServer, type Reaction, type Server, type Session, type Stores, summarizeUser, type User, type UserSummary } from '../../src';

/** 2020-01-01T00:00:00Z: ids count milliseconds from here, which keeps them far inside 64 bits. */
const ID_EPOCH = 1_577_836_800_000n;
const SEQUENCE_BITS = 12n;
const TAG_BITS = 8n;
const MAX_SEQUENCE = (1n << SEQUENCE_BITS) - 1n;
/** Random per process, so two test processes writing to one database in the same millisecond do not collide. */
const PROCESS_TAG = BigInt(Math.floor(Math.random() * 2 ** Number(TAG_BITS)));
let lastTick = -1n;
let sequence = 0n;

/**
 * A new snowflake-shaped id (decimal string, signed 64-bit): milliseconds since 2020, a per-process
 * tag, a per-millisecond counter. Strictly increasing within a process, so ids made later in a test
 * sort after ids made earlier, as the ids of real messages do.
 */
export function freshId(): Id {
  let tick = BigInt(Date.now()) - ID_EPOCH;
  if (tick <= lastTick) {
    tick = lastTick;
    sequence += 1n;
    if (sequence > MAX_SEQUENCE) {
      tick += 1n;
      sequence = 0n;
    }
  } else {
    sequence = 0n;
  }
  lastTick = tick;
  return ((tick << (SEQUENCE_BITS + TAG_BITS)) | (PROCESS_TAG << SEQUENCE_BITS) | sequence).toString();
}

/** `count` fresh ids, ascending. */
export function freshIds(count: number): Id[] {
  return Array.from({ length: count }, () => freshId());
}

/**
 * A fresh id with one digit more than `freshId()` gives, starting with `1`: numerically larger than
 * every id made by `freshId()`, yet smaller as a string. Storage that compares ids as text gets the
 * order wrong with it; storage that compares them as numbers (bigint) does not.
 */
export function aWiderId(): Id {
  const id = BigInt(freshId());
  const wider = 10n ** BigInt(id.toString().length) + id;
  if (wider > 9_223_372_036_854_775_807n) throw new Error('freshId() has run out of room for a wider id');
  return wider.toString();
}

/** A unique, lower-case token for names, emails and codes. */
export function uniqueToken(): string {
  return BigInt(freshId()).toString(36);
}

const BASE_TIME = Date.UTC(2026, 0, 2, 3, 4, 5, 678);

/** A timestamp with millisecond precision (which every store keeps exactly), `offsetMs` after a fixed base. */
export function at(offsetMs = 0): Date {
  return new Date(BASE_TIME + offsetMs);
}

export function aUser(overrides: Partial<User> = {}): User {
  const token = uniqueToken();
  return {
    id: freshId(),
    username: `u_${token}`,
    displayName: null,
    avatar: null,
    email: `u_${token}@example.com`,
    passwordHash: `hash-of-${token}`,
    bot: false,
    createdAt: at(),
    ...overrides,
  };
}

/** A user stored through `users.create`, which must say 'created'. */
export async function givenUser(stores: Stores, overrides: Partial<User> = {}): Promise<User> {
  const user = aUser(overrides);
  const outcome = await stores.users.create(user);
  if (outcome !== 'created') throw new Error(`fixture: users.create said ${outcome} for ${user.username}`);
  return user;
}

export interface NewServerParts {
  readonly server?: Partial<Server>;
  readonly defaultChannel?: Partial<Channel>;
  readonly joinedAt?: Date;
}

/** The three rows of a new server, owned by `ownerId` (not stored). */
export function aNewServer(ownerId: Id, parts: NewServerParts = {}): NewServer {
  const serverId = parts.server?.id ?? freshId();
  const createdAt = parts.server?.createdAt ?? at();
  const defaultChannel: Channel = {
    id: freshId(),
    serverId,
    name: DEFAULT_CHANNEL_NAME,
    topic: null,
    position: 0,
    permissionOverwrites: [],
    createdAt,
    ...parts.defaultChannel,
  };
  const server: Server = {
    id: serverId,
    name: `Server ${uniqueToken()}`,
    avatar: null,
    banner: null,
    verified: false,
    defaultChannelId: defaultChannel.id,
    ownerId,
    createdAt,
    membersCanInvite: false,
    ...parts.server,
  };
  const owner = { serverId, userId: ownerId, joinedAt: parts.joinedAt ?? createdAt };
  return { server, defaultChannel, owner, everyone: everyoneRoleOf(serverId, server.createdAt, server.membersCanInvite) };
}

export interface ServerWithOwner extends NewServer {
  readonly ownerUser: User;
}

/** A session of the user, a day long from `at()`, never used since. */
export function aSession(userId: Id, overrides: Partial<Session> = {}): Session {
  const createdAt = overrides.createdAt ?? at();
  return { id: freshId(), userId, createdAt, expiresAt: new Date(createdAt.getTime() + 86_400_000), lastUsedAt: createdAt, userAgent: null, ...overrides };
}

/** A live session for the user, named as their token would name it. */
export async function givenActor(stores: Stores, userId: Id): Promise<Actor> {
  const session = aSession(userId);
  await stores.sessions.create(session);
  return { userId, sessionId: session.id };
}

/** A stored owner and a server created for them with `servers.create`. */
export async function aServerWithOwner(stores: Stores, parts: NewServerParts = {}): Promise<ServerWithOwner> {
  const ownerUser = await givenUser(stores);
  const newServer = aNewServer(ownerUser.id, parts);
  await stores.servers.create(newServer);
  return { ...newServer, ownerUser };
}

export function aChannel(serverId: Id, overrides: Partial<Channel> = {}): Channel {
  return { id: freshId(), serverId, name: `channel-${uniqueToken()}`, topic: null, position: 0, permissionOverwrites: [], createdAt: at(), ...overrides };
}

export async function givenChannel(stores: Stores, serverId: Id, overrides: Partial<Channel> = {}): Promise<Channel> {
  const channel = aChannel(serverId, overrides);
  await stores.channels.create(channel);
  return channel;
}

export function aMember(serverId: Id, userId: Id, overrides: Partial<Member> = {}): Member {
  return { serverId, userId, joinedAt: at(), ...overrides };
}

/** A new stored user who joined `serverId` at `joinedAt`. */
export async function givenMemberOf(stores: Stores, serverId: Id, joinedAt: Date = at()): Promise<{ user: User; member: Member }> {
  const user = await givenUser(stores);
  const member = aMember(serverId, user.id, { joinedAt });
  const outcome = await stores.members.add(member);
  if (outcome !== 'added') throw new Error(`fixture: members.add said ${outcome}`);
  return { user, member };
}

export function anInvite(serverId: Id, creatorId: Id, overrides: Partial<Invite> = {}): Invite {
  return { code: `inv${uniqueToken()}`, serverId, creatorId, createdAt: at(), maxUses: null, uses: 0, expiresAt: null, ...overrides };
}

export function aMessage(channelId: Id, authorId: Id, overrides: Partial<Message> = {}): Message {
  return { ...newMessage({ id: freshId(), channelId, content: `message ${uniqueToken()}`, createdAt: at() }), authorId, ...overrides };
}

/** A message as `createAs` takes it: the author is the actor. */
export const withoutAuthor = ({ authorId: _authorId, ...message }: Message): Omit<Message, 'authorId'> => message;

export async function givenMessage(stores: SeedableStores, channelId: Id, authorId: Id, overrides: Partial<Message> = {}): Promise<Message> {
  const message = aMessage(channelId, authorId, overrides);
  await stores.messages.create(message);
  return message;
}

/** A reaction to `message` (its id and channel). */
export function aReaction(message: Pick<Message, 'id' | 'channelId'>, userId: Id, emoji: string, overrides: Partial<Reaction> = {}): Reaction {
  return { channelId: message.channelId, messageId: message.id, userId, emoji, createdAt: at(), ...overrides };
}

/** A fresh server whose owner may write in its default channel: where message tests start. */
export async function aChannelWithAuthor(stores: Stores): Promise<{ server: Server; channel: Channel; author: User }> {
  const { server, defaultChannel, ownerUser } = await aServerWithOwner(stores);
  return { server, channel: defaultChannel, author: ownerUser };
}

/** The summary other users see. */
export const summaryOf = (user: User): UserSummary => summarizeUser(user);

/** What `createAs` answers for a send by `author` that kept `mentions` (by default, none). */
export const receiptOf = (author: User, mentions: MessageMentions = NO_MENTIONS, { attachments = [], replyTo = null }: Partial<Pick<SendReceipt, 'attachments' | 'replyTo'>> = {}): SendReceipt => ({
  ...mentions,
  attachments,
  replyTo,
  author: summarizeUser(author),
});

/**
 * Stores a test can seed messages into directly (no session, no gate, no event): every message
 * store has this, though no use case needs it, so it is not on the port.
 */
export type SeedableStores = Stores & {
  readonly messages: Stores['messages'] & { create(message: Message): Promise<void> };
};

/** A conversation opened by `creatorId` with `others`: a one-to-one with one, a group (theirs) with more (not stored). */
export const aConversation = (creatorId: Id, others: readonly Id[], overrides: Partial<Conversation> = {}): Conversation => ({
  id: freshId(),
  type: others.length > 1 ? 'group' : 'dm',
  ownerId: others.length > 1 ? creatorId : null,
  name: null,
  creatorId,
  recipientIds: [creatorId, ...others],
  createdAt: at(),
  ...overrides,
});
