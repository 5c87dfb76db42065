/** The open channel's messages: pages, events and edits applied to the list (pure, see `state.ts`). */
import type { GatewayEvents, Message } from '@chat/client';
import { mentionsOf } from './mentions.js';
import { messageOf, step, unchanged, type ChatState, type Step } from './state.js';

type ReactionEvent = GatewayEvents['reaction.added'];

/** Snowflakes are decimal strings of 64-bit numbers: compare by length, then as text. */
export const compareIds = (a: string, b: string): number => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);

/** Adds messages not shown yet, in id order (ids are time-ordered), each once. */
export function addMessages(state: ChatState, messages: readonly Message[]): Step {
  const list = [...state.messages];
  const ids: string[] = [];
  for (const message of messages) {
    if (list.some(({ id }) => id === message.id)) continue;
    const index = list.findIndex(({ id }) => compareIds(id, message.id) > 0);
    list.splice(index < 0 ? list.length : index, 0, { ...message, reactions: [...message.reactions] });
    ids.push(message.id);
  }
  return step({ ...state, messages: list }, { kind: 'added', ids });
}

/**
 * Where a message not drawn yet goes in the list as drawn: before the first message after it (in the
 * state's id order) that is drawn, or at the end when none is. Not merely before the next one: the
 * effects of a step can run against a newer state than the one that made them (events that waited for
 * a page are applied together, each one's `added` drawn against the state after all of them), and
 * then the next message may not be drawn yet while a later one already is.
 */
export function drawnAfter(messages: readonly Pick<Message, 'id'>[], index: number, drawn: (id: string) => boolean): string | undefined {
  for (let after = index + 1; after < messages.length; after += 1) {
    const id = messages[after]?.id;
    if (id !== undefined && drawn(id)) return id;
  }
  return undefined;
}

/** A page of the open channel: `reachedStart` when it came back short of `limit`. */
export function pageLoaded(state: ChatState, page: readonly Message[], limit: number): Step {
  return addMessages({ ...state, reachedStart: page.length < limit }, page);
}

export function removeMessage(state: ChatState, messageId: string): Step {
  return step({ ...state, messages: state.messages.filter(({ id }) => id !== messageId) }, { kind: 'removed', id: messageId });
}

/** The state with one message changed, and that message drawn again; unchanged when it is not loaded. */
export function changeMessage(state: ChatState, messageId: string, change: (message: Message) => Message): Step {
  if (!messageOf(state, messageId)) return unchanged(state);
  return step({ ...state, messages: state.messages.map((message) => (message.id === messageId ? change(message) : message)) }, { kind: 'message', id: messageId });
}

/**
 * A new text, from the gateway or this person's own edit, with the mentions the API worked out again
 * from it. Reactions are kept: an event's carry no `reacted` for this viewer.
 */
export const contentChanged = (state: ChatState, edited: Message): Step =>
  changeMessage(state, edited.id, (message) => ({ ...message, content: edited.content, editedAt: edited.editedAt, ...mentionsOf(edited) }));

/** Counts as the gateway says, for everyone alike; `reacted` changes only when the reaction was this viewer's. */
export function reactionChanged(state: ChatState, added: boolean, event: ReactionEvent): Step {
  return changeMessage(state, event.messageId, (message) => {
    const reactions = message.reactions.filter(({ emoji }) => emoji !== event.emoji);
    const before = message.reactions.find(({ emoji }) => emoji === event.emoji);
    const reacted = event.userId === state.me?.id ? added : (before?.reacted ?? false);
    if (event.count > 0) {
      // An emoji keeps its place in the row as its count changes.
      const index = message.reactions.findIndex(({ emoji }) => emoji === event.emoji);
      reactions.splice(index >= 0 ? index : reactions.length, 0, { emoji: event.emoji, count: event.count, reacted });
    }
    return { ...message, reactions };
  });
}

export const reactionCleared = (state: ChatState, event: GatewayEvents['reaction.cleared']): Step =>
  changeMessage(state, event.messageId, (message) => ({ ...message, reactions: message.reactions.filter(({ emoji }) => emoji !== event.emoji) }));

/** Opens or closes a message's edit form. */
export function editing(state: ChatState, messageId: string, open: boolean): Step {
  const next = open ? messageId : state.editing === messageId ? undefined : state.editing;
  return step({ ...state, editing: next }, { kind: 'message', id: messageId });
}

/** This person's edit was saved: the new text shows, and the form closes (drawn once). */
export function edited(state: ChatState, message: Message): Step {
  const { state: changed } = contentChanged(state, message);
  return step({ ...changed, editing: changed.editing === message.id ? undefined : changed.editing }, { kind: 'message', id: message.id });
}

export const loadingOlder = (state: ChatState, loading: boolean): Step => step({ ...state, loadingOlder: loading }, { kind: 'history-edge' });
