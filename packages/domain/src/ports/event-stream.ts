import type { EncodedEvent } from '../events/encoded-event';
import type { Id } from '../ids';
import type { LoggedEvent } from './event-history';

/**
 * What a replica's sockets need of the live tail: the places they are in (the servers and
 * conversations they see, and their users). A stream that can leave the rest out reads less.
 */
export interface Interest {
  /** Moves on whenever the places change. */
  readonly version: number;
  places(): Iterable<Id>;
  /** Calls `listener` whenever a socket goes live (the places may have grown): an idle reader starts reading at once. */
  onLive?(listener: () => void): void;
}

/**
 * The log's live tail between replicas (the Redis Stream): what a relay pass placed, published once,
 * read by every replica's reader. A mirror, not the log: it may skip events (a publish that failed,
 * a restart), and a reader that sees positions jump reads the missing ones from `EventHistory`.
 */
export interface EventStream {
  /** Publishes one pass's events: consecutive positions, in order. Publishing the same ones twice is harmless. */
  publish(events: readonly EncodedEvent[]): Promise<void>;
  /**
   * Events after `position`, waiting up to `blockMs` for some; empty when none came. With an
   * `interest`, a stream may hand on an event no socket of it needs as a placeholder (its position,
   * a type no version knows, no data), and stops right after an event that may widen the interest.
   */
  read(position: number, blockMs: number, interest?: Interest): Promise<LoggedEvent[]>;
  /**
   * Whether the interest now holds places that the last `read` left out (it widened while that read
   * ran): then that read's events must not be handed on, but read again. Absent: a stream that never leaves anything out.
   */
  missed?(interest: Interest): boolean;
}

/** The reading half of the stream: what a replica's reader needs. */
export type LiveEvents = Pick<EventStream, 'read' | 'missed'>;
