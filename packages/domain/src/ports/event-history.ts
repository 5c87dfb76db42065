import type { Channel } from '../entities/channel';
import type { ConversationView } from '../entities/conversation';
import type { ReadState } from '../entities/read-state';
import type { Server } from '../entities/server';
import type { Actor } from '../entities/session';
import type { UserSummary } from '../entities/user';
import type { ChatEvent } from '../events/chat-event';
import type { Id } from '../ids';

/**
 * Who an event goes to, as the log stores it beside the event's data (`routeOf` of the event, taken
 * when it was written): enough to route it without reading the data.
 */
export interface EventRoute {
  readonly type: string;
  /** The server whose members get it; null for one about a user's sessions only. */
  readonly serverId: Id | null;
  /**
   * The user a membership or session event is about, or the one member a channel's sight changed
   * for (then the event goes to them alone, see `isPersonal`); null for the others.
   */
  readonly subjectId: Id | null;
  /** The channel the event belongs to: only those who can see it get it. Null for the others. */
  readonly channelId: Id | null;
}

/**
 * An event at its place in the log: positions increase by one along the log, with no gaps. `event`
 * is null for one this version cannot read (written by a newer version): it keeps its place, and no
 * client is sent it. Reading `event` may decode the stored text: a gateway routes by `route`, and
 * reads `event` only when the content decides (a revocation: which session).
 */
export interface LoggedEvent {
  readonly position: number;
  /** The event's own id, given when it was written (before it had a position). */
  readonly id: string;
  readonly route: EventRoute;
  readonly event: ChatEvent | null;
}

export interface ServerWithChannels {
  readonly server: Server;
  /** Oldest first. */
  readonly channels: readonly Channel[];
}

/** What a gateway connection starts from, read at one moment. */
export interface GatewaySnapshot {
  /** Names this log: positions of another log (a database restored or replaced) mean nothing here. */
  readonly logId: string;
  /** The newest position placed; everything at or before it is reflected in the snapshot. */
  readonly head: number;
  /** Events after this position can still be read; older ones were pruned. */
  readonly oldest: number;
  readonly user: UserSummary;
  readonly servers: readonly ServerWithChannels[];
  /** The user's direct conversations, the most recently active first, at most `READY_PRIVATE_CHANNELS`. */
  readonly privateChannels: readonly ConversationView[];
  /** Every direct conversation of the user (their events go to them as a server's go to its members). */
  readonly conversationIds: ReadonlySet<Id>;
  /**
   * The user's servers whose latest join is after `from` (or not yet placed in the log), and their
   * conversations whose latest `conversation.opened` for them is.
   */
  readonly joinedAfter: ReadonlySet<Id>;
  /**
   * The channels of the user's servers they cannot see (channel id → server id); `servers` leaves
   * them out.
   */
  readonly hidden: ReadonlyMap<Id, Id>;
  /**
   * Channels they see whose latest coming into sight (`channel.created` for them alone) is after
   * `from` or not yet placed (channel id → server id).
   */
  readonly shownAfter: ReadonlyMap<Id, Id>;
  /**
   * Events of the user's servers, or about the user, that committed before the snapshot but had no
   * position yet: they will be placed after `head`, yet the snapshot already reflects them (ids,
   * see `LoggedEvent.id`).
   */
  readonly unplaced: ReadonlySet<string>;
  /** `ReadStateRepository.list` of the user, at the same moment: where they have something unread. */
  readonly readStates: readonly ReadState[];
}

/** The durable event log, read in order by any replica. */
export interface EventHistory {
  /** Events after `position`, in order, at most `limit`. */
  after(position: number, limit: number): Promise<LoggedEvent[]>;
  /**
   * The user's state and the log's bounds, at one moment; null if the actor's session is not live
   * at that moment (logged out, or the user gone), so a revocation placed before the snapshot's
   * head cannot slip past a connection that starts from it.
   */
  snapshot(actor: Actor, from: number | null): Promise<GatewaySnapshot | null>;
}
