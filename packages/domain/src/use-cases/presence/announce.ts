import type { Presence } from '../../entities/presence';
import { presenceUpdated } from '../../events/signal';
import type { Id } from '../../ids';
import type { MemberRepository } from '../../ports/member-repository';
import type { SignalBus } from '../../ports/signal-bus';

/** Looked up together, so a reaped replica's thousands of users do not wait on one another, nor flood the pool. */
const LOOKUPS_AT_ONCE = 20;

/**
 * How far presence changes go: `maxMembers`, the largest server that hears them (a deployment's
 * `PRESENCE_FAN_OUT_MAX_MEMBERS`, `PRESENCE_FAN_OUT_MEMBERS` by default; 0: every server, however
 * large), and the member counts that tell which servers are larger.
 */
export interface PresenceFanOut {
  readonly members: Pick<MemberRepository, 'serversOver'>;
  readonly maxMembers: number;
}

/**
 * Tells those who share a server or a conversation with the user of each change, where they are
 * `heardIn`, but in a server of more than `fanOut.maxMembers` members (unless that is 0): there each
 * change would go to thousands, and thousands coming online at once would cost the square of their
 * number (as Discord, its members read presences with the member list, `?presence=true`).
 */
export async function announce(signals: SignalBus, fanOut: PresenceFanOut, changes: readonly Presence[], heardIn: (userId: Id) => Promise<readonly Id[]>): Promise<void> {
  const tell = async ({ userId, status }: Presence) => {
    const places = await heardIn(userId);
    const bounded = places.length > 0 && fanOut.maxMembers > 0;
    const large = new Set(bounded ? await fanOut.members.serversOver(places, fanOut.maxMembers) : []);
    const heard = places.filter((placeId) => !large.has(placeId));
    if (heard.length > 0) await signals.publish(presenceUpdated(userId, status, heard));
  };
  for (let at = 0; at < changes.length; at += LOOKUPS_AT_ONCE) await Promise.all(changes.slice(at, at + LOOKUPS_AT_ONCE).map(tell));
}
