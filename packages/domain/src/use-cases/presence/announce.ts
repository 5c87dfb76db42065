import type { Presence } from '../../entities/presence';
import { presenceUpdated } from '../../events/signal';
import type { Id } from '../../ids';
import type { SignalBus } from '../../ports/signal-bus';

/** Looked up together, so a reaped replica's thousands of users do not wait on one another, nor flood the pool. */
const LOOKUPS_AT_ONCE = 20;

/** Tells those who share a server or a conversation with the user of each change, where they are `heardIn`. */
export async function announce(signals: SignalBus, changes: readonly Presence[], heardIn: (userId: Id) => Promise<readonly Id[]>): Promise<void> {
  for (let at = 0; at < changes.length; at += LOOKUPS_AT_ONCE) {
    await Promise.all(changes.slice(at, at + LOOKUPS_AT_ONCE).map(async ({ userId, status }) => signals.publish(presenceUpdated(userId, status, await heardIn(userId)))));
  }
}
