/**
 * Who is typing (`typing.started`, README "Typing"): shown under the open channel's history until the
 * signal's `expiresAt`, or until that person's message arrives (pure, see `state.ts`).
 */
import { isBlocked } from './blocks.js';
import { peopleHere } from './mentions.js';
import { nameOf } from './people.js';
import { step, unchanged, when, type ChatState, type Step } from './state.js';

/** A `typing.started`: someone other than this person typing in a channel they see, to be shown until `expiresAt`. */
export interface TypingSignal {
  readonly channelId: string;
  readonly serverId: string | null;
  readonly userId: string;
  readonly expiresAt: string;
}

/** More than this many typists are "Several people". */
const NAMED = 3;

function withTypists(state: ChatState, channelId: string, typists: ReadonlyMap<string, number>): ChatState {
  const typing = new Map(state.typing);
  if (typists.size === 0) typing.delete(channelId);
  else typing.set(channelId, typists);
  return { ...state, typing };
}

const redrawIfOpen = (state: ChatState, next: ChatState, channelId: string): Step => step(next, ...when(channelId === state.channelId, { kind: 'typing' }));

export function typingStarted(state: ChatState, signal: TypingSignal): Step {
  if (signal.userId === state.me?.id) return unchanged(state);
  const until = Date.parse(signal.expiresAt);
  if (Number.isNaN(until)) return unchanged(state);
  const typists = new Map(state.typing.get(signal.channelId));
  // A typist already shown keeps their place in the line; a new one goes last.
  typists.set(signal.userId, until);
  return redrawIfOpen(state, withTypists(state, signal.channelId, typists), signal.channelId);
}

/** Their message came: they are no longer typing it. */
export function typingEnded(state: ChatState, channelId: string, userId: string): Step {
  const typists = state.typing.get(channelId);
  if (!typists?.has(userId)) return unchanged(state);
  const left = new Map(typists);
  left.delete(userId);
  return redrawIfOpen(state, withTypists(state, channelId, left), channelId);
}

/** Time passed: those whose signal ran out are no longer shown. */
export function typingExpired(state: ChatState, now: number): Step {
  let next = state;
  for (const [channelId, typists] of state.typing) {
    const live = new Map([...typists].filter(([, until]) => until > now));
    if (live.size !== typists.size) next = withTypists(next, channelId, live);
  }
  return step(next, ...when(next.typing.get(state.channelId ?? '') !== state.typing.get(state.channelId ?? ''), { kind: 'typing' }));
}

/** When the next typist in the open channel runs out, if any is shown. */
export function nextTypingExpiry(state: ChatState): number | undefined {
  const until = [...(state.typing.get(state.channelId ?? '')?.values() ?? [])];
  return until.length > 0 ? Math.min(...until) : undefined;
}

/** "Alice is typing…", "Alice and Bob are typing…", "Alice, Bob and Cara are typing…", "Several people are typing…"; none when nobody is (blocked users are not shown). */
export function typingText(state: ChatState, now: number): string | undefined {
  const typists = state.typing.get(state.channelId ?? '');
  if (!typists) return undefined;
  const ids = [...typists].filter(([userId, until]) => until > now && !isBlocked(state, userId)).map(([userId]) => userId);
  if (ids.length === 0) return undefined;
  if (ids.length > NAMED) return 'Several people are typing…';
  const names = ids.map((id) => typistName(state, id));
  if (names.length === 1) return `${names[0] ?? ''} is typing…`;
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1) ?? ''} are typing…`;
}

function typistName(state: ChatState, userId: string): string {
  const person = peopleHere(state).find(({ id }) => id === userId) ?? state.messages.find(({ author }) => author.id === userId)?.author;
  return person ? nameOf(person) : 'Someone';
}
