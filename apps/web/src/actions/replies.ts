/** Answering a message: the bar above the composer opens on it, and the composer takes focus. */
import type { Message } from '@chat/client';
import { replyCancelled, replyStarted } from '../model/replies.js';
import type { Page } from '../page.js';

export function startReply(page: Page, message: Message): void {
  page.apply(replyStarted(page.state, message));
  page.el.composerInput.focus();
}

export function cancelReply(page: Page): void {
  page.apply(replyCancelled(page.state));
  page.el.composerInput.focus();
}
