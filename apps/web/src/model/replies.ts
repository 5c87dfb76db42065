/**
 * Replies (pure, see `state.ts`): the message the composer answers, what the send adds for it, and
 * the one-line quote a reply shows above itself (kept in step when the original is edited or deleted).
 */
import type { Message } from '@chat/client';
import { isBlocked } from './blocks.js';
import { peopleHere, readableText } from './mentions.js';
import { nameOf } from './people.js';
import { snippet } from './search.js';
import { step, unchanged, type ChatState, type Effect, type ReplyPreview, type Step } from './state.js';

/** How much of the original a quote shows: one line's worth. */
export const QUOTE_LENGTH = 100;
/** How much of the original a reply carries (the API's `replyTo.content`: its first 200 characters). */
const PREVIEW_LENGTH = 200;

/** Reply pressed on a message: the bar above the composer names its author; the reply mentions them unless turned off. */
export const replyStarted = (state: ChatState, message: Message): Step =>
  step({ ...state, replying: { channelId: message.channelId, messageId: message.id, author: message.author, mentionAuthor: true } }, { kind: 'reply' });

export const replyCancelled = (state: ChatState): Step => (state.replying ? step({ ...state, replying: undefined }, { kind: 'reply' }) : unchanged(state));

/** The bar's "Mention" toggle. */
export const mentionAuthorSet = (state: ChatState, mentionAuthor: boolean): Step =>
  state.replying ? step({ ...state, replying: { ...state.replying, mentionAuthor } }, { kind: 'reply' }) : unchanged(state);

/** What a send to `channelId` adds to its body: the message answered, and `mentionAuthor: false` only when turned off (the API mentions by default). */
export function replyFields(state: ChatState, channelId: string): { replyTo?: string; mentionAuthor?: false } {
  const replying = state.replying;
  if (!replying || replying.channelId !== channelId) return {};
  return { replyTo: replying.messageId, ...(replying.mentionAuthor ? {} : { mentionAuthor: false as const }) };
}

/** The reply to `messageId` was sent: the bar closes (unless another reply was started meanwhile). */
export const replySent = (state: ChatState, messageId: string | undefined): Step =>
  messageId !== undefined && state.replying?.messageId === messageId ? replyCancelled(state) : unchanged(state);

/** What a reply's quote shows: who and the start of what they wrote, on one line, or that the original is gone. */
export type Quote = { readonly kind: 'deleted' } | { readonly kind: 'quote'; readonly name: string; readonly text: string };

export function quoteOf(state: ChatState, replyTo: ReplyPreview): Quote {
  if ('deleted' in replyTo) return { kind: 'deleted' };
  // The preview names the author by username: the name the page calls them by, where it knows them.
  const known = peopleHere(state).find(({ id }) => id === replyTo.author.id) ?? state.messages.find(({ author }) => author.id === replyTo.author.id)?.author;
  const name = known ? nameOf(known) : replyTo.author.username;
  // A blocked author's words stay folded here too; a message of files alone has none to quote.
  const words = snippet(readableText(state, { content: replyTo.content }).replace(/\s+/g, ' ').trim(), QUOTE_LENGTH);
  const text = isBlocked(state, replyTo.author.id) ? 'Message from a blocked user' : words === '' ? 'Attachment' : words;
  return { kind: 'quote', name, text };
}

/** The loaded replies to `originalId`, changed by `change`, each drawn again. */
function quotesChanged(state: ChatState, originalId: string, change: (replyTo: ReplyPreview) => ReplyPreview): Step {
  const effects: Effect[] = [];
  const messages = state.messages.map((message) => {
    if (message.replyTo?.id !== originalId) return message;
    effects.push({ kind: 'message', id: message.id });
    return { ...message, replyTo: change(message.replyTo) };
  });
  return effects.length === 0 ? unchanged(state) : step({ ...state, messages }, ...effects);
}

/** The original was deleted: its replies' quotes say so, and a reply being written to it is dropped (the API would refuse it). */
export function originalDeleted(state: ChatState, originalId: string): Step {
  const quoted = quotesChanged(state, originalId, () => ({ id: originalId, deleted: true }));
  return state.replying?.messageId === originalId ? step({ ...quoted.state, replying: undefined }, ...quoted.effects, { kind: 'reply' }) : quoted;
}

/** The original was edited: its replies' quotes show its new start (as a page read now would). */
export const originalEdited = (state: ChatState, original: Pick<Message, 'id' | 'content'>): Step =>
  quotesChanged(state, original.id, (replyTo) => ('deleted' in replyTo ? replyTo : { ...replyTo, content: original.content.slice(0, PREVIEW_LENGTH) }));
