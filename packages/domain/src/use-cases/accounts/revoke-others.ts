import type { Actor } from '../../entities/session';
import { otherSessionsRevoked } from '../../events/chat-event';
import type { Stores } from '../../ports/stores';

/** Every session of the actor's user but the actor's own, with the event that closes their sockets; answers how many went. */
export async function revokeOthers(stores: Stores, actor: Actor): Promise<number> {
  const revoked = await stores.sessions.revokeAllForUser(actor.userId, actor.sessionId);
  if (revoked > 0) await stores.events.append(otherSessionsRevoked(actor.userId, actor.sessionId));
  return revoked;
}
