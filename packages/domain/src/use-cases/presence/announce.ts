import { PRESENCE_FAN_OUT_MEMBERS, type Presence } from '../../entities/presence';
import { presenceUpdated } from '../../events/signal';
import type { Id } from '../../ids';
import type { MemberRepository } from '../../ports/member-repository';
import type { SignalBus } from '../../ports/signal-bus';

/** Looked up together, so a reaped replica's thousands of users do not wait on one another, nor flood the pool. */
const LOOKUPS_AT_ONCE = 20;

/**
 * Tells those who share a server or a conversation with the user of each change, where they are
 * `heardIn`, but in a server of more than `PRESENCE_FAN_OUT_MEMBERS` members: there each change
 * would go to thousands, and thousands coming online at once would cost the square of their number
 * (as Discord, its members read presences with the member list, `?presence=true`).
 */
export async function announce(
  signals: SignalBus,
  members: Pick<MemberRepository, 'serversOver'>,
  changes: readonly Presence[],
  heardIn: (userId: Id) => Promise<readonly Id[]>,
): Promise<void> {
  const tell = async ({ userId, status }: Presence) => {
    const places = await heardIn(userId);
    const large = new Set(places.length === 0 ? [] : await members.serversOver(places, PRESENCE_FAN_OUT_MEMBERS));
    const heard = places.filter((placeId) => !large.has(placeId));
    if (heard.length > 0) await signals.publish(presenceUpdated(userId, status, heard));
  };
  for (let at = 0; at < changes.length; at += LOOKUPS_AT_ONCE) await Promise.all(changes.slice(at, at + LOOKUPS_AT_ONCE).map(tell));
}
