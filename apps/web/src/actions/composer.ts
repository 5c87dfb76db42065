/** The composer as a person types in it: `@` completion of names, by keyboard or pointer, and Enter to send. */
import { completed, completionClosed, completionMoved, composerTyped } from '../model/completion.js';
import { replyCancelled } from '../model/replies.js';
import type { UserSummary } from '../model/state.js';
import type { Page } from '../page.js';

/** What was typed (or where the caret went): the list of people follows. */
export function composerChanged(page: Page): void {
  const input = page.el.composerInput;
  page.apply(composerTyped(page.state, input.value, input.selectionStart));
}

/** Writes `<@id>` in place of the `@word`, the caret after it, and closes the list. */
export function chooseMention(page: Page, user: UserSummary): void {
  const completion = page.state.completion;
  const input = page.el.composerInput;
  if (!completion) return;
  const next = completed(input.value, completion, user);
  input.value = next.text;
  input.focus();
  input.setSelectionRange(next.caret, next.caret);
  page.apply(completionClosed(page.state));
}

/**
 * The keys of the composer. With the list open: arrows move in it, Enter or Tab choose, Escape closes
 * it (and only it). Otherwise Enter sends, Shift+Enter starts a new line, and Escape cancels a reply.
 */
export function composerKey(page: Page, event: KeyboardEvent): void {
  if (event.isComposing) return;
  const completion = page.state.completion;
  if (completion) {
    const chosen = completion.options[completion.active];
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') page.apply(completionMoved(page.state, event.key === 'ArrowDown' ? 1 : -1));
    else if ((event.key === 'Enter' || event.key === 'Tab') && !event.shiftKey && chosen) chooseMention(page, chosen);
    else if (event.key === 'Escape') page.apply(completionClosed(page.state));
    else return;
    event.preventDefault();
    return;
  }
  if (event.key === 'Enter' && !event.shiftKey) {
    event.preventDefault();
    page.el.composer.requestSubmit();
  }
  if (event.key === 'Escape' && page.state.replying) page.apply(replyCancelled(page.state));
}
