/**
 * Whom this person blocks, and which of their messages they chose to see. Messages still come from
 * blocked users in shared servers (as on Discord); the page folds them until a click shows one.
 */
import type { Message } from '@chat/client';
import { step, type ChatState, type Step } from './state.js';

/** A block changes the member list's buttons and how every message of that user is drawn. */
const redrawn = (state: ChatState): Step => step(state, { kind: 'members' }, { kind: 'every-message' });

/** The list read at sign-in. */
export const blocksLoaded = (state: ChatState, userIds: readonly string[]): Step => redrawn({ ...state, blocked: new Set(userIds) });

/** This person blocked or unblocked the user (the API said yes). */
export function blockChanged(state: ChatState, userId: string, blocked: boolean): Step {
  if (state.blocked.has(userId) === blocked) return step(state);
  const next = new Set(state.blocked);
  if (blocked) next.add(userId);
  else next.delete(userId);
  return redrawn({ ...state, blocked: next });
}

/** The person asked to see one folded message. */
export const messageRevealed = (state: ChatState, messageId: string): Step => step({ ...state, revealed: new Set(state.revealed).add(messageId) }, { kind: 'message', id: messageId });

export const isBlocked = (state: ChatState, userId: string): boolean => state.blocked.has(userId);

/** Drawn folded: its author is blocked, and the person has not asked to see it. */
export const isFolded = (state: ChatState, message: Message): boolean => isBlocked(state, message.author.id) && !state.revealed.has(message.id);
