import type { Id } from '../ids';
import type { Stores } from '../ports/stores';

/** Where a user's own changes are heard: their servers and their direct conversations (both routed by id alike). */
export async function heardIn(stores: Pick<Stores, 'members' | 'conversations'>, userId: Id): Promise<Id[]> {
  return [...(await stores.members.serverIdsOf(userId)), ...(await stores.conversations.idsForUser(userId))];
}
