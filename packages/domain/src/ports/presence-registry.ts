import type { ChosenStatus, Presence } from '../entities/presence';
import type { Id } from '../ids';

/** This replica's record was removed (its heartbeat ran out): it must `enter` again with every socket it holds. */
export type Lost = 'lost';

/** One user's identified sockets on one replica, the places (servers, conversations) they hear in there, and what they last chose there. */
export interface HeldSockets {
  readonly count: number;
  readonly places: readonly Id[];
  /**
   * The status the user last chose on this replica (at identify or later), if they chose. `enter`
   * takes it when the registry holds no choice of theirs: a reap forgot it with their last socket.
   * A choice still held (made through another replica that holds them too) stands.
   */
  readonly chosen?: ChosenStatus;
}

/**
 * Who holds identified gateway sockets, on which replica, and what each user chose to show: shared
 * by every replica (Redis), never kept by one alone. A user with a socket on any replica shows what
 * they chose (`online` unless they chose), `offline` once their last socket is gone, or the replica
 * that held it stopped beating. Each change answers the users whose shown status it changed, and
 * to what: every change is answered once, to the one who made it (a dead replica's, to the first
 * who reaped it), so each is told once.
 *
 * It also keeps, for each place (a server, a conversation), who with a socket hears in it, as their
 * connections tell: added by `connect`, `enter` and `joinPlace`, removed by `leavePlace` and with
 * the user's last socket (closed or reaped). So `presentIn` reads a place's present users without
 * its member list, at a cost in proportion to those connected, not to its members.
 */
export interface PresenceRegistry {
  /** The replica's record becomes `sockets` (by user, with what each chose there where the registry holds no choice), its heartbeat good for `ttlMs`. */
  enter(replicaId: string, ttlMs: number, sockets: ReadonlyMap<Id, HeldSockets>): Promise<Presence[]>;
  /** Keeps the replica's record for `ttlMs` more; false when it was removed (then `enter` again). */
  beat(replicaId: string, ttlMs: number): Promise<boolean>;
  /**
   * One more socket of the user on the replica, which hears in `places`; `chosen`, what they show
   * from now (else what they chose before, or `online`).
   */
  connect(replicaId: string, userId: Id, places: readonly Id[], chosen?: ChosenStatus): Promise<Presence[] | Lost>;
  /** One socket fewer; the user's last gone, what they chose and where they were heard are forgotten. */
  disconnect(replicaId: string, userId: Id): Promise<Presence[] | Lost>;
  /** What a user with a socket shows from now; nothing for one without (they are offline). */
  choose(userId: Id, status: ChosenStatus): Promise<Presence[]>;
  /** Removes every replica whose heartbeat ran out, with its sockets. */
  reap(): Promise<Presence[]>;
  /** A connection of the user (with a socket) came to hear in the place: a join, a conversation opened. Nothing for one without. */
  joinPlace(userId: Id, placeId: Id): Promise<void>;
  /** A connection of the user stopped hearing in the place: a leave, a kick, a ban, a conversation closed. */
  leavePlace(userId: Id, placeId: Id): Promise<void>;
  /** The users among these who show something other than `offline`, with it; in no particular order. */
  present(userIds: readonly Id[]): Promise<Presence[]>;
  /**
   * The users heard in any of these places who show something other than `offline`, each once, with
   * it; in no particular order. Read after the call (it sees every change made before it); the answer
   * may be shared by several callers that asked for the same places at once, so none changes it.
   */
  presentIn(placeIds: readonly Id[]): Promise<readonly Presence[]>;
}
