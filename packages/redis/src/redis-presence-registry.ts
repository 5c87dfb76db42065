import { CHOSEN_STATUSES, type ChosenStatus, type HeldSockets, type Id, type Lost, type Presence, type PresenceRegistry, type ShownStatus } from '@chat/domain';
import type { RedisClient } from './redis-client';
import { BEAT, CHOOSE, CONNECT, DISCONNECT, ENTER, JOIN_PLACE, LEAVE_PLACE, PRESENT_IN, REAP } from './presence-scripts';
import { RedisScript } from './redis-script';

/** Users read in one `MGET`. */
const READ_AT_ONCE = 1_000;

const SHOWN: ReadonlySet<string> = new Set<ShownStatus>(['online', 'idle', 'dnd', 'offline']);
const isShown = (value: unknown): value is ShownStatus => typeof value === 'string' && SHOWN.has(value);

/** A script's flat answer (user, status, …) as presences. */
function presences(reply: unknown): Presence[] {
  if (!Array.isArray(reply)) throw new TypeError('unexpected reply from Redis');
  const changes: Presence[] = [];
  for (let i = 0; i + 1 < reply.length; i += 2) {
    const [userId, status] = [reply[i], reply[i + 1]];
    if (typeof userId !== 'string' || !isShown(status)) throw new TypeError('unexpected reply from Redis');
    changes.push({ userId, status });
  }
  return changes;
}

const presencesOrLost = (reply: unknown): Presence[] | Lost => (reply === 'lost' ? 'lost' : presences(reply));

/** Resolves in the event loop's next turn, once this one's I/O callbacks have run. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Presence in RedisClient, shared by every replica: each change one script (see `presence-scripts.ts`),
 * so two replicas never both see a user's last socket go, and a dead replica is reaped once, by
 * whichever replica asks first after its heartbeat key expired (Redis's clock decides, not theirs).
 */
export class RedisPresenceRegistry implements PresenceRegistry {
  private readonly prefix: string;
  private readonly scripts;
  /** `presentIn` reads asked for in this turn and not sent yet, by their places: another asking for the same places joins one. */
  private readonly unsent = new Map<string, Promise<readonly Presence[]>>();

  constructor(
    private readonly redis: RedisClient,
    prefix: string,
  ) {
    // One hash tag for every key: a script touches one slot on a Redis Cluster (see presence-scripts.ts).
    this.prefix = `${prefix}{presence}:`;
    const script = (lua: string) => new RedisScript(redis, lua, this.prefix);
    this.scripts = {
      ...{ enter: script(ENTER), beat: script(BEAT), connect: script(CONNECT), disconnect: script(DISCONNECT), choose: script(CHOOSE), reap: script(REAP) },
      ...{ joinPlace: script(JOIN_PLACE), leavePlace: script(LEAVE_PLACE), presentIn: script(PRESENT_IN) },
    };
  }

  async enter(replicaId: string, ttlMs: number, sockets: ReadonlyMap<Id, HeldSockets>): Promise<Presence[]> {
    const held = [...sockets].filter(([, { count }]) => count > 0).flatMap(([userId, { count, places, chosen }]) => {
      if (chosen !== undefined && !CHOSEN_STATUSES.includes(chosen)) throw new TypeError(`not a status: ${chosen}`);
      return [userId, count, places.join(' '), chosen ?? ''];
    });
    return presences(await this.scripts.enter.run(this.prefix, replicaId, ttlMs, ...held));
  }

  async beat(replicaId: string, ttlMs: number): Promise<boolean> {
    return (await this.scripts.beat.run(this.prefix, replicaId, ttlMs)) === 1;
  }

  async connect(replicaId: string, userId: Id, places: readonly Id[], chosen?: ChosenStatus): Promise<Presence[] | Lost> {
    return presencesOrLost(await this.scripts.connect.run(this.prefix, replicaId, userId, chosen ?? '', ...places));
  }

  async disconnect(replicaId: string, userId: Id): Promise<Presence[] | Lost> {
    return presencesOrLost(await this.scripts.disconnect.run(this.prefix, replicaId, userId));
  }

  async choose(userId: Id, status: ChosenStatus): Promise<Presence[]> {
    // Checked here too: the script stores what it is given, and every replica reads it back.
    if (!CHOSEN_STATUSES.includes(status)) throw new TypeError(`not a status: ${status}`);
    return presences(await this.scripts.choose.run(this.prefix, userId, status));
  }

  async reap(): Promise<Presence[]> {
    return presences(await this.scripts.reap.run(this.prefix));
  }

  async joinPlace(userId: Id, placeId: Id): Promise<void> {
    await this.scripts.joinPlace.run(this.prefix, userId, placeId);
  }

  async leavePlace(userId: Id, placeId: Id): Promise<void> {
    await this.scripts.leavePlace.run(this.prefix, userId, placeId);
  }

  /**
   * Sent in the next turn of the event loop, and shared with every read of the same places asked
   * for before it is sent: a storm of identifies in one server (a replica's clients coming back)
   * reads its present users once a turn, not once each, which was 500 users' ids and statuses
   * made into strings and objects for each of 500 identifies (bench/RESULTS.md, session 17). A read
   * asked for after one was sent never joins it, so it sees every change made before it was asked.
   */
  presentIn(placeIds: readonly Id[]): Promise<readonly Presence[]> {
    if (placeIds.length === 0) return Promise.resolve([]);
    const key = [...placeIds].sort().join(' ');
    const unsent = this.unsent.get(key);
    if (unsent) return unsent;
    const read = nextTurn().then(async () => {
      this.unsent.delete(key);
      return presences(await this.scripts.presentIn.run(this.prefix, ...placeIds));
    });
    this.unsent.set(key, read);
    return read;
  }

  async present(userIds: readonly Id[]): Promise<Presence[]> {
    const found: Presence[] = [];
    for (let at = 0; at < userIds.length; at += READ_AT_ONCE) {
      const ids = userIds.slice(at, at + READ_AT_ONCE);
      const shown = await this.redis.mget(...ids.map((userId) => `${this.prefix}shown:${userId}`));
      ids.forEach((userId, i) => {
        const status = shown[i];
        if (isShown(status) && status !== 'offline') found.push({ userId, status });
      });
    }
    return found;
  }
}
