/** Blocking and unblocking over REST; the list is read once a session starts. */
import { ok, type Member } from '@chat/client';
import { blockChanged, blocksLoaded } from '../model/blocks.js';
import { nameOf } from '../model/people.js';
import type { Page } from '../page.js';
import { announce } from '../views/feedback.js';

/** Reads whom this person blocks (one page: the list never passes the API's quota, which is its page size). */
export async function readBlocks(page: Page): Promise<void> {
  const token = page.token;
  const users = await ok(page.client().GET('/api/users/@me/blocks'));
  // An answer for a session that ended meanwhile is someone else's list.
  if (page.token === token) page.apply(blocksLoaded(page.state, users.map(({ id }) => id)));
}

/** Blocks or unblocks a member; their messages fold or unfold once the API agrees. */
export function setBlocked(page: Page, member: Member, blocked: boolean): void {
  const path = { userId: member.userId };
  void page.attempt(blocked ? 'Blocking' : 'Unblocking', async () => {
    if (blocked) await ok(page.client().PUT('/api/users/@me/blocks/{userId}', { params: { path } }));
    else await ok(page.client().DELETE('/api/users/@me/blocks/{userId}', { params: { path } }));
    page.apply(blockChanged(page.state, member.userId, blocked));
    announce(page.el, `${nameOf(member.user)} is ${blocked ? 'blocked' : 'no longer blocked'}`);
  });
}
