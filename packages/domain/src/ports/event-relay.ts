import type { EncodedEvent } from '../events/encoded-event';

/** What one relay pass did. */
export interface Placement {
  /** Whether this replica held the relay for the pass (false: another one did; try again soon). */
  readonly held: boolean;
  /** The events this pass placed, in order, as stored. */
  readonly placed: readonly EncodedEvent[];
  /** The log's newest position after the pass. */
  readonly head: number;
  /** Unplaced events remain: a batch was full, or a transaction that wrote one is still open. */
  readonly pending: boolean;
}

/**
 * The log's outbox side: committed events get their positions here, one relay at a time across
 * replicas, and the oldest are dropped under the retention rule. Not a use case's port: the event
 * pipeline drives it.
 */
export interface EventRelay {
  /** One pass: places what committed since the last one (up to a batch). */
  place(): Promise<Placement>;
  /**
   * Drops the oldest events while they are both beyond the newest `keepCount` and older than
   * `keepSince`; always a prefix of the log. Returns how many went.
   */
  prune(keepCount: number, keepSince: Date): Promise<number>;
  /** The log's name (part of every cursor) and newest position. */
  head(): Promise<{ readonly logId: string; readonly head: number }>;
}
