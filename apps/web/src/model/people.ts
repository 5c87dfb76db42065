/**
 * People: how each is named and pictured, their changes applied everywhere they show, and whom this
 * person can write to or bring into a group (pure, see `state.ts`).
 */
import { openConversationOf, openServerOf, step, type ChatState, type Effect, type GatewayEvent, type ServerState, type Step, type UserSummary } from './state.js';

/** Someone this person can pick (for a group): named and pictured as everywhere else. */
export type Person = UserSummary;

/** What the page calls someone: their display name where set, else their username. */
export const nameOf = (user: Pick<UserSummary, 'username' | 'displayName'>): string => user.displayName ?? user.username;

/** The username, as a hint beside a display name ("@alice"); none when the name shown is the username. */
export const usernameHint = (user: Pick<UserSummary, 'username' | 'displayName'>): string | undefined => (user.displayName === null ? undefined : `@${user.username}`);

/** Where an uploaded avatar is served: this page's own API (`/api/attachments/:id?purpose=avatar&signature=…`). */
const UPLOADED = '/api/attachments/';

/**
 * The avatar's address when the page may load it: an https URL, or an upload's link on this page's
 * own API (relative, so same-origin); `javascript:`, `data:`, `http:` and a protocol-relative `//host`
 * never load.
 */
export function avatarOf(user: Pick<UserSummary, 'avatar'>): string | undefined {
  const avatar = user.avatar;
  if (avatar === null) return undefined;
  try {
    if (avatar.startsWith(UPLOADED)) {
      // Resolved against a stand-in origin: one that leaves it (or the uploads' path) is refused.
      const base = 'https://page.invalid';
      const url = new URL(avatar, base);
      return url.origin === base && url.pathname.startsWith(UPLOADED) ? avatar : undefined;
    }
    return new URL(avatar).protocol === 'https:' ? avatar : undefined;
  } catch {
    return undefined;
  }
}

/** Whether `known` is this user, shown with something other than `now` says. */
const outdated = (known: UserSummary, now: UserSummary): boolean =>
  known.id === now.id && (known.username !== now.username || known.displayName !== now.displayName || known.avatar !== now.avatar);

/** `known` with the user's names and avatar as they are now (anything else it holds kept). */
const renewed = <T extends UserSummary>(known: T, now: UserSummary): T =>
  outdated(known, now) ? { ...known, username: now.username, displayName: now.displayName, avatar: now.avatar } : known;

/** Servers whose member list shows the user, with it renewed; the open one's list is drawn again. */
function renewMembers(state: ChatState, user: UserSummary): { servers: ReadonlyMap<string, ServerState>; effects: Effect[] } {
  const servers = new Map(state.servers);
  const effects: Effect[] = [];
  for (const server of state.servers.values()) {
    if (!server.members?.some((member) => outdated(member.user, user))) continue;
    servers.set(server.id, { ...server, members: server.members.map((member) => ({ ...member, user: renewed(member.user, user) })) });
    if (server.id === openServerOf(state)?.id) effects.push({ kind: 'members' });
  }
  return { servers, effects };
}

/**
 * Someone changed their username, display name or avatar (`user.updated`, or this person's own change
 * saved): it shows at once on their loaded messages, in member lists, conversations and, when it is
 * this person, the header. While pages of the open channel are on their way the event also waits for
 * them (see `whenLoaded` in `events.ts`): a page read before the change would bring the old names back.
 */
export function userUpdated(state: ChatState, user: UserSummary): Step {
  const effects: Effect[] = [];
  const changedMessages = state.messages.filter((message) => outdated(message.author, user)).map(({ id }) => id);
  effects.push(...changedMessages.map((id): Effect => ({ kind: 'message', id })));
  const messages = changedMessages.length > 0 ? state.messages.map((message) => ({ ...message, author: renewed(message.author, user) })) : state.messages;
  const members = renewMembers(state, user);
  effects.push(...members.effects);
  const inConversations = state.conversations.some(({ recipients }) => recipients.some((recipient) => outdated(recipient, user)));
  const conversations = inConversations ? state.conversations.map((conversation) => ({ ...conversation, recipients: conversation.recipients.map((recipient) => renewed(recipient, user)) })) : state.conversations;
  if (inConversations) effects.push({ kind: 'conversations' });
  if (inConversations && openConversationOf(state)?.recipients.some(({ id }) => id === user.id)) effects.push({ kind: 'conversation' }, { kind: 'channel-header' });
  const me = state.me && outdated(state.me, user) ? renewed(state.me, user) : state.me;
  if (me !== state.me) effects.push({ kind: 'me' });
  const waiting: readonly GatewayEvent[] = state.loads > 0 ? [...state.waiting, { type: 'user.updated', data: user }] : state.waiting;
  return step({ ...state, messages, servers: members.servers, conversations, me, waiting }, ...effects);
}

/**
 * The members of this person's servers, as far as the member lists read so far tell (a server's is
 * read when it is opened, or when a group is being made), each once, by name; never the viewer, nor
 * anyone in `leaveOut` (a group's recipients already in it). The API still decides (`NO_SHARED_SERVER`).
 */
export function coMembers(state: ChatState, leaveOut: Iterable<string> = []): Person[] {
  const skip = new Set([state.me?.id, ...leaveOut]);
  const people = new Map<string, Person>();
  for (const server of state.servers.values()) {
    for (const { user } of server.members ?? []) if (!skip.has(user.id)) people.set(user.id, user);
  }
  return [...people.values()].sort((a, b) => nameOf(a).localeCompare(nameOf(b)) || (a.id < b.id ? -1 : 1));
}

/** A new group is this person and 2 to 9 others (1 would be a one-to-one: "Message" is for that); otherwise what to say. */
export function groupChoiceProblem(count: number): string | undefined {
  if (count < 2) return 'Pick at least 2 people for a group (for one person, use “Message” in the member list).';
  if (count > 9) return `A group has at most 10 people: pick at most 9 (${count} picked).`;
  return undefined;
}

/** The account form as typed. */
export interface AccountForm {
  readonly username: string;
  readonly displayName: string;
  readonly avatar: string;
}

export type AccountChange = { username?: string; displayName?: string | null; avatar?: string | null };

/** What a filled-in account form changes: only the fields that differ from now, trimmed; an empty display name or avatar clears it (`null`). */
export function accountChanges(me: UserSummary, form: AccountForm): AccountChange {
  const orNull = (text: string) => (text.trim() === '' ? null : text.trim());
  const wanted = { username: form.username.trim(), displayName: orNull(form.displayName), avatar: orNull(form.avatar) };
  return {
    ...(wanted.username !== me.username ? { username: wanted.username } : {}),
    ...(wanted.displayName !== me.displayName ? { displayName: wanted.displayName } : {}),
    ...(wanted.avatar !== me.avatar ? { avatar: wanted.avatar } : {}),
  };
}
