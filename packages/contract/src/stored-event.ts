import { routeOf, type ChatEvent, type EventRoute, type Id } from '@chat/domain';
import { eventFromJson } from './event-json';

/** An encoded event read back, or null if this version cannot read it (a type a newer one added). */
export function readEvent(type: string, data: string): ChatEvent | null {
  try {
    return eventFromJson(type, JSON.parse(data));
  } catch {
    return null;
  }
}

/** A `LoggedEvent` read from the log's stored text; see `lazilyDecoded`. */
export interface StoredLoggedEvent {
  readonly position: number;
  readonly id: string;
  readonly route: EventRoute;
  readonly event: ChatEvent | null;
  /**
   * The stored text when it is `JSON.stringify(eventJson(event).d)` byte for byte, so a gateway
   * may put it in a frame as it is; null when it must be written again from `event`.
   */
  readonly wire: string | null;
}

/** What the log stores beside an event's type and text to route it (see `EventRoute`). */
export interface StoredRoute {
  readonly serverId: Id | null;
  readonly subjectId: Id | null;
  readonly channelId: Id | null;
}

/**
 * An encoded event as a `LoggedEvent` whose `event` is decoded when first read: a replica with no
 * socket to send it to never pays for decoding, and a gateway routes by `route`, which comes from
 * `stored` as it is. Without `stored` (a source that did not keep it), or with an empty one, the
 * route is read from the decoded event.
 */
export function lazilyDecoded(position: number, id: string, type: string, data: string, stored?: StoredRoute): StoredLoggedEvent {
  let decoded: ChatEvent | null | undefined;
  const event = () => (decoded === undefined ? (decoded = readEvent(type, data)) : decoded);
  // Every event has a server or a subject: a row with neither did not have its route stored (one
  // written by hand), and is routed from its content rather than sent to no one.
  const route: EventRoute | undefined =
    stored && (stored.serverId !== null || stored.subjectId !== null) ? { type, ...stored } : undefined;
  return {
    position,
    id,
    get route() {
      if (route) return route;
      const read = event();
      return read ? routeOf(read) : { type, serverId: null, subjectId: null, channelId: null };
    },
    get event() {
      return event();
    },
    wire: writtenByEventJson(data) ? data : null,
  };
}

/** The stored text of a logged event that has it in the wire form (see `StoredLoggedEvent.wire`), or null. */
export function wireOf(logged: { readonly event: ChatEvent | null }): string | null {
  return 'wire' in logged && typeof logged.wire === 'string' ? logged.wire : null;
}

/**
 * The log holds an event's data in one of two forms: `JSON.stringify(eventJson(event).d)` (the event
 * log adapter's and, since it was changed to, the send statement's), which is the wire form, or the
 * text of PostgreSQL's `json_build_object` (`message.created` rows that the send statement wrote
 * before: `"key" : value`, and `"nonce" : null`), which is not. They differ
 * from the first key on: `JSON.stringify` puts the colon right after it.
 */
function writtenByEventJson(data: string): boolean {
  if (!data.startsWith('{"')) return false;
  for (let at = 2; at < data.length; at += 1) {
    if (data[at] === '\\') at += 1;
    else if (data[at] === '"') return data[at + 1] === ':';
  }
  return false;
}
