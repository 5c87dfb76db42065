/**
 * `@` completion in the composer: typing `@al` offers the people of the open server (or conversation)
 * whose name or username begins so; choosing one writes `<@id>` in place of `@al` (pure, see `state.ts`).
 */
import { peopleHere } from './mentions.js';
import { nameOf } from './people.js';
import { step, type ChatState, type Completion, type Step, type UserSummary } from './state.js';

/** At most this many people are offered at once. */
export const COMPLETION_LIMIT = 8;

/**
 * The `@word` just before the caret, if one is being typed: an `@` at the start or after a space or
 * an opening bracket, then no space. `a@b` (an address) and `<@1>` (a finished mention) are not.
 */
export function mentionQuery(text: string, caret: number): { start: number; query: string } | undefined {
  const match = /(?:^|[\s([{])@([^\s@<>]{0,32})$/u.exec(text.slice(0, caret));
  if (!match) return undefined;
  const query = match[1] ?? '';
  return { start: caret - query.length - 1, query };
}

/** Whether the person's display name, one of its words, or their username begins with `query` (case aside). */
function matches(user: UserSummary, query: string): boolean {
  const wanted = query.toLocaleLowerCase();
  const names = [user.username, ...(user.displayName ? [user.displayName, ...user.displayName.split(/\s+/)] : [])];
  return names.some((name) => name.toLocaleLowerCase().startsWith(wanted));
}

/** The people here who match, by name, at most `COMPLETION_LIMIT`. */
export function candidates(state: ChatState, query: string): UserSummary[] {
  return peopleHere(state)
    .filter((user) => matches(user, query))
    .sort((a, b) => nameOf(a).localeCompare(nameOf(b)) || (a.id < b.id ? -1 : 1))
    .slice(0, COMPLETION_LIMIT);
}

const same = (a: Completion | undefined, b: Completion | undefined): boolean =>
  a === b || (a !== undefined && b !== undefined && a.start === b.start && a.end === b.end && a.active === b.active && a.options.length === b.options.length && a.options.every((user, index) => user.id === b.options[index]?.id));

/** The composer's text or caret changed: completion opens, follows or closes. The list is drawn again only when it changed. */
export function composerTyped(state: ChatState, text: string, caret: number): Step {
  const typed = mentionQuery(text, caret);
  const options = typed ? candidates(state, typed.query) : [];
  const kept = state.completion?.start === typed?.start ? options.findIndex(({ id }) => id === state.completion?.options[state.completion.active]?.id) : -1;
  const completion = typed && options.length > 0 ? { start: typed.start, end: caret, options, active: Math.max(kept, 0) } : undefined;
  if (same(completion, state.completion)) return step({ ...state, completion });
  return step({ ...state, completion }, { kind: 'completion' });
}

/** The arrow keys: the next (`1`) or previous (`-1`) option, wrapping round. */
export function completionMoved(state: ChatState, by: 1 | -1): Step {
  const completion = state.completion;
  if (!completion) return step(state);
  const count = completion.options.length;
  return step({ ...state, completion: { ...completion, active: (completion.active + by + count) % count } }, { kind: 'completion' });
}

/** Escape, a choice, a send or another channel: no list. */
export const completionClosed = (state: ChatState): Step => (state.completion ? step({ ...state, completion: undefined }, { kind: 'completion' }) : step(state));

/** The composer's text once `user` is chosen: `<@id>` and a space in place of the `@word`, and where the caret goes. */
export function completed(text: string, completion: Pick<Completion, 'start' | 'end'>, user: Pick<UserSummary, 'id'>): { text: string; caret: number } {
  const mention = `<@${user.id}> `;
  const after = text.slice(completion.end).replace(/^ /, '');
  return { text: `${text.slice(0, completion.start)}${mention}${after}`, caret: completion.start + mention.length };
}
