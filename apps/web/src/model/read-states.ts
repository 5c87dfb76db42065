/**
 * Where this person has something unread, and how many of those mention them (README "Read states"),
 * per channel and conversation; and where the open channel's "New messages" line goes (pure, see
 * `state.ts`). The API's counts (`ready`, `GET /api/users/@me/read-states`) are the truth: the page
 * adds the messages that arrive, and reads the counts again when an event may have changed them in a
 * way it cannot tell (an unread message edited or deleted, a marker moved elsewhere).
 */
import type { GatewayEvents, Message } from '@chat/client';
import { mentionsMe } from './mentions.js';
import { compareIds } from './messages.js';
import { step, unchanged, when, type ChatState, type Effect, type ReadState, type Step } from './state.js';

/** The API counts up to this many, then says this many. */
export const COUNT_CAP = 1000;

/** What is unread in one place, as the lists show it: nothing where all is read. */
export interface Unread {
  readonly unread: boolean;
  readonly mentions: number;
}

const NOTHING: Unread = { unread: false, mentions: 0 };

/** Something is unread there (a state with neither count is dropped as read). */
const hasNews = (state: ReadState): boolean => state.unreadCount > 0 || state.mentionCount > 0;

/** What the lists show for a channel or conversation: the open one shows nothing (it is in view, and marked read as it is seen). */
export function unreadIn(state: ChatState, channelId: string): Unread {
  const read = state.readStates.get(channelId);
  if (!read || channelId === state.channelId || !hasNews(read)) return NOTHING;
  return { unread: true, mentions: read.mentionCount };
}

/** A server's channels together (the open channel aside), as its entry in the server list shows them. */
export function unreadInServer(state: ChatState, serverId: string): Unread {
  let total = NOTHING;
  for (const read of state.readStates.values()) {
    if (read.serverId !== serverId) continue;
    const here = unreadIn(state, read.channelId);
    total = { unread: total.unread || here.unread, mentions: Math.min(COUNT_CAP, total.mentions + here.mentions) };
  }
  return total;
}

/** The lists that show read states, drawn again. */
const LISTS: Effect[] = [{ kind: 'servers' }, { kind: 'channels' }, { kind: 'conversations' }];

/** The read states as the API lists them (`ready`, or read again): they replace what the page knew. */
export function readStatesLoaded(state: ChatState, listed: readonly ReadState[]): Step {
  const readStates = new Map(listed.filter(hasNews).map((read): [string, ReadState] => [read.channelId, read]));
  return step({ ...state, readStates }, ...LISTS, ...when(readStates.has(state.channelId ?? ''), { kind: 'mark-read' }));
}

/** The list that shows a channel's marks drawn again, when what it shows of them changed: the servers' (and the open server's channels), or the conversations'. */
function redrawn(before: ChatState, after: ChatState, channelId: string, serverId: string | null): Effect[] {
  const was = unreadIn(before, channelId);
  const now = unreadIn(after, channelId);
  if (was.unread === now.unread && was.mentions === now.mentions) return [];
  if (serverId === null) return [{ kind: 'conversations' }];
  return [{ kind: 'servers' }, ...when(serverId === after.serverId, { kind: 'channels' })];
}

const without = (state: ChatState, channelId: string): ChatState => {
  const readStates = new Map(state.readStates);
  readStates.delete(channelId);
  return { ...state, readStates };
};

/**
 * A new message. One's own: its send marked the channel read (in another tab too). Someone else's
 * counts as unread, and as a mention when it asks for this person; in the open channel, the page
 * marks it read once it shows (`mark-read`).
 */
export function messageCounted(state: ChatState, message: Message & { readonly serverId?: string }): Step {
  const channelId = message.channelId;
  const serverId = message.serverId ?? null;
  if (message.author.id === state.me?.id) {
    const read = without(state, channelId);
    return step(read, ...redrawn(state, read, channelId, serverId));
  }
  const known = state.readStates.get(channelId);
  if (known?.lastReadMessageId && compareIds(message.id, known.lastReadMessageId) <= 0) return unchanged(state);
  const mention = mentionsMe(state, message, { serverId: message.serverId }) ? 1 : 0;
  const read: ReadState = {
    channelId,
    serverId,
    lastReadMessageId: known?.lastReadMessageId ?? null,
    unreadCount: Math.min(COUNT_CAP, (known?.unreadCount ?? 0) + 1),
    mentionCount: Math.min(COUNT_CAP, (known?.mentionCount ?? 0) + mention),
  };
  const next = { ...state, readStates: new Map(state.readStates).set(channelId, read) };
  return step(next, ...redrawn(state, next, channelId, serverId), ...when(channelId === state.channelId, { kind: 'mark-read' }));
}

/**
 * The channel is read up to `messageId` (this page marked it, or `read_state.updated` says another
 * did). In the open channel the page counts what is left from the messages it shows; elsewhere it
 * takes the event's mention count and reads the counts again.
 */
export function readMarked(state: ChatState, { channelId, lastReadMessageId, mentionCount }: GatewayEvents['read_state.updated']): Step {
  const known = state.readStates.get(channelId);
  if (!known) return unchanged(state);
  if (known.lastReadMessageId && compareIds(lastReadMessageId, known.lastReadMessageId) < 0) return unchanged(state);
  if (channelId !== state.channelId) {
    const moved = { ...known, lastReadMessageId, mentionCount };
    const next = { ...state, readStates: new Map(state.readStates).set(channelId, moved) };
    return step(next, ...redrawn(state, next, channelId, known.serverId), { kind: 'fetch-read-states' });
  }
  const after = state.messages.filter(({ id, author }) => compareIds(id, lastReadMessageId) > 0 && author.id !== state.me?.id);
  const left: ReadState = { ...known, lastReadMessageId, unreadCount: after.length, mentionCount: after.filter((message) => mentionsMe(state, message)).length };
  const next = hasNews(left) ? { ...state, readStates: new Map(state.readStates).set(channelId, left) } : without(state, channelId);
  // The open channel shows no marks: nothing to draw.
  return step(next);
}

/** An edit or a delete in a channel with unread messages may change its counts: they are read again. */
export const countsMayChange = (state: ChatState, channelId: string): Effect[] => when(state.readStates.has(channelId), { kind: 'fetch-read-states' });

/** A channel or conversation gone (deleted, left, or its server gone): nothing of it is unread. */
export function readStatesGone(state: ChatState, gone: (read: ReadState) => boolean): ChatState {
  const kept = [...state.readStates.values()].filter((read) => !gone(read));
  return kept.length === state.readStates.size ? state : { ...state, readStates: new Map(kept.map((read) => [read.channelId, read])) };
}

/** A channel opens: when something in it is unread, its "New messages" line goes after the marker (`newLineAfter`). */
export function newSinceOnOpening(state: ChatState, channelId: string): ChatState['newSince'] {
  const read = state.readStates.get(channelId);
  if (!read || read.unreadCount === 0) return undefined;
  return { channelId, after: read.lastReadMessageId, count: read.unreadCount };
}

/**
 * The message the "New messages" line goes above: the first one of someone else's after the marker;
 * never marked, the `count`-th last of the others' messages shown (the oldest shown when fewer are).
 */
export function firstNewId(state: ChatState): string | undefined {
  const since = state.newSince;
  if (!since || since.channelId !== state.channelId) return undefined;
  const theirs = state.messages.filter(({ author }) => author.id !== state.me?.id);
  if (since.after === null) return theirs[Math.max(0, theirs.length - since.count)]?.id;
  const after = since.after;
  return theirs.find(({ id }) => compareIds(id, after) > 0)?.id;
}

/**
 * The open channel's first page shows: where the "New messages" line goes is fixed (what arrives
 * later is below it, not a reason to move it), and what is unread is marked read once in view.
 */
export function firstPageShown(state: ChatState): Step {
  return step(newSinceFixed(state), ...when(state.readStates.has(state.channelId ?? ''), { kind: 'mark-read' }));
}

function newSinceFixed(state: ChatState): ChatState {
  const since = state.newSince;
  if (!since || since.after !== null) return state;
  const first = firstNewId(state);
  const index = state.messages.findIndex(({ id }) => id === first);
  const before = index > 0 ? state.messages[index - 1]?.id : undefined;
  // Nothing older shown: the line is above the oldest message ("0" is before every id).
  return { ...state, newSince: { ...since, after: before ?? '0' } };
}
