import type { Id } from '../ids';

/** What a user may choose to show others while connected; `invisible` shows them as offline. */
export const CHOSEN_STATUSES = ['online', 'idle', 'dnd', 'invisible'] as const;
export type ChosenStatus = (typeof CHOSEN_STATUSES)[number];

/** What others are shown: `offline` without an identified socket on any replica (or invisible). */
export type ShownStatus = 'online' | 'idle' | 'dnd' | 'offline';

/** What others are shown of a user who holds a socket and chose `chosen` (`online` unless they chose). */
export const shownStatus = (chosen: ChosenStatus): ShownStatus => (chosen === 'invisible' ? 'offline' : chosen);

/** A user's shown status, changed to `status` (or, in a list of presences, as it is). */
export interface Presence {
  readonly userId: Id;
  readonly status: ShownStatus;
}

/** `ready` carries the presences of the members of the user's servers up to this size; larger ones are read over REST. */
export const READY_PRESENCE_MEMBERS = 1_000;

/**
 * By default a server of more members hears no `presence.updated` (its members read presences over
 * REST): the same bound as `ready`'s. A deployment may set another (`PresenceFanOut.maxMembers`).
 */
export const PRESENCE_FAN_OUT_MEMBERS = READY_PRESENCE_MEMBERS;
