/**
 * Who is online (README "Presence"): what each person shows, from `ready` and `presence.updated`, and
 * what this person chose to show (pure, see `state.ts`). Nobody's own presence comes back to them: the
 * page shows their choice.
 */
import { openConversationOf, openServerOf, step, when, type ChatState, type ChosenStatus, type Effect, type Presence, type Step } from './state.js';

/** A `presence.updated`, or one of `ready`'s `presences`. */
export interface PresenceOf {
  readonly userId: string;
  readonly status: Presence;
}

/** The lists that show this user's dot, drawn again: the open server's members, the open conversation's people. */
function redrawn(state: ChatState, userId: string): Effect[] {
  const inServer = openServerOf(state)?.members?.some((member) => member.userId === userId) ?? false;
  const inConversation = openConversationOf(state)?.recipients.some(({ id }) => id === userId) ?? false;
  return [...when(inServer, { kind: 'members' }), ...when(inConversation, { kind: 'conversation' })];
}

/** `ready`'s presences (or a member list read with them): they replace what was known, or (`merge`) add to it. */
export function presencesLoaded(state: ChatState, listed: readonly PresenceOf[], merge = false): Step {
  const presences = new Map(merge ? state.presences : []);
  for (const { userId, status } of listed) {
    if (status === 'offline') presences.delete(userId);
    else presences.set(userId, status);
  }
  return step({ ...state, presences }, ...when(openServerOf(state) !== undefined, { kind: 'members' }), ...when(openConversationOf(state) !== undefined, { kind: 'conversation' }));
}

export function presenceUpdated(state: ChatState, { userId, status }: PresenceOf): Step {
  if (userId === state.me?.id || (state.presences.get(userId) ?? 'offline') === status) return step(state);
  const presences = new Map(state.presences);
  if (status === 'offline') presences.delete(userId);
  else presences.set(userId, status);
  return step({ ...state, presences }, ...redrawn(state, userId));
}

/** This person chose what to show: their own dot, and the picker, follow. */
export function statusChosen(state: ChatState, status: ChosenStatus): Step {
  if (status === state.myStatus) return step(state);
  return step({ ...state, myStatus: status }, { kind: 'me' }, ...redrawn(state, state.me?.id ?? ''));
}

/** What the page shows for someone: for this person, their choice (`invisible` shows as offline, as others see it). */
export function presenceOf(state: ChatState, userId: string): Presence {
  if (userId === state.me?.id) return state.myStatus === 'invisible' ? 'offline' : state.myStatus;
  return state.presences.get(userId) ?? 'offline';
}

/** A presence in words. */
export const PRESENCE_WORDS: Record<Presence | ChosenStatus, string> = { online: 'Online', idle: 'Idle', dnd: 'Do not disturb', offline: 'Offline', invisible: 'Invisible' };
