/** One message as the list shows it: who and when, its text (or its edit form), reactions and actions. */
import type { Message } from '@chat/client';
import { mayDeleteMessage, mayEditMessage, reactionChoices } from '../controls.js';
import { h, textWithLinks, timeElement } from '../dom.js';
import { isBlocked, isFolded } from '../model/blocks.js';
import { mentionSegments, mentionsMe, segmentText, type MentionSegment } from '../model/mentions.js';
import { powersOf } from '../model/permissions.js';
import { viewerOf } from '../model/state.js';
import { attachmentsNode } from './attachments.js';
import type { ViewContext } from './intents.js';
import { roleColor } from './members.js';
import { nameNode } from './people.js';
import { pinnedMark, quoteNode, replyAndPinButtons } from './reply.js';

const REACTIONS = ['👍', '❤️', '😂', '🎉', '👀'];

/** A blocked user's message, folded: it says so, and a click shows it (greyed). */
function foldedNode({ intents }: ViewContext, message: Message): HTMLLIElement {
  return h(
    'li',
    { id: `message-${message.id}`, className: 'message blocked folded' },
    h('p', { className: 'hint' }, 'Message from a blocked user ', h('button', { type: 'button', className: 'reveal', 'aria-label': 'Show the message from a blocked user', 'data-focus-key': 'reveal', onclick: () => intents.revealMessage(message) }, 'Show')),
  );
}

export function messageNode(view: ViewContext, message: Message): HTMLLIElement {
  if (isFolded(view.state, message)) return foldedNode(view, message);
  const own = message.author.id === view.state.me?.id;
  const editing = view.state.editing === message.id;
  const blocked = isBlocked(view.state, message.author.id);
  // One that asks for this viewer (by name, a role of theirs, or everyone) stands out as a whole, and says so in words.
  const mentioned = !blocked && mentionsMe(view.state, message);
  // The message jumped to (a search hit) stands out, and takes focus there (`tabindex`).
  const highlighted = view.state.highlighted === message.id;
  return h(
    'li',
    {
      id: `message-${message.id}`,
      className: ['message', own ? 'own' : blocked ? 'blocked' : '', mentioned ? 'mentioned' : '', highlighted ? 'highlighted' : ''].filter(Boolean).join(' '),
      tabindex: highlighted ? -1 : undefined,
      'aria-current': highlighted ? 'true' : undefined,
    },
    quoteNode(view, message),
    h(
      'p',
      { className: 'meta' },
      nameNode('strong', message.author),
      blocked ? h('span', { className: 'hint' }, ' (blocked)') : null,
      mentioned ? h('span', { className: 'visually-hidden' }, ' (mentions you)') : null,
      ' ',
      timeElement(message.createdAt),
      message.editedAt ? h('span', { className: 'hint' }, ' (edited)') : null,
      pinnedMark(message),
    ),
    editing ? editForm(view, message) : message.content !== '' && h('p', { className: 'content' }, ...contentNodes(view, message)),
    attachmentsNode(message.attachments),
    reactionsNode(view, message),
    editing ? null : messageActions(view, message),
  );
}

/** The text: mentions by name (each marked, the viewer's own and their roles' more so), links as links, the rest as text. */
function contentNodes({ state }: ViewContext, message: Message): (Node | string)[] {
  return mentionSegments(state, message).flatMap((segment) => (segment.kind === 'text' ? textWithLinks(segment.text) : [mentionNode(segment)]));
}

function mentionNode(segment: Exclude<MentionSegment, { kind: 'text' }>): HTMLSpanElement {
  const mine = (segment.kind === 'user' && segment.me) || (segment.kind === 'role' && segment.mine);
  const node = h('span', { className: mine ? 'mention mine' : 'mention', 'data-mention': segment.kind === 'everyone' ? 'everyone' : segment.id }, segmentText(segment));
  const color = segment.kind === 'role' ? roleColor(segment.color) : undefined;
  // Set through the CSSOM: the page's Content-Security-Policy refuses inline style attributes.
  if (color) node.style.setProperty('--role-color', color);
  return node;
}

/** Reply and Pin (`views/reply.ts`), Edit for the author, Delete for the author and those with MANAGE_MESSAGES in the channel; nothing when none. */
function messageActions(view: ViewContext, message: Message): HTMLDivElement | null {
  const { state, intents } = view;
  const edit = mayEditMessage(message.author.id, viewerOf(state));
  const remove = mayDeleteMessage(message.author.id, powersOf(state).channel, viewerOf(state));
  const more = replyAndPinButtons(view, message);
  if (!edit && !remove && more.length === 0) return null;
  return h(
    'div',
    { className: 'actions' },
    ...more,
    edit && h('button', { type: 'button', 'data-focus-key': 'edit', onclick: () => intents.startEditing(message) }, 'Edit'),
    remove && h('button', { type: 'button', 'data-focus-key': 'delete', onclick: () => intents.deleteMessage(message) }, 'Delete'),
  );
}

/** The counts (each a button to join or leave), and a picker of the emoji this viewer may add (none: no picker). */
function reactionsNode({ state, intents }: ViewContext, message: Message): HTMLDivElement {
  const counts = message.reactions.map((reaction) =>
    h(
      'button',
      {
        type: 'button',
        className: 'reaction',
        'aria-pressed': String(reaction.reacted),
        'aria-label': `${reaction.emoji} ${reaction.count}${reaction.reacted ? ', including you' : ''}`,
        'data-focus-key': `reaction-${reaction.emoji}`,
        onclick: () => intents.react(message, reaction.emoji, !reaction.reacted),
      },
      `${reaction.emoji} ${reaction.count}`,
    ),
  );
  const pick = (emoji: string) => (event: Event) => {
    // A pick closes the picker; focus goes back to its "+" for the next one.
    const picker = event.currentTarget instanceof HTMLElement ? event.currentTarget.closest('details') : null;
    picker?.removeAttribute('open');
    picker?.querySelector('summary')?.focus();
    intents.react(message, emoji, true);
  };
  const unpicked = REACTIONS.filter((emoji) => !message.reactions.some((r) => r.emoji === emoji && r.reacted));
  const choices = reactionChoices(unpicked, message.reactions.map(({ emoji }) => emoji), powersOf(state).channel).map((emoji) =>
    h('button', { type: 'button', 'aria-label': `React with ${emoji}`, onclick: pick(emoji) }, emoji),
  );
  return h(
    'div',
    { className: 'reactions', role: 'group', 'aria-label': 'Reactions' },
    ...counts,
    choices.length > 0 && h('details', { className: 'add-reaction' }, h('summary', { 'aria-label': 'Add a reaction', 'data-focus-key': 'add-reaction' }, '+'), ...choices),
  );
}

function editForm({ intents }: ViewContext, message: Message): HTMLFormElement {
  const inputId = `edit-${message.id}`;
  const input = h('textarea', { id: inputId, name: 'content', rows: 2 });
  input.value = message.content;
  input.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') intents.stopEditing(message);
    if (event.key === 'Enter' && !event.shiftKey && !event.isComposing) {
      event.preventDefault();
      input.form?.requestSubmit();
    }
  });
  const save = (event: Event) => {
    event.preventDefault();
    intents.saveEdit(message, input.value);
  };
  return h(
    'form',
    { className: 'edit', onsubmit: save },
    h('label', { for: inputId }, 'Edit message'),
    input,
    h('button', { type: 'submit' }, 'Save'),
    h('button', { type: 'button', onclick: () => intents.stopEditing(message) }, 'Cancel'),
  );
}
