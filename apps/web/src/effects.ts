/** Carries out what a change of state calls for: the views to draw again, the reads to make. */
import { setBlocked } from './actions/blocks.js';
import { readChannels } from './actions/channels.js';
import { chooseMention } from './actions/composer.js';
import { readReadStates } from './actions/read-states.js';
import { showTyping } from './actions/typing.js';
import { removeUpload } from './actions/uploads.js';
import * as conversations from './actions/conversations.js';
import * as messages from './actions/messages.js';
import { addServer, openServer, refreshMembers, removeMember } from './actions/servers.js';
import { readPins, setPinned } from './actions/pins.js';
import { startReply } from './actions/replies.js';
import { jumpTo } from './actions/window.js';
import { messageRevealed } from './model/blocks.js';
import { nameOf } from './model/people.js';
import type { Effect } from './model/state.js';
import type { Page } from './page.js';
import { announce, setStatus } from './views/feedback.js';
import { renderMe, renderMyStatus } from './views/session.js';
import { renderCompletion } from './views/completion.js';
import { renderUploads } from './views/uploads.js';
import type { Intents, ViewContext } from './views/intents.js';
import { insertMessages, removeMessageNode, renderEveryMessage, renderHistoryEdge, renderMessage } from './views/messages.js';
import { renderMembers } from './views/members.js';
import { renderPins } from './views/pins.js';
import { renderReplyBar } from './views/reply.js';
import { renderSearch } from './views/search.js';
import { renderChannelHeader, renderChannelOpened, renderChannels, renderServer, renderServers } from './views/servers.js';
import { renderConversation, renderConversations } from './views/conversations.js';

/** The controls' intents, answered by the page's actions (each shows its failure in words). */
function intentsFor(page: Page): Intents {
  return {
    openServer: (serverId) => void page.attempt('Opening the server', () => openServer(page, serverId)),
    openChannel: (channelId) => void page.attempt('Opening the channel', () => messages.openChannel(page, channelId)),
    openConversation: (id) => void page.attempt('Opening the conversation', () => conversations.openConversation(page, id)),
    messageMember: (userId) => void page.attempt('Messaging', () => conversations.messageMember(page, userId)),
    removeRecipient: (conversation, person) => {
      if (confirm(`Remove ${nameOf(person)} from the group?`)) void page.attempt('Removing from the group', () => conversations.removeRecipient(page, conversation.id, person.id));
    },
    removeMember: (server, member) => removeMember(page, server, member),
    setBlocked: (member, blocked) => setBlocked(page, member, blocked),
    revealMessage: (message) => page.apply(messageRevealed(page.state, message.id)),
    startEditing: (message) => messages.startEditing(page, message),
    stopEditing: (message) => messages.stopEditing(page, message),
    saveEdit: (message, content) => messages.saveEdit(page, message, content),
    deleteMessage: (message) => messages.deleteMessage(page, message),
    react: (message, emoji, add) => messages.react(page, message, emoji, add),
    reply: (message) => startReply(page, message),
    setPinned: (message, pinned) => void page.attempt(pinned ? 'Pinning' : 'Unpinning', () => setPinned(page, message, pinned)),
    jumpTo: (channelId, messageId) => void page.attempt('Opening the message', () => jumpTo(page, channelId, messageId)),
    chooseMention: (user) => chooseMention(page, user),
    removeUpload: (key) => removeUpload(page, key),
  };
}

export function runEffects(page: Page, effects: readonly Effect[]): void {
  const view: ViewContext = {
    el: page.el,
    get state() {
      return page.state;
    },
    intents: intentsFor(page),
  };
  for (const effect of effects) runEffect(page, view, effect);
}

function runEffect(page: Page, view: ViewContext, effect: Effect): void {
  switch (effect.kind) {
    case 'status':
      return setStatus(page.el, effect.text);
    case 'me':
      renderMyStatus(page.el, page.state.myStatus);
      return renderMe(page.el, page.state.me);
    case 'announce':
      return announce(page.el, effect.text);
    case 'servers':
      return renderServers(view);
    case 'server':
      renderServer(view);
      return renderSearch(view);
    case 'search':
      return renderSearch(view);
    case 'conversations':
      return renderConversations(view);
    case 'conversation':
      return renderConversation(view);
    case 'channels':
      return renderChannels(view);
    case 'members':
      return renderMembers(view);
    case 'channel':
      renderChannelOpened(view);
      renderReplyBar(view);
      renderPins(view);
      return showTyping(page, view);
    case 'reply':
      return renderReplyBar(view);
    case 'pins':
      return renderPins(view);
    case 'fetch-pins': {
      const { channelId } = effect;
      return page.soon.schedule(`pins ${channelId}`, () => void page.background('Listing pinned messages', () => readPins(page, channelId)));
    }
    case 'typing':
      return showTyping(page, view);
    case 'channel-header':
      return renderChannelHeader(view);
    case 'added':
      return insertMessages(view, effect.ids);
    case 'message':
      return renderMessage(view, effect.id);
    case 'removed':
      return removeMessageNode(view, effect.id);
    case 'every-message':
      return renderEveryMessage(view);
    case 'history-edge':
      return renderHistoryEdge(view);
    case 'completion':
      return renderCompletion(view);
    case 'uploads':
      return renderUploads(view);
    case 'mark-read':
      return page.marker.soon();
    case 'fetch-read-states':
      return page.soon.schedule('read-states', () => void page.background('Counting unread messages', () => readReadStates(page)));
    case 'fetch-server':
      return void page.attempt('Adding the server', () => addServer(page, effect.serverId));
    case 'fetch-members':
      return void page.attempt('Listing members', () => refreshMembers(page, effect.serverId));
    case 'fetch-members-soon': {
      const { serverId } = effect;
      return page.soon.schedule(`members ${serverId}`, () => void page.background('Listing members', () => refreshMembers(page, serverId)));
    }
    case 'fetch-channels': {
      const { serverId } = effect;
      return page.soon.schedule(`channels ${serverId}`, () => void page.background('Listing channels', () => readChannels(page, serverId)));
    }
    case 'open-channel':
      return void page.attempt('Opening the channel', () => messages.openChannel(page, effect.channelId));
    case 'open-conversation':
      return void page.attempt('Catching up', () => conversations.openConversation(page, effect.conversationId));
    case 'fetch-conversations':
      return page.soon.schedule('conversations', () => void page.background('Listing conversations', () => conversations.readConversations(page)));
    case 'open-server':
      return void page.attempt(effect.action, () => openServer(page, effect.serverId, effect.channelId));
  }
}
