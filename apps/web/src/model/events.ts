/** The gateway's events applied to the page's state, and the open channel's loading (pure, see `state.ts`). */
import { isBlocked } from './blocks.js';
import { readableText } from './mentions.js';
import { addMessages, contentChanged, reactionChanged, reactionCleared, removeMessage } from './messages.js';
import { channelChanged, channelDeleted } from './channels.js';
import { conversationActive, conversationChanged, conversationGone } from './conversations.js';
import { nameOf, userUpdated } from './people.js';
import { memberUpdated, roleChanged, roleDeleted } from './roles.js';
import { memberJoined, memberLeft, serverDeleted, serverUpdated } from './servers.js';
import { pinnedMessageGone, pinsPanelChanged, pinToggled } from './pins.js';
import { presenceUpdated } from './presence.js';
import { originalDeleted, originalEdited } from './replies.js';
import { typingEnded, typingStarted } from './typing.js';
import { countsMayChange, messageCounted, readMarked, readStatesGone } from './read-states.js';
import { chain, channelOf, step, unchanged, when, type ChatState, type Effect, type GatewayEvent, type Step } from './state.js';
import { windowOpened } from './window.js';

/** Shows a channel: empty, with its first page on the way (`loadStarted`). Unchanged when the open server has no such channel. */
export function channelOpened(state: ChatState, channelId: string): Step {
  if (!channelOf(state, channelId)) return unchanged(state);
  const next = windowOpened(state, channelId);
  // The server list sums its channels' marks, the open one's aside: it changes when the open channel had some, or this one has.
  const marksMoved = state.readStates.has(channelId) || state.readStates.has(state.channelId ?? '');
  return step(next, { kind: 'channel' }, { kind: 'channels' }, ...when(marksMoved, { kind: 'servers' }), ...when(state.completion !== undefined, { kind: 'completion' }));
}

export const loadStarted = (state: ChatState): Step => unchanged({ ...state, loads: state.loads + 1 });

/** A page fetch ended (landed, failed or dropped): when none is left, the events that waited apply, in order. */
export function loadEnded(state: ChatState): Step {
  const loads = state.loads - 1;
  if (loads > 0) return unchanged({ ...state, loads });
  const waiting = state.waiting;
  return chain({ ...state, loads, waiting: [] }, ...waiting.map((event) => (current: ChatState) => replay(current, event)));
}

/** An event that waited for a page: what it does to the list only (the rest, such as its counts, was done when it came). */
const replay = (state: ChatState, event: GatewayEvent): Step => (event.type === 'message.created' ? messageCreated(state, event) : applyEvent(state, event));

/** A step, with more effects after its own. */
const also = ({ state, effects }: Step, more: readonly Effect[]): Step => step(state, ...effects, ...more);

/**
 * Applies a channel event now, or once the pages being fetched have landed: an edit, a delete or a
 * reaction that arrives while its message's page is on the way would otherwise be overwritten by
 * that older page. Events carry absolute state (counts, contents), so applying them after is exact.
 */
function whenLoaded(state: ChatState, event: GatewayEvent, channelId: string, apply: () => Step): Step {
  if (channelId !== state.channelId) return unchanged(state);
  if (state.loads > 0) return unchanged({ ...state, waiting: [...state.waiting, event] });
  return apply();
}

export function applyEvent(state: ChatState, event: GatewayEvent): Step {
  switch (event.type) {
    case 'message.created':
      // A conversation's message (no server): the conversation moves to the top of its list too.
      return chain(
        state,
        (current) => (event.data.serverId === undefined ? conversationActive(current, event.data) : unchanged(current)),
        (current) => messageCounted(current, event.data),
        // Their message ends their typing.
        (current) => typingEnded(current, event.data.channelId, event.data.author.id),
        (current) => messageCreated(current, event),
      );
    case 'message.updated': {
      const edited = event.data;
      // The replies quoting it show its new start too.
      const apply = () => chain(state, (current) => contentChanged(current, edited), (current) => originalEdited(current, edited));
      return also(whenLoaded(state, event, edited.channelId, apply), countsMayChange(state, edited.channelId));
    }
    case 'message.deleted': {
      const { id, channelId } = event.data;
      // Its replies' quotes say it was deleted; a pinned one leaves the pins panel at once.
      const apply = (current: ChatState) => whenLoaded(current, event, channelId, () => chain(current, (now) => removeMessage(now, id), (now) => originalDeleted(now, id)));
      return also(chain(state, (current) => pinnedMessageGone(current, channelId, id), apply), countsMayChange(state, channelId));
    }
    case 'message.pinned':
    case 'message.unpinned': {
      const pinned = event.type === 'message.pinned';
      const { channelId, messageId } = event.data;
      return chain(
        state,
        (current) => pinsPanelChanged(current, event.data, pinned),
        (current) => whenLoaded(current, event, channelId, () => pinToggled(current, messageId, pinned)),
      );
    }
    case 'read_state.updated':
      return readMarked(state, event.data);
    case 'reaction.added':
      return whenLoaded(state, event, event.data.channelId, () => reactionChanged(state, true, event.data));
    case 'reaction.removed':
      return whenLoaded(state, event, event.data.channelId, () => reactionChanged(state, false, event.data));
    case 'reaction.cleared':
      return whenLoaded(state, event, event.data.channelId, () => reactionCleared(state, event.data));
    case 'server.deleted':
      return serverDeleted(readStatesGone(state, ({ serverId }) => serverId === event.data.serverId), event.data);
    case 'server.updated':
      return serverUpdated(state, event.data);
    case 'member.joined':
      return memberJoined(state, event.data);
    case 'member.left': {
      const { serverId, userId } = event.data;
      return memberLeft(userId === state.me?.id ? readStatesGone(state, (read) => read.serverId === serverId) : state, event.data);
    }
    case 'member.updated':
      return memberUpdated(state, event.data);
    case 'role.created':
    case 'role.updated':
      return roleChanged(state, event.data);
    case 'role.deleted':
      return roleDeleted(state, event.data);
    case 'channel.created':
    case 'channel.updated':
      return 'recipients' in event.data ? conversationChanged(state, event.data) : channelChanged(state, event.data);
    case 'channel.deleted': {
      const { id, serverId } = event.data;
      return serverId === undefined ? conversationGone(state, id) : channelDeleted(readStatesGone(state, ({ channelId }) => channelId === id), { id, serverId });
    }
    case 'user.updated':
      return userUpdated(state, event.data);
    case 'typing.started':
      return typingStarted(state, event.data);
    case 'presence.updated':
      return presenceUpdated(state, event.data);
    default:
      // An event type newer than this page: nothing it shows changes.
      return unchanged(state);
  }
}

function messageCreated(state: ChatState, event: Extract<GatewayEvent, { type: 'message.created' }>): Step {
  const message = event.data;
  return whenLoaded(state, event, message.channelId, () => {
    // An older stretch shows: the message is read with the newer pages, not put after a gap.
    if (!state.reachedEnd) return unchanged(state);
    const added = addMessages(state, [message]);
    // Said once to screen readers (the list itself is not a live region); a blocked user's, folded, is not read out.
    const text = isBlocked(state, message.author.id) ? 'Message from a blocked user' : announcement(`${nameOf(message.author)}: ${readableText(state, message)}`);
    return step(added.state, ...added.effects, ...when(message.author.id !== state.me?.id, { kind: 'announce', text }));
  });
}

/** At most 200 characters, for a screen reader to say. */
export const announcement = (text: string): string => (text.length > 200 ? `${text.slice(0, 200)}…` : text);
