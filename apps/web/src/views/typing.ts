/** The line under the open channel's box that says who is typing (empty when nobody is). */
import { typingText } from '../model/typing.js';
import type { ViewContext } from './intents.js';

export function renderTyping({ el, state }: ViewContext, now: number): void {
  const text = typingText(state, now) ?? '';
  if (el.typing.textContent !== text) el.typing.textContent = text;
}
