/**
 * An event as the log stores it: its type and its data as JSON text (the wire contract's form, which
 * the domain never reads). Relays and buses pass it on as it is, so an event of a newer version (a
 * rolling deploy) travels intact through older replicas.
 */
export interface EncodedEvent {
  readonly position: number;
  readonly id: string;
  readonly type: string;
  readonly data: string;
}
