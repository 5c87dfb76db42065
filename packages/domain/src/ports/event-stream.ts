import type { EncodedEvent } from '../events/encoded-event';
import type { LoggedEvent } from './event-history';

/**
 * The log's live tail between replicas (the Redis Stream): what a relay pass placed, published once,
 * read by every replica's reader. A mirror, not the log: it may skip events (a publish that failed,
 * a restart), and a reader that sees positions jump reads the missing ones from `EventHistory`.
 */
export interface EventStream {
  /** Publishes one pass's events: consecutive positions, in order. Publishing the same ones twice is harmless. */
  publish(events: readonly EncodedEvent[]): Promise<void>;
  /** Events after `position`, waiting up to `blockMs` for some; empty when none came. */
  read(position: number, blockMs: number): Promise<LoggedEvent[]>;
}

/** The reading half of the stream: what a replica's reader needs. */
export type LiveEvents = Pick<EventStream, 'read'>;
