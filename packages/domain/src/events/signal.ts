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
  { readonly type: 'typing.started'; readonly channelId: Id; readonly serverId: Id | null; readonly userId: Id; readonly expiresAt: Date };

export type SignalType = Signal['type'];

export const typingStarted = (place: { readonly id: Id; readonly serverId: Id | null }, userId: Id, expiresAt: Date): Signal => ({
  type: 'typing.started',
  channelId: place.id,
  serverId: place.serverId,
  userId,
  expiresAt,
});

/** The server (or conversation) whose connections may hear the signal. */
export const signalPlace = (signal: Signal): Id => signal.serverId ?? signal.channelId;

/** Whether a connection hears the signal: one of a user who sees its channel, the typist's own excepted. */
export function hears(audience: Audience, signal: Signal): boolean {
  return audience.userId !== signal.userId && audience.sees(signalPlace(signal)) && audience.seesChannel(signal.channelId);
}
