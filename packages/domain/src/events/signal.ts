import type { ShownStatus } from '../entities/presence';
import type { Id } from '../ids';
import type { Audience } from './audience';

/** How long a typing signal holds, unless the typist sends a message in that channel first, or types on. */
export const TYPING_MS = 10_000;
/** At most one typing signal per user and channel this often: a client repeats its POST while typing on. */
export const TYPING_EVERY_MS = 5_000;

/**
 * What the gateway passes on live and forgets: never logged, never replayed, no cursor. Only the
 * sockets connected when it goes by hear it, on whichever replica they are.
 */
export type Signal =
  /** `serverId` null: a direct conversation, whose id routes it as a server's does. */
  | { readonly type: 'typing.started'; readonly channelId: Id; readonly serverId: Id | null; readonly userId: Id; readonly expiresAt: Date }
  /**
   * What others are shown of a user changed. `serverIds`, the user's servers and conversations then,
   * say who may hear it (as `user.updated`'s do); no client is sent them.
   */
  | { readonly type: 'presence.updated'; readonly userId: Id; readonly status: ShownStatus; readonly serverIds: readonly Id[] };

export type SignalType = Signal['type'];

export const typingStarted = (place: { readonly id: Id; readonly serverId: Id | null }, userId: Id, expiresAt: Date): Signal => ({
  type: 'typing.started',
  channelId: place.id,
  serverId: place.serverId,
  userId,
  expiresAt,
});

export const presenceUpdated = (userId: Id, status: ShownStatus, serverIds: readonly Id[]): Signal => ({ type: 'presence.updated', userId, status, serverIds });

/** The servers (and conversations, by their ids) whose connections may hear the signal. */
export const signalPlaces = (signal: Signal): readonly Id[] => (signal.type === 'typing.started' ? [signal.serverId ?? signal.channelId] : signal.serverIds);

/**
 * Whether a connection that sees one of the signal's places hears it: never one of the user the
 * signal is about (the typist, the one whose presence changed); typing, only where it sees the channel.
 */
export const hearsInPlace = (audience: Audience, signal: Signal): boolean =>
  audience.userId !== signal.userId && (signal.type !== 'typing.started' || audience.seesChannel(signal.channelId));

/** Whether a connection hears the signal: it sees one of its places, and hears it there. */
export const hears = (audience: Audience, signal: Signal): boolean => signalPlaces(signal).some((place) => audience.sees(place)) && hearsInPlace(audience, signal);
