/** The composer's list of people to mention: a listbox under the caret's `@word`, its active option the textarea's `aria-activedescendant`. */
import { h } from '../dom.js';
import { nameOf, usernameHint } from '../model/people.js';
import type { UserSummary } from '../model/state.js';
import type { ViewContext } from './intents.js';
import { avatarImage } from './people.js';

const optionId = (user: UserSummary) => `mention-option-${user.id}`;

export function renderCompletion({ el, state, intents }: ViewContext): void {
  const completion = state.completion;
  const input = el.composerInput;
  el.mentionOptions.hidden = !completion;
  if (!completion) {
    el.mentionOptions.replaceChildren();
    input.removeAttribute('aria-activedescendant');
    return;
  }
  el.mentionOptions.replaceChildren(
    ...completion.options.map((user, index) =>
      h(
        'li',
        {
          id: optionId(user),
          role: 'option',
          'aria-selected': String(index === completion.active),
          // Pressed, not clicked: the box keeps focus (and its caret) while the choice is made.
          onmousedown: (event) => event.preventDefault(),
          onclick: () => intents.chooseMention(user),
        },
        avatarImage(user),
        nameOf(user),
        usernameHint(user) ? h('span', { className: 'hint' }, ` ${usernameHint(user)}`) : null,
      ),
    ),
  );
  const active = completion.options[completion.active];
  if (active) input.setAttribute('aria-activedescendant', optionId(active));
}
