/**
 * Direct conversations (one-to-one and groups): the list, the most recently active first, the open
 * one, and the gateway's events about them (pure, see `state.ts`). A conversation's events carry no
 * `serverId`; its messages are read and sent on the channel routes, by its id.
 */
import type { Message } from '@chat/client';
import { compareIds } from './messages.js';
import { nameOf } from './people.js';
import { readStatesGone } from './read-states.js';
import { conversationOf, openConversationOf, step, unchanged, when, type ChatState, type Conversation, type Effect, type Step } from './state.js';
import { windowOpened } from './window.js';

/** A group's name; else the others' names ("Bob Smith, cara"); a group everyone else left: "Only you". */
export function conversationName(conversation: Conversation, meId: string | undefined): string {
  if (conversation.name) return conversation.name;
  const others = conversation.recipients.filter(({ id }) => id !== meId).map(nameOf);
  return others.length > 0 ? others.join(', ') : 'Only you';
}

/** The one-to-one with this person, if there is one. */
export const oneToOneWith = (state: ChatState, userId: string): Conversation | undefined =>
  state.conversations.find(({ type, recipients }) => type === 'dm' && recipients.some(({ id }) => id === userId));

/** Its newest message's id, or (none yet) its own: both are snowflakes, in time order. */
const activity = (conversation: Conversation): string => conversation.lastMessageId ?? conversation.id;

/** The most recently active first. */
export const byActivity = (list: readonly Conversation[]): Conversation[] => [...list].sort((a, b) => compareIds(activity(b), activity(a)));

/** The later of two message ids (an event may be older than a message already counted). */
const newest = (a: string | null, b: string | null): string | null => (a === null ? b : b === null ? a : compareIds(a, b) >= 0 ? a : b);

/** The open conversation's panel and header drawn again, when it is this one. */
const ifOpen = (state: ChatState, id: string): Effect[] => (openConversationOf(state)?.id === id ? [{ kind: 'conversation' }, { kind: 'channel-header' }] : []);

/**
 * Conversations read whole (`ready`, or the first page over REST): those listed replace what was
 * known of them; one known but not listed stays unless `complete` (then it is gone, and closes if open).
 */
export function conversationsLoaded(state: ChatState, listed: readonly Conversation[], complete: boolean): Step {
  const ids = new Set(listed.map(({ id }) => id));
  const kept = complete ? [] : state.conversations.filter(({ id }) => !ids.has(id));
  const merged = listed.map((conversation) => ({ ...conversation, lastMessageId: newest(conversation.lastMessageId, conversationOf(state, conversation.id)?.lastMessageId ?? null) }));
  const next: ChatState = { ...state, conversations: byActivity([...kept, ...merged]) };
  const open = openConversationOf(state);
  if (open && !conversationOf(next, open.id)) return closeConversation(next, open);
  return step(next, { kind: 'conversations' }, ...(open ? ifOpen(next, open.id) : []));
}

/** New to this person (they opened it, or were brought into it), or changed: renamed, someone came or went, a new owner. */
export function conversationChanged(state: ChatState, conversation: Conversation): Step {
  const known = conversationOf(state, conversation.id);
  const current = { ...conversation, lastMessageId: newest(conversation.lastMessageId, known?.lastMessageId ?? null) };
  const conversations = byActivity([...state.conversations.filter(({ id }) => id !== conversation.id), current]);
  return step({ ...state, conversations }, { kind: 'conversations' }, ...ifOpen(state, conversation.id));
}

/** This person left, or was removed from, a conversation (`channel.deleted` without a server). */
export function conversationGone(state: ChatState, id: string): Step {
  const gone = conversationOf(state, id);
  if (!gone) return unchanged(state);
  const next: ChatState = { ...readStatesGone(state, ({ channelId }) => channelId === id), conversations: state.conversations.filter((conversation) => conversation.id !== id) };
  return openConversationOf(state)?.id === id ? closeConversation(next, gone) : step(next, { kind: 'conversations' });
}

/** The open conversation is gone: its panel closes, it is said why, and the first server (if any) opens. */
function closeConversation(state: ChatState, gone: Conversation): Step {
  const closed: ChatState = { ...state, channelId: undefined, opening: state.opening + 1, messages: [], editing: undefined, waiting: [] };
  const [first] = state.servers.keys();
  return step(
    closed,
    { kind: 'status', text: `You are no longer in ${conversationName(gone, state.me?.id)}` },
    { kind: 'conversations' },
    { kind: 'conversation' },
    { kind: 'channel' },
    ...when(first !== undefined, { kind: 'open-server', serverId: first ?? '', action: 'Opening the server' }),
  );
}

/** Shows a conversation (no server open): empty, with its first page on the way. Unchanged when this person is not in it. */
export function conversationOpened(state: ChatState, id: string): Step {
  if (!conversationOf(state, id)) return unchanged(state);
  const next: ChatState = { ...windowOpened(state, id), serverId: undefined };
  return step(next, { kind: 'servers' }, { kind: 'server' }, { kind: 'conversations' }, { kind: 'conversation' }, { kind: 'channel' }, ...when(state.completion !== undefined, { kind: 'completion' }));
}

/**
 * A message in a conversation: it moves to the top (what is unread is counted with the channels',
 * `model/read-states.ts`). One not known (past the 100 `ready` lists) has the list read again.
 */
export function conversationActive(state: ChatState, message: Pick<Message, 'id' | 'channelId' | 'author'>): Step {
  const known = conversationOf(state, message.channelId);
  if (!known) return step(state, { kind: 'fetch-conversations' });
  const bumped = { ...known, lastMessageId: newest(known.lastMessageId, message.id) };
  const conversations = byActivity([...state.conversations.filter(({ id }) => id !== known.id), bumped]);
  return step({ ...state, conversations }, { kind: 'conversations' });
}
