import type { Id } from '../../ids';
import type { PresenceRegistry } from '../../ports/presence-registry';

/**
 * A connected user's connection came to hear in a place, or stopped (a join or a leave, a kick, a
 * ban, a conversation opened or closed, as its events tell it): the registry lists them there, or
 * no longer, so `ready` shows who is in a server without reading its members. Nobody is told: a
 * newcomer is announced by their join (`JoinByInvite`), and a leaver goes with their `member.left`.
 */
export class MovePresence {
  constructor(private readonly presence: Pick<PresenceRegistry, 'joinPlace' | 'leavePlace'>) {}

  /** `hears`: whether the connection hears in the place from now on. */
  async execute(userId: Id, placeId: Id, hears: boolean): Promise<void> {
    await (hears ? this.presence.joinPlace(userId, placeId) : this.presence.leavePlace(userId, placeId));
  }
}
