import type { Elements } from './elements.js';

type Feedback = Pick<Elements, 'status' | 'error' | 'announce'>;

export const setStatus = (el: Feedback, text: string): void => void (el.status.textContent = text);

/** Says something to screen readers, once (the message list itself is not a live region). */
export const announce = (el: Feedback, text: string): void => void (el.announce.textContent = text);

export function showErrorText(el: Feedback, text: string): void {
  el.error.textContent = text;
  el.error.hidden = false;
}

export function clearError(el: Feedback): void {
  el.error.hidden = true;
  el.error.textContent = '';
}
