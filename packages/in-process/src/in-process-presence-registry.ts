import { shownStatus, type ChosenStatus, type Clock, type HeldSockets, type Id, type Lost, type Presence, type PresenceRegistry, type ShownStatus } from '@chat/domain';

interface Replica {
  /** When its heartbeat runs out (epoch ms, on `clock`). */
  until: number;
  readonly sockets: Map<Id, number>;
}

/**
 * Presence in this process's memory (the embedded default, one replica): the same record as Redis
 * keeps, with heartbeats that run out on `clock`. Several replicas need Redis (`RedisPresenceRegistry`).
 */
export class InProcessPresenceRegistry implements PresenceRegistry {
  private readonly replicas = new Map<string, Replica>();
  /** Each user with a socket: how many on each replica. */
  private readonly users = new Map<Id, Map<string, number>>();
  private readonly chosen = new Map<Id, ChosenStatus>();
  /** Each place: the users with a socket heard in it; and each such user's places (to forget them with their last socket). */
  private readonly placed = new Map<Id, Set<Id>>();
  private readonly placesOf = new Map<Id, Set<Id>>();

  constructor(private readonly clock: Clock) {}

  async enter(replicaId: string, ttlMs: number, sockets: ReadonlyMap<Id, HeldSockets>): Promise<Presence[]> {
    const held = [...sockets].filter(([, { count }]) => count > 0);
    const touched = [...(this.replicas.get(replicaId)?.sockets.keys() ?? []), ...held.map(([userId]) => userId)];
    return this.changing(touched, () => {
      this.drop(replicaId);
      this.replicas.set(replicaId, { until: this.now() + ttlMs, sockets: new Map(held.map(([userId, { count }]) => [userId, count])) });
      for (const [userId, { count, places, chosen }] of held) {
        if (chosen && !this.chosen.has(userId)) this.chosen.set(userId, chosen);
        this.add(userId, replicaId, count);
        for (const placeId of places) this.place(userId, placeId);
      }
    });
  }

  async beat(replicaId: string, ttlMs: number): Promise<boolean> {
    const replica = this.replicas.get(replicaId);
    if (replica) replica.until = this.now() + ttlMs;
    return replica !== undefined;
  }

  async connect(replicaId: string, userId: Id, places: readonly Id[], chosen?: ChosenStatus): Promise<Presence[] | Lost> {
    const replica = this.replicas.get(replicaId);
    if (!replica) return 'lost';
    return this.changing([userId], () => {
      if (chosen) this.chosen.set(userId, chosen);
      replica.sockets.set(userId, (replica.sockets.get(userId) ?? 0) + 1);
      this.add(userId, replicaId, 1);
      for (const placeId of places) this.place(userId, placeId);
    });
  }

  async disconnect(replicaId: string, userId: Id): Promise<Presence[] | Lost> {
    const replica = this.replicas.get(replicaId);
    if (!replica) return 'lost';
    const held = replica.sockets.get(userId) ?? 0;
    if (held <= 0) return [];
    return this.changing([userId], () => {
      if (held === 1) replica.sockets.delete(userId);
      else replica.sockets.set(userId, held - 1);
      this.add(userId, replicaId, -1);
    });
  }

  async choose(userId: Id, status: ChosenStatus): Promise<Presence[]> {
    if (!this.users.has(userId)) return [];
    return this.changing([userId], () => this.chosen.set(userId, status));
  }

  async reap(): Promise<Presence[]> {
    const now = this.now();
    const dead = [...this.replicas].filter(([, replica]) => replica.until <= now);
    return dead.flatMap(([replicaId, replica]) => this.changing([...replica.sockets.keys()], () => this.drop(replicaId)));
  }

  async joinPlace(userId: Id, placeId: Id): Promise<void> {
    if (this.users.has(userId)) this.place(userId, placeId);
  }

  async leavePlace(userId: Id, placeId: Id): Promise<void> {
    removeFrom(this.placed, placeId, userId);
    removeFrom(this.placesOf, userId, placeId);
  }

  async present(userIds: readonly Id[]): Promise<Presence[]> {
    return userIds.flatMap((userId) => {
      const status = this.shown(userId);
      return status === 'offline' ? [] : [{ userId, status }];
    });
  }

  async presentIn(placeIds: readonly Id[]): Promise<Presence[]> {
    return this.present([...new Set(placeIds.flatMap((placeId) => [...(this.placed.get(placeId) ?? [])]))]);
  }

  private now(): number {
    return this.clock.now().getTime();
  }

  private shown(userId: Id): ShownStatus {
    return this.users.has(userId) ? shownStatus(this.chosen.get(userId) ?? 'online') : 'offline';
  }

  /**
   * Runs `change`, and answers the users among `touched` whose shown status it changed. What a user
   * chose, and where they are heard, are forgotten once their last socket is gone after it (not in the middle of it: `enter`
   * takes a replica's sockets away before it gives them back).
   */
  private changing(touched: readonly Id[], change: () => void): Presence[] {
    const before = new Map(touched.map((userId) => [userId, this.shown(userId)]));
    change();
    return [...before].flatMap(([userId, was]) => {
      if (!this.users.has(userId)) this.forget(userId);
      const status = this.shown(userId);
      return status === was ? [] : [{ userId, status }];
    });
  }

  /** `count` more (or fewer) sockets of the user on the replica. */
  private add(userId: Id, replicaId: string, count: number): void {
    const held = this.users.get(userId) ?? new Map<string, number>();
    const now = (held.get(replicaId) ?? 0) + count;
    if (now > 0) held.set(replicaId, now);
    else held.delete(replicaId);
    if (held.size > 0) this.users.set(userId, held);
    else this.users.delete(userId);
  }

  private place(userId: Id, placeId: Id): void {
    addTo(this.placed, placeId, userId);
    addTo(this.placesOf, userId, placeId);
  }

  /** The user's last socket is gone: what they chose, and where they were heard. */
  private forget(userId: Id): void {
    this.chosen.delete(userId);
    for (const placeId of this.placesOf.get(userId) ?? []) removeFrom(this.placed, placeId, userId);
    this.placesOf.delete(userId);
  }

  private drop(replicaId: string): void {
    const replica = this.replicas.get(replicaId);
    this.replicas.delete(replicaId);
    for (const [userId, count] of replica?.sockets ?? []) this.add(userId, replicaId, -count);
  }
}

function addTo(map: Map<Id, Set<Id>>, key: Id, value: Id): void {
  const set = map.get(key);
  if (set) set.add(value);
  else map.set(key, new Set([value]));
}

function removeFrom(map: Map<Id, Set<Id>>, key: Id, value: Id): void {
  const set = map.get(key);
  if (set?.delete(value) && set.size === 0) map.delete(key);
}
