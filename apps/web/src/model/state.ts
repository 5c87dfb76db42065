/**
 * What the chat page knows, as plain data: pure, no DOM, no fetch (unit-tested in Node). A reducer
 * takes the state and what happened, and returns the next state with the effects that follow: the
 * parts of the page to draw again, and the few reads it must make. Only `page.ts` keeps the current
 * state; the views draw from it.
 */
import type { Attachment, components, GatewayEvents, Member, Message, Server } from '@chat/client';

/** Who is looking. The page logs in with a password, which only people have; bots use the API. */
export interface Viewer {
  readonly id: string;
  readonly bot: boolean;
}

/** A channel as `GET /api/servers/:id/channels` lists it: with this viewer's permissions in it. */
export type ListedChannel = components['schemas']['ChannelWithPermissions'];
export type Role = components['schemas']['Role'];
/** A direct conversation (one-to-one `dm`, or a `group`), as REST and the gateway give it: its recipients include the viewer. */
export type Conversation = components['schemas']['Conversation'];

/** Where this person has something unread, as the API counts it (README "Read states"). */
export type ReadState = components['schemas']['ReadState'];

/** The message a reply answers, as messages carry it (`replyTo`): its author and start, or only that it was deleted since. */
export type ReplyPreview = components['schemas']['ReplyPreview'];

/** A person as every list names them: `displayName` is shown instead of the username where set (`model/people.ts`). */
export type UserSummary = components['schemas']['UserSummary'];

/** The signed-in person, kept up to date by their own `user.updated` (a change in this tab or another). */
export type Me = UserSummary;

/**
 * A server as the page knows it. Its channels come from REST only, each with the viewer's
 * permissions there (`ready` and the gateway's channel events carry none, and may name channels the
 * viewer cannot see): they are read whenever the server is opened, and again after an event that may
 * change them (`fetch-channels`).
 */
export interface ServerState extends Server {
  readonly channels: readonly ListedChannel[];
  /** Reads of the channel list started, each numbered by this count when it starts (`channelsReading`). */
  readonly channelReads: number;
  /** The number of the read whose answer is shown: an answer older than it is dropped (`channelsLoaded`). */
  readonly channelsShown: number;
  /** Read when the server is opened; unknown before. */
  readonly members?: readonly Member[];
  /** Read when the server is opened (by position, `@everyone` first), then kept by the gateway's role events; unknown before. */
  readonly roles?: readonly Role[];
}

/** The names being completed in the composer (`model/completion.ts`): the `@word` that ends at the caret, the people it offers, and the one the arrow keys picked. */
export interface Completion {
  /** Where the `@` is in the composer's text. */
  readonly start: number;
  /** The caret: the end of what a choice replaces. */
  readonly end: number;
  readonly options: readonly UserSummary[];
  readonly active: number;
}

/** A file being attached in the composer (`model/uploads.ts`). */
export interface Upload {
  /** The page's own name for it, before the API gives an id. */
  readonly key: string;
  readonly channelId: string;
  readonly filename: string;
  readonly size: number;
  /** Bytes sent so far. */
  readonly sent: number;
  /** Once uploaded. */
  readonly attachment?: Attachment;
  /** Why it failed, in words. */
  readonly problem?: string;
}

/** What someone shows: `offline` with no socket anywhere, or invisible. */
export type Presence = 'online' | 'idle' | 'dnd' | 'offline';
/** What a person may choose to show: `invisible` shows them offline. */
export type ChosenStatus = 'online' | 'idle' | 'dnd' | 'invisible';

/** A gateway event the page applies, by its type, with the SDK's payload. */
export type GatewayEvent = { [K in keyof GatewayEvents]: { readonly type: K; readonly data: GatewayEvents[K] } }[keyof GatewayEvents];

export interface ChatState {
  readonly me?: Me;
  /** In the order the gateway or the person added them. */
  readonly servers: ReadonlyMap<string, ServerState>;
  readonly serverId?: string;
  /** The open channel: one of the open server's, or (no server open) a direct conversation. */
  readonly channelId?: string;
  /** This person's direct conversations, the most recently active first (`model/conversations.ts`). */
  readonly conversations: readonly Conversation[];
  /** Channels and conversations with something unread, by id (`model/read-states.ts`); one all read is not in it. */
  readonly readStates: ReadonlyMap<string, ReadState>;
  /** Where the open channel's "New messages" line goes: after this message (`'0'`: above all), or, never marked, above the last `count` of others' messages. */
  readonly newSince?: { readonly channelId: string; readonly after: string | null; readonly count: number };
  /** The open channel's loaded messages, oldest first. */
  readonly messages: readonly Message[];
  readonly reachedStart: boolean;
  readonly loadingOlder: boolean;
  /**
   * The channel's newest message is loaded, so live messages join the list. False while an older
   * stretch shows (a jump to a search hit, `model/window.ts`): a live message is not put there,
   * the newer pages are read as the person scrolls down (`after`), or all at once by "Jump to present".
   */
  readonly reachedEnd: boolean;
  readonly loadingNewer: boolean;
  /** The message jumped to (a search hit): marked until the channel is opened again. */
  readonly highlighted?: string;
  /** The last search of a server and its hits (`model/search.ts`); shown while that server is open. */
  readonly search?: SearchState;
  /** The message whose edit form is open. */
  readonly editing?: string;
  /** Bumped on every channel opened: a page that comes back for an earlier opening is dropped. */
  readonly opening: number;
  /** Pages of the open channel being fetched: until they land, its events wait (see `whenLoaded` in `events.ts`). */
  readonly loads: number;
  readonly waiting: readonly GatewayEvent[];
  /** The ids of the users this person blocks: read at sign-in, then changed by this page's Block and Unblock (another tab's are seen at the next sign-in). */
  readonly blocked: ReadonlySet<string>;
  /** Messages of blocked users that the person chose to see. */
  readonly revealed: ReadonlySet<string>;
  /** Who is typing where: by channel, each typist's user id and when to stop showing it (ms since the epoch), in the order they began (`model/typing.ts`). */
  readonly typing: ReadonlyMap<string, ReadonlyMap<string, number>>;
  /** What others show, by user id: online, idle or dnd (anyone not in it is offline), as `ready` and `presence.updated` say (`model/presence.ts`). */
  readonly presences: ReadonlyMap<string, Presence>;
  /** What this person chose to show (online until they choose). */
  readonly myStatus: ChosenStatus;
  /** The message the composer answers (`model/replies.ts`): the bar above the composer shows it until sent or cancelled. */
  readonly replying?: Replying;
  /** The open channel's pins panel (`model/pins.ts`): open while set. */
  readonly pins?: PinsState;
  /** The people offered for the `@word` being typed in the composer (`model/completion.ts`); none when no list is open. */
  readonly completion?: Completion;
  /** Files being attached in the composer, each with the channel it was chosen in (`model/uploads.ts`). */
  readonly uploads: readonly Upload[];
}

/** A search of a server's messages, newest hits first, as `GET /api/servers/:id/messages/search` gives them. */
export interface SearchState {
  readonly serverId: string;
  readonly query: string;
  readonly messages: readonly Message[];
  readonly hasMore: boolean;
}

/** A reply being written: to which message of which channel, whose, and whether it mentions them (the API's default: it does). */
export interface Replying {
  readonly channelId: string;
  readonly messageId: string;
  readonly author: UserSummary;
  readonly mentionAuthor: boolean;
}

/** The pinned messages of a channel, most recently pinned first, as `GET /api/channels/:id/pins` lists them (`loaded` once read). */
export interface PinsState {
  readonly channelId: string;
  readonly messages: readonly Message[];
  readonly loaded: boolean;
}

/** What follows a change: a part of the page to draw again, something to say, or a read to make. */
export type Effect =
  | { readonly kind: 'status'; readonly text: string }
  /** The signed-in person's name in the header, and their account form. */
  | { readonly kind: 'me' }
  | { readonly kind: 'announce'; readonly text: string }
  /** The server list. */
  | { readonly kind: 'servers' }
  /** The list of direct conversations. */
  | { readonly kind: 'conversations' }
  /** The open conversation's panel: its title, people and group controls (hidden when none is open). */
  | { readonly kind: 'conversation' }
  /** The open server's panel: title, controls, channels and members (hidden when none is open). */
  | { readonly kind: 'server' }
  | { readonly kind: 'channels' }
  | { readonly kind: 'members' }
  /** A channel was opened (its panel, empty until its first page lands), or closed (the panel hidden). */
  | { readonly kind: 'channel' }
  /** The open channel's title and composer (renamed, or its permissions changed). */
  | { readonly kind: 'channel-header' }
  /** Messages newly in the list (the history's edge is drawn again too). */
  | { readonly kind: 'added'; readonly ids: readonly string[] }
  | { readonly kind: 'message'; readonly id: string }
  | { readonly kind: 'removed'; readonly id: string }
  /** Who may delete or react to what changed (the open channel's permissions). */
  | { readonly kind: 'every-message' }
  | { readonly kind: 'history-edge' }
  /** The search's results (or none shown). */
  | { readonly kind: 'search' }
  /** The line that says who is typing in the open channel. */
  | { readonly kind: 'typing' }
  /** Mark the open channel read up to its newest message, soon, if it is in view (`actions/read-states.ts`). */
  | { readonly kind: 'mark-read' }
  /** Read the read states again, soon (`GET /api/users/@me/read-states`): a burst of events makes one read. */
  | { readonly kind: 'fetch-read-states' }
  /** The "Replying to" bar above the composer. */
  | { readonly kind: 'reply' }
  /** The pins panel (opened, closed, its list changed). */
  | { readonly kind: 'pins' }
  /** Read the channel's pinned messages (again), soon: a burst of pins makes one read. */
  | { readonly kind: 'fetch-pins'; readonly channelId: string }
  /** The composer's list of people to mention (opened, moved, closed). */
  | { readonly kind: 'completion' }
  /** The files being attached, as chips above the composer. */
  | { readonly kind: 'uploads' }
  | { readonly kind: 'fetch-server'; readonly serverId: string }
  | { readonly kind: 'fetch-members'; readonly serverId: string }
  /** Read the member list again, with what each shows, soon: a burst of arrivals makes one read. */
  | { readonly kind: 'fetch-members-soon'; readonly serverId: string }
  /** Read the server's channels again, soon: a burst of events makes one read. */
  | { readonly kind: 'fetch-channels'; readonly serverId: string }
  | { readonly kind: 'open-channel'; readonly channelId: string }
  | { readonly kind: 'open-conversation'; readonly conversationId: string }
  /** Read the first page of conversations again (a message came in one the page does not know). */
  | { readonly kind: 'fetch-conversations' }
  | { readonly kind: 'open-server'; readonly serverId: string; readonly channelId?: string; readonly action: string };

export interface Step {
  readonly state: ChatState;
  readonly effects: readonly Effect[];
}

export const signedOut: ChatState = {
  servers: new Map(),
  conversations: [],
  readStates: new Map(),
  messages: [],
  reachedStart: false,
  loadingOlder: false,
  reachedEnd: true,
  loadingNewer: false,
  opening: 0,
  loads: 0,
  waiting: [],
  blocked: new Set(),
  revealed: new Set(),
  typing: new Map(),
  presences: new Map(),
  myStatus: 'online',
  uploads: [],
};

export const signedIn = (state: ChatState, me: Me): ChatState => ({ ...state, me });

/** Nothing of the last person's view stays; the counts of fetches still on their way do, so they end where they began. */
export const sessionEnded = (state: ChatState): ChatState => ({ ...signedOut, opening: state.opening, loads: state.loads });

export const step = (state: ChatState, ...effects: Effect[]): Step => ({ state, effects });

export const unchanged = (state: ChatState): Step => step(state);

/** Runs reducers one after the other, keeping every effect in order. */
export function chain(state: ChatState, ...reducers: ((state: ChatState) => Step)[]): Step {
  let current = state;
  const effects: Effect[] = [];
  for (const reduce of reducers) {
    const next = reduce(current);
    current = next.state;
    effects.push(...next.effects);
  }
  return { state: current, effects };
}

export const openServerOf = (state: ChatState): ServerState | undefined => (state.serverId ? state.servers.get(state.serverId) : undefined);

/** A channel of the open server. */
export const channelOf = (state: ChatState, channelId: string | undefined): ListedChannel | undefined => openServerOf(state)?.channels.find(({ id }) => id === channelId);

/** A direct conversation this person is in. */
export const conversationOf = (state: ChatState, id: string | undefined): Conversation | undefined => state.conversations.find((conversation) => conversation.id === id);

/** The open conversation: no server is open, and the open channel is a conversation. */
export const openConversationOf = (state: ChatState): Conversation | undefined => (state.serverId === undefined ? conversationOf(state, state.channelId) : undefined);

export const messageOf = (state: ChatState, messageId: string): Message | undefined => state.messages.find(({ id }) => id === messageId);

/** The state with one server replaced (kept in its place in the list). */
export function withServer(state: ChatState, server: ServerState): ChatState {
  return { ...state, servers: new Map(state.servers).set(server.id, server) };
}

/** One effect, or none. */
export const when = (condition: boolean, effect: Effect): Effect[] => (condition ? [effect] : []);

/** The effects for a server that changed: `kind` only when it is the open one. */
export const ifOpen = (state: ChatState, serverId: string, kind: 'server' | 'channels' | 'members'): Effect[] => when(serverId === state.serverId, { kind });

/** The open server's channels are read again; another server's are read when it is opened. */
export const refetchIfOpen = (state: ChatState, serverId: string): Effect[] => when(serverId === state.serverId, { kind: 'fetch-channels', serverId });

/** Only people log in with a password: a page's viewer is never a bot. */
export const viewerOf = (state: ChatState): Viewer | undefined => (state.me ? { id: state.me.id, bot: false } : undefined);
