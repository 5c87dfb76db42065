import type { EventRoute } from '../ports/event-history';

/**
 * An event as the log stores it: its data as JSON text (the wire contract's form, which the domain
 * never reads) beside its route (type, server, subject). Relays and buses pass it on as it is, so an
 * event of a newer version (a rolling deploy) travels intact through older replicas, and a gateway
 * routes it without decoding it.
 */
export interface EncodedEvent extends EventRoute {
  readonly position: number;
  readonly id: string;
  readonly data: string;
}
