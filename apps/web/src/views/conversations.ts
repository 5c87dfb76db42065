/** Direct conversations: their list beside the servers, the open one's panel (people, group controls), its header, and the people a new group can have. */
import { h } from '../dom.js';
import { conversationName } from '../model/conversations.js';
import { coMembers, nameOf } from '../model/people.js';
import { presenceOf } from '../model/presence.js';
import { unreadIn } from '../model/read-states.js';
import { openConversationOf, type ChatState, type Conversation } from '../model/state.js';
import type { Elements } from './elements.js';
import type { ViewContext } from './intents.js';
import { nameNode, presenceDot } from './people.js';
import { listedWithUnread } from './unread.js';

/** The list, the most recently active first; one with messages this person has not read is marked (a dot, or its mentions counted). */
export function renderConversations({ el, state, intents }: ViewContext): void {
  const open = openConversationOf(state)?.id;
  el.conversationList.replaceChildren(
    ...state.conversations.map((conversation) => {
      const name = conversationName(conversation, state.me?.id);
      const label = conversation.type === 'group' ? name : `@ ${name}`;
      return listedWithUnread(conversation.id, label, unreadIn(state, conversation.id), conversation.id === open, () => intents.openConversation(conversation.id));
    }),
  );
  el.noConversations.hidden = state.conversations.length > 0;
}

/** The open conversation's panel: who is in it; for a group, rename and leave, and (its owner) add and remove people. */
export function renderConversation(view: ViewContext): void {
  const { el, state, intents } = view;
  const conversation = openConversationOf(state);
  el.conversationPanel.hidden = !conversation;
  if (!conversation) return;
  const me = state.me?.id;
  const group = conversation.type === 'group';
  const owner = group && conversation.ownerId === me;
  el.conversationTitle.textContent = conversationName(conversation, me);
  el.recipientList.replaceChildren(
    ...conversation.recipients.map((person) =>
      h(
        'li',
        {},
        h(
          'span',
          { className: 'who' },
          presenceDot(presenceOf(state, person.id)),
          nameNode('span', person, person.id === conversation.ownerId ? h('span', { className: 'hint' }, ' (owner)') : null, person.id === me ? h('span', { className: 'hint' }, ' (you)') : null),
        ),
        owner && person.id !== me
          ? h('button', { type: 'button', className: 'remove', 'aria-label': `Remove ${nameOf(person)} from the group`, onclick: () => intents.removeRecipient(conversation, person) }, 'Remove')
          : null,
      ),
    ),
  );
  el.renameGroupForm.hidden = !group;
  if (group && document.activeElement !== el.groupName) el.groupName.value = conversation.name ?? '';
  el.leaveGroup.hidden = !group;
  renderAddRecipient(el, state, conversation, owner);
}

/** The owner's "Add someone": the people who share a server with them and are not in the group yet. */
function renderAddRecipient(el: Elements, state: ChatState, conversation: Conversation, owner: boolean): void {
  const people = owner ? coMembers(state, conversation.recipients.map(({ id }) => id)) : [];
  el.addRecipientForm.hidden = !owner;
  const chosen = el.addRecipient.value;
  el.addRecipient.replaceChildren(...people.map((person) => h('option', { value: person.id }, nameOf(person))));
  if (people.some(({ id }) => id === chosen)) el.addRecipient.value = chosen;
  el.addRecipientNone.hidden = !owner || people.length > 0;
  el.addRecipientButton.disabled = people.length === 0;
}

/** The open conversation's title and composer (everyone in it may send; the API still refuses one a block shuts). */
export function renderConversationHeader(el: Elements, state: ChatState, conversation: Conversation): void {
  const name = conversationName(conversation, state.me?.id);
  const title = conversation.type === 'group' ? name : `@ ${name}`;
  el.channelTitle.textContent = title;
  el.composerLabel.textContent = `Message ${title}`;
  el.composer.hidden = false;
  el.composerNote.hidden = true;
  el.historyStart.textContent = 'This is the start of the conversation.';
}

/** The people a new group can have, each a checkbox (those ticked before stay ticked). */
export function renderNewGroupPeople(el: Elements, state: ChatState): void {
  const ticked = new Set([...el.newGroupPeople.querySelectorAll<HTMLInputElement>('input:checked')].map((box) => box.value));
  const people = coMembers(state);
  el.newGroupPeople.replaceChildren(
    ...people.map((person) =>
      h('p', { className: 'check' }, h('input', { type: 'checkbox', id: `new-group-${person.id}`, name: 'userId', value: person.id, checked: ticked.has(person.id) }), h('label', { for: `new-group-${person.id}` }, nameOf(person))),
    ),
  );
  el.newGroupNone.hidden = people.length > 0;
}

/** The ids ticked in "New group". */
export const newGroupChoice = (el: Elements): string[] => [...el.newGroupPeople.querySelectorAll<HTMLInputElement>('input:checked')].map((box) => box.value);
