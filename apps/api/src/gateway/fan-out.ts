import { isLoggedEventType, signalFrame } from '@chat/contract';
import { hears, hearsInPlace, isPersonal, isSpread, serversHearing, signalPlaces, type Id, type Interest, type LoggedEvent, type Signal } from '@chat/domain';
import type { Logger } from 'pino';
import type { Connection } from './connection';
import type { Delivery } from './delivery';
import { SharedFrame } from './shared-frame';

/** Signals held at most for one connection while it opens its session. */
const HELD_SIGNALS = 1_000;

/**
 * The live connections of this replica, indexed by the servers they see and by their user, and
 * the events of the log handed to them: every event once, in log order, from this replica's reader.
 * Signals (typing, presence) go by the same index, live only. Its places (the servers and
 * conversations in the index, and its users) are the replica's `Interest`: what its reader must read.
 */
export class FanOut implements Interest {
  /** Moves on whenever a connection comes into the index or goes out of a place in it. */
  version = 0;
  private readonly byServer = new Map<Id, Set<Connection>>();
  /** Most users hold one socket: the index keeps that socket itself, and a set only for several. */
  private readonly byUser = new Map<Id, Connection | Set<Connection>>();
  /** Connections opening a session: the few that hold signals (see `expect`). */
  private readonly syncing = new Set<Connection>();
  /** Told when a connection goes live (see `onLive`). */
  private readonly liveListeners: (() => void)[] = [];

  /** `moved`: told when a live connection comes into a server's (or conversation's) index, or goes out of it. */
  constructor(
    private readonly delivery: Delivery,
    private readonly logger: Logger,
    private readonly moved: (connection: Connection, placeId: Id, hears: boolean) => void = () => {},
  ) {}

  /** The servers and conversations the live connections see, and their users: where the events they need are. */
  *places(): Iterable<Id> {
    yield* this.byServer.keys();
    yield* this.byUser.keys();
  }

  /** Calls `listener` whenever a connection goes live: the reader of a replica without sockets reads again at once. */
  onLive(listener: () => void): void {
    this.liveListeners.push(listener);
  }

  /** A caught-up connection goes live: from here on `deliver` reaches it; the signals held for it go first. */
  join(connection: Connection): void {
    this.syncing.delete(connection);
    const audience = connection.audience;
    if (!audience || !connection.goLive()) return;
    this.version += 1;
    const mine = this.byUser.get(audience.userId);
    if (mine === undefined) this.byUser.set(audience.userId, connection);
    else if (mine instanceof Set) mine.add(connection);
    else this.byUser.set(audience.userId, new Set([mine, connection]));
    for (const serverId of audience.servers()) this.index(connection, serverId);
    const held = connection.held ?? [];
    connection.held = undefined;
    for (const frame of held) this.delivery.signal(connection, frame);
    for (const listener of this.liveListeners) listener();
  }

  deliver(events: readonly LoggedEvent[]): void {
    // Nobody live here to tell: leave the events undecoded.
    if (this.byUser.size === 0) return;
    const each = () => {
      for (const logged of events) {
        try {
          this.deliverOne(logged);
        } catch (error) {
          // One event that cannot be sent (a bug, bad data) must not cost the rest of the batch.
          this.logger.error({ err: error, position: logged.position }, 'could not deliver an event');
        }
      }
    };
    // Several events: each socket's frames of them go out in one write (one event gives a socket one frame).
    if (events.length > 1) this.delivery.batch(each);
    else each();
  }

  /**
   * A connection opening its session (identify or resume): signals it hears from now on are held
   * for it, and sent once it goes live, so none falls between what it starts from and the live stream.
   */
  expect(connection: Connection): void {
    connection.held = undefined;
    this.syncing.add(connection);
  }

  /**
   * A signal, to the live connections that hear it (one in several of its places once): one frame
   * for all, written (and encoded, once) only if one does. Work in proportion to the connections of its places.
   */
  signal(signal: Signal): void {
    const places = signalPlaces(signal);
    let frame: SharedFrame | undefined;
    const text = () => (frame ??= new SharedFrame(signalFrame(signal)));
    const offered = places.length > 1 ? new Set<Connection>() : undefined;
    for (const place of places) {
      for (const connection of this.byServer.get(place) ?? []) {
        if (offered?.has(connection)) continue;
        offered?.add(connection);
        // In the index of a place it sees: only who it is and which channels it sees are left to judge.
        if (connection.audience && hearsInPlace(connection.audience, signal)) this.delivery.signal(connection, text());
      }
    }
    for (const connection of this.syncing) this.hold(connection, signal, text);
  }

  forget(connection: Connection): void {
    this.version += 1;
    this.syncing.delete(connection);
    connection.held = undefined;
    const userId = connection.audience?.userId;
    const mine = userId === undefined ? undefined : this.byUser.get(userId);
    if (userId !== undefined && mine === connection) this.byUser.delete(userId);
    if (userId !== undefined && mine instanceof Set) {
      mine.delete(connection);
      const [last, ...more] = mine;
      if (last && more.length === 0) this.byUser.set(userId, last);
    }
    for (const serverId of connection.indexed) removeFrom(this.byServer, serverId, connection);
    connection.indexed.length = 0;
  }

  /**
   * Routed by the event's stored route, never by its content: a message sent to a thousand sockets
   * is not decoded at all (its stored text goes into the frame as it is).
   */
  private deliverOne(logged: LoggedEvent): void {
    const { type, serverId, subjectId } = logged.route;
    // A newer version's type: this version sends it to no one.
    if (!isLoggedEventType(type)) return;
    const subjects = subjectId === null ? undefined : this.byUser.get(subjectId);
    let frame: SharedFrame | null | undefined;
    const frameOnce = () => (frame === undefined ? (frame = this.delivery.sharedFrameOf(logged)) : frame);
    if (isSpread(logged.route)) return this.spread(logged, subjects, frameOnce);
    // One member's sight of a channel changed: theirs alone, not offered to the server's others.
    if (serverId !== null && !isPersonal(logged.route)) {
      const connections = this.byServer.get(serverId);
      for (const connection of connections ?? []) {
        if (subjects !== connection && !(subjects instanceof Set && subjects.has(connection))) this.delivery.offer(connection, logged, frameOnce);
      }
      // Every member's leave at once, with no one as its subject: each goes out of the place (presence, the reader's interest).
      if (type === 'server.deleted' && connections) for (const connection of [...connections]) this.index(connection, serverId);
    }
    // The user the event is about: a join opens the server for them, a leave shuts it after it.
    for (const connection of subjects instanceof Set ? subjects : subjects ? [subjects] : []) {
      this.delivery.offer(connection, logged, frameOnce);
      if (serverId !== null) this.index(connection, serverId);
    }
  }

  /**
   * A user's change, logged once for all their servers: offered once to each connection in any of
   * them (a co-member of several is offered it once), and to the user's own. Its servers are in its
   * data, so it is decoded (once, for every connection).
   */
  private spread(logged: LoggedEvent, subjects: Connection | Set<Connection> | undefined, frame: () => SharedFrame | null): void {
    const offered = new Set<Connection>(subjects instanceof Set ? subjects : subjects ? [subjects] : []);
    for (const serverId of logged.event ? serversHearing(logged.event) : []) {
      for (const connection of this.byServer.get(serverId) ?? []) offered.add(connection);
    }
    for (const connection of offered) this.delivery.offer(connection, logged, frame);
  }

  /** Holds a signal for a connection opening its session, if it hears it (one that stopped opening is let go). */
  private hold(connection: Connection, signal: Signal, text: () => SharedFrame): void {
    if (connection.state !== 'syncing') return void this.syncing.delete(connection);
    if (!connection.audience || !hears(connection.audience, signal)) return;
    const held = (connection.held ??= []);
    // A bound on what one opening holds: past it signals are lost to it, as any may be.
    if (held.length < HELD_SIGNALS) held.push(text());
  }

  /** After a membership event about the connection's user: in the server's index exactly while it sees it. */
  private index(connection: Connection, serverId: Id): void {
    if (connection.state === 'live' && connection.audience?.sees(serverId)) {
      // The places move (and with them a cluster reader's shards) only when a server comes into the index or leaves it.
      if (addTo(this.byServer, serverId, connection)) this.version += 1;
      if (connection.indexed.includes(serverId)) return;
      connection.indexed.push(serverId);
      this.moved(connection, serverId, true);
    } else {
      if (removeFrom(this.byServer, serverId, connection)) this.version += 1;
      const at = connection.indexed.indexOf(serverId);
      if (at < 0) return;
      connection.indexed.splice(at, 1);
      this.moved(connection, serverId, false);
    }
  }
}

/** Adds `value` under `key`; true when the key is new to the map. */
function addTo<K, V>(map: Map<K, Set<V>>, key: K, value: V): boolean {
  const set = map.get(key);
  if (set) {
    set.add(value);
    return false;
  }
  map.set(key, new Set([value]));
  return true;
}

/** Removes `value` from under `key`; true when that left the key out of the map. */
function removeFrom<K, V>(map: Map<K, Set<V>>, key: K, value: V): boolean {
  const set = map.get(key);
  if (!set) return false;
  set.delete(value);
  if (set.size > 0) return false;
  map.delete(key);
  return true;
}
