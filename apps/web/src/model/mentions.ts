/**
 * Mentions in a message's text: `<@userId>` a person, `<@&roleId>` a role, `@everyone` everyone
 * (README "Messages"), shown by name; and whether a message asks for this viewer (pure, see `state.ts`).
 */
import type { Message } from '@chat/client';
import { nameOf } from './people.js';
import { openConversationOf, openServerOf, type ChatState, type Role, type UserSummary } from './state.js';

export type MentionSegment =
  | { readonly kind: 'text'; readonly text: string }
  /** A person: their name, or `unknown-user` when the page knows no one by that id. `me`: it is this viewer. */
  | { readonly kind: 'user'; readonly id: string; readonly name: string; readonly me: boolean }
  /** A role of the open server: its name and color, or `deleted-role`. `mine`: this viewer holds it. */
  | { readonly kind: 'role'; readonly id: string; readonly name: string; readonly color: number | null; readonly mine: boolean }
  | { readonly kind: 'everyone' };

/** As the API reads them: an id is digits without a leading zero, at most 2^63-1; anything else is text. */
const MENTION = /<@(&?)([1-9][0-9]{0,18})>|@everyone/g;
const MAX_ID = 9223372036854775807n;

/** The mentions fields of a message; one logged before mentions existed has none of the keys (README "Gateway"): it mentions nobody. */
export function mentionsOf(message: Partial<Pick<Message, 'mentions' | 'mentionRoles' | 'mentionEveryone'>>): Pick<Message, 'mentions' | 'mentionRoles' | 'mentionEveryone'> {
  return { mentions: message.mentions ?? [], mentionRoles: message.mentionRoles ?? [], mentionEveryone: message.mentionEveryone ?? false };
}

/** The people the open channel's messages may name: the open server's members, or the open conversation's recipients. */
export function peopleHere(state: ChatState): readonly UserSummary[] {
  const conversation = openConversationOf(state);
  if (conversation) return conversation.recipients;
  return (openServerOf(state)?.members ?? []).map(({ user }) => user);
}

/** The roles this viewer holds in a server, the open one unless told (none in a conversation, or before its members are read). */
function myRoles(state: ChatState, serverId: string | undefined): ReadonlySet<string> {
  const server = serverId === undefined ? undefined : state.servers.get(serverId);
  const mine = server?.members?.find(({ userId }) => userId === state.me?.id);
  return new Set(mine?.roleIds ?? []);
}

/** Who `id` is, by the page's lists: the people here, then the authors of the loaded messages. */
function personOf(state: ChatState, id: string): UserSummary | undefined {
  return peopleHere(state).find((user) => user.id === id) ?? state.messages.find(({ author }) => author.id === id)?.author;
}

const roleOf = (state: ChatState, id: string): Role | undefined => openServerOf(state)?.roles?.find((role) => role.id === id);

/**
 * The text cut into plain text and mentions, in order. `@everyone` is a mention only where the message
 * says it is one (`mentionEveryone`: its author may, and it is not a conversation); elsewhere it is text.
 */
export function mentionSegments(state: ChatState, message: Pick<Message, 'content'> & Partial<Pick<Message, 'mentionEveryone'>>): MentionSegment[] {
  const segments: MentionSegment[] = [];
  const held = myRoles(state, state.serverId);
  let rest = 0;
  const text = (upTo: number) => upTo > rest && segments.push({ kind: 'text', text: message.content.slice(rest, upTo) });
  for (const match of message.content.matchAll(MENTION)) {
    const [token, role, id] = match;
    const segment = segmentOf(state, held, token, role === '&', id, message.mentionEveryone ?? false);
    if (!segment) continue;
    text(match.index);
    segments.push(segment);
    rest = match.index + token.length;
  }
  text(message.content.length);
  return segments;
}

function segmentOf(state: ChatState, held: ReadonlySet<string>, token: string, isRole: boolean, id: string | undefined, everyone: boolean): MentionSegment | undefined {
  if (id === undefined) return everyone ? { kind: 'everyone' } : undefined;
  if (BigInt(id) > MAX_ID) return undefined;
  if (isRole) {
    const role = roleOf(state, id);
    return { kind: 'role', id, name: role?.name ?? 'deleted-role', color: role?.color ?? null, mine: held.has(id) };
  }
  const person = personOf(state, id);
  return { kind: 'user', id, name: person ? nameOf(person) : 'unknown-user', me: id === state.me?.id };
}

/** What a segment reads as: `@Alice`, `@Moderators`, `@everyone`, or the text itself. */
export const segmentText = (segment: MentionSegment): string => (segment.kind === 'text' ? segment.text : segment.kind === 'everyone' ? '@everyone' : `@${segment.name}`);

/** The text with each mention written as its name (for a screen reader to say). */
export const readableText = (state: ChatState, message: Pick<Message, 'content'> & Partial<Pick<Message, 'mentionEveryone'>>): string => mentionSegments(state, message).map(segmentText).join('');

/**
 * The message asks for this viewer: by name, by a role of theirs in its server, or `@everyone`. Never
 * their own message. Its server is the open one unless told (`serverId` undefined: a conversation's).
 */
export function mentionsMe(state: ChatState, message: Message, where: { readonly serverId?: string } = { serverId: state.serverId }): boolean {
  const me = state.me?.id;
  if (me === undefined || message.author.id === me) return false;
  const { mentions, mentionRoles, mentionEveryone } = mentionsOf(message);
  if (mentionEveryone || mentions.includes(me)) return true;
  const held = myRoles(state, where.serverId);
  return mentionRoles.some((id) => held.has(id));
}
