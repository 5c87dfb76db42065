/** Read states over REST: marking the open channel read once its newest message shows (`marker.ts` says when), and reading the counts again. */
import { ok } from '@chat/client';
import type { MarkTarget } from '../marker.js';
import { readMarked, readStatesLoaded } from '../model/read-states.js';
import type { Page } from '../page.js';

/** Whether the end of the open channel's history is in view, in a tab that is shown. */
function newestInView(page: Page): boolean {
  const history = page.el.history;
  return document.visibilityState === 'visible' && history.scrollHeight - history.scrollTop - history.clientHeight < 60;
}

/** What would be marked now: the open channel, with something unread in it, up to its newest message, when that shows. */
export function markTarget(page: Page): MarkTarget | undefined {
  const { channelId, messages, readStates, reachedEnd } = page.state;
  const newest = messages.at(-1);
  // An older stretch (a jump) is not the channel's end: what is newer is still unread.
  if (!channelId || !newest || !reachedEnd || !readStates.has(channelId) || !newestInView(page)) return undefined;
  return { channelId, messageId: newest.id };
}

export async function markRead(page: Page, { channelId, messageId }: MarkTarget): Promise<void> {
  await page.background('Marking read', async () => {
    await ok(page.client().PUT('/api/channels/{channelId}/read', { params: { path: { channelId } }, body: { messageId } }));
    // Its read_state.updated comes too; this tab need not wait for it.
    page.apply(readMarked(page.state, { channelId, lastReadMessageId: messageId, mentionCount: 0 }));
  });
}

/** Where this person has something unread, read again (an edit or delete of an unread message, a marker moved in another tab). */
export async function readReadStates(page: Page): Promise<void> {
  const listed = await ok(page.client().GET('/api/users/@me/read-states'));
  page.apply(readStatesLoaded(page.state, listed));
}
