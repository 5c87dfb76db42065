import type { ChosenStatus, Presence } from '../entities/presence';
import type { Id } from '../ids';

/** This replica's record was removed (its heartbeat ran out): it must `enter` again with every socket it holds. */
export type Lost = 'lost';

/**
 * Who holds identified gateway sockets, on which replica, and what each user chose to show: shared
 * by every replica (Redis), never kept by one alone. A user with a socket on any replica shows what
 * they chose (`online` unless they chose), `offline` once their last socket is gone, or the replica
 * that held it stopped beating. Each change answers the users whose shown status it changed, and
 * to what: every change is answered once, to the one who made it (a dead replica's, to the first
 * who reaped it), so each is told once.
 */
export interface PresenceRegistry {
  /** The replica's record becomes `sockets` (user id → how many), its heartbeat good for `ttlMs`. */
  enter(replicaId: string, ttlMs: number, sockets: ReadonlyMap<Id, number>): Promise<Presence[]>;
  /** Keeps the replica's record for `ttlMs` more; false when it was removed (then `enter` again). */
  beat(replicaId: string, ttlMs: number): Promise<boolean>;
  /** One more socket of the user on the replica; `chosen`, what they show from now (else what they chose before, or `online`). */
  connect(replicaId: string, userId: Id, chosen?: ChosenStatus): Promise<Presence[] | Lost>;
  /** One socket fewer; the user's last gone, what they chose is forgotten. */
  disconnect(replicaId: string, userId: Id): Promise<Presence[] | Lost>;
  /** What a user with a socket shows from now; nothing for one without (they are offline). */
  choose(userId: Id, status: ChosenStatus): Promise<Presence[]>;
  /** Removes every replica whose heartbeat ran out, with its sockets. */
  reap(): Promise<Presence[]>;
  /** The users among these who show something other than `offline`, with it; in no particular order. */
  present(userIds: readonly Id[]): Promise<Presence[]>;
}
