import type { ChosenStatus, ConnectSocket, DisconnectSocket, HeldSockets, Id, KeepPresence, MovePresence, ReadPresences, SetPresence, UseCases } from '@chat/domain';
import type { Logger } from 'pino';
import type { Connection } from './connection';

export interface PresenceDeps {
  /** This process, among the replicas the registry knows: new at each start. */
  readonly replicaId: string;
  readonly connectSocket: Pick<ConnectSocket, 'execute'>;
  readonly disconnectSocket: Pick<DisconnectSocket, 'execute'>;
  readonly setPresence: Pick<SetPresence, 'execute'>;
  readonly keepPresence: Pick<KeepPresence, 'execute'>;
  readonly movePresence: Pick<MovePresence, 'execute'>;
  readonly readPresences: Pick<ReadPresences, 'execute'>;
}

/** The presence use cases of the catalogue, for the replica `replicaId`. */
export const presenceDeps = (
  useCases: Pick<UseCases, 'connectSocket' | 'disconnectSocket' | 'setPresence' | 'keepPresence' | 'movePresence' | 'readPresences'>,
  replicaId: string,
): PresenceDeps => ({
  replicaId,
  connectSocket: useCases.connectSocket,
  disconnectSocket: useCases.disconnectSocket,
  setPresence: useCases.setPresence,
  keepPresence: useCases.keepPresence,
  movePresence: useCases.movePresence,
  readPresences: useCases.readPresences,
});

/**
 * This replica's part of presence: its users' identified sockets, counted here and in the shared
 * registry, and its heartbeat there. The registry's record lives `heartbeatMs` and is renewed every
 * third of it, so a replica that dies is reaped by another within `heartbeatMs` and a third. A
 * change the registry could not take (Redis away) leaves the record unsure: the next beat enters it
 * anew, whole. A stopping replica neither says goodbye nor disconnects its sockets one by one: its
 * clients resume elsewhere, and its record runs out behind them, so nobody is shown offline and
 * online again for a restart. Where each user is heard goes with their sockets: the places their
 * connection hears in when it goes live, then each one it comes to hear in or stops (`moved`).
 */
export class PresenceTracker {
  /** This replica's counted connections, by user (most hold one). */
  private readonly sockets = new Map<Id, Connection[]>();
  /** What each of those users last chose here (at identify or later): entering again, the record carries it. */
  private readonly chosen = new Map<Id, ChosenStatus>();
  private timer: NodeJS.Timeout | undefined;
  private unsure = true;
  private stopped = false;
  private failing = false;

  constructor(
    private readonly deps: PresenceDeps,
    private readonly heartbeatMs: number,
    private readonly logger: Logger,
  ) {}

  start(): void {
    void this.beat();
    this.timer = setInterval(() => void this.beat(), Math.max(10, Math.floor(this.heartbeatMs / 3)));
    this.timer.unref();
  }

  stop(): void {
    this.stopped = true;
    clearInterval(this.timer);
  }

  /** A connection went live: one more socket of its user. */
  joined(connection: Connection): void {
    const { audience } = connection;
    if (this.stopped || !audience || connection.present) return;
    connection.present = true;
    const mine = this.sockets.get(audience.userId);
    if (mine) mine.push(connection);
    else this.sockets.set(audience.userId, [connection]);
    const { chosen } = connection;
    if (chosen) this.chosen.set(audience.userId, chosen);
    this.run(
      () => this.deps.connectSocket.execute(this.deps.replicaId, audience.userId, audience.servers(), chosen),
      // Lost, its choice was not taken; entering gives it only where no choice is held, so another replica's older one may stand: choose again.
      chosen && (() => this.chooseAgain(audience.userId, audience.servers())),
    );
  }

  /** A connection closed: one socket fewer, if it counted. */
  left(connection: Connection): void {
    const { audience } = connection;
    if (this.stopped || !audience || !connection.present) return;
    connection.present = false;
    const mine = this.sockets.get(audience.userId) ?? [];
    const at = mine.indexOf(connection);
    if (at >= 0) mine.splice(at, 1);
    if (mine.length === 0) {
      this.sockets.delete(audience.userId);
      this.chosen.delete(audience.userId);
    }
    this.run(() => this.deps.disconnectSocket.execute(this.deps.replicaId, audience.userId, audience.servers()));
  }

  /** The user chose what to show, on this connection: from now on, for all their sockets (a socket still opening takes it when it goes live). */
  choose(connection: Connection, status: ChosenStatus): void {
    connection.chosen = status;
    const { audience } = connection;
    if (this.stopped || !audience || !connection.present) return;
    // Kept even if the registry cannot take it now (this replica reaped, the user held nowhere else): entering again gives it.
    this.chosen.set(audience.userId, status);
    this.run(async () => {
      await this.deps.setPresence.execute(audience.userId, status, audience.servers());
      return 'done';
    });
  }

  /** A counted connection came to hear in a place (a server, a conversation), or stopped. */
  moved(connection: Connection, placeId: Id, hears: boolean): void {
    const { audience } = connection;
    if (this.stopped || !audience || !connection.present) return;
    this.run(async () => {
      await this.deps.movePresence.execute(audience.userId, placeId, hears);
      return 'done';
    });
  }

  /**
   * A change, in the order made; `lost` (this replica was reaped) or a failure makes the next beat
   * enter anew, now (`lost`, then `afterEntering`).
   */
  private run(change: () => Promise<'done' | 'lost'>, afterEntering?: () => Promise<void>): void {
    const made = async () => {
      if ((await change()) !== 'lost') return;
      await this.enterAgain();
      if (afterEntering && !this.stopped) await afterEntering();
    };
    made().catch((error: unknown) => {
      this.report(error);
      this.unsure = true;
    });
  }

  private enterAgain(): Promise<void> {
    this.unsure = true;
    return this.beat();
  }

  /** The user's last choice here, told again (if they still hold a socket here). */
  private async chooseAgain(userId: Id, heardIn: readonly Id[]): Promise<void> {
    const status = this.chosen.get(userId);
    if (status) await this.deps.setPresence.execute(userId, status, heardIn);
  }

  private async beat(): Promise<void> {
    if (this.stopped) return;
    const fresh = this.unsure;
    this.unsure = false;
    try {
      await this.deps.keepPresence.execute(this.deps.replicaId, this.heartbeatMs, () => this.held(), fresh);
      if (this.failing) this.logger.info('presence is kept again');
      this.failing = false;
    } catch (error) {
      this.unsure = true;
      this.report(error);
    }
  }

  /** What the registry's record of this replica is to be: each user's sockets, and the places any of them hears in. */
  private held(): Map<Id, HeldSockets> {
    const held = new Map<Id, HeldSockets>();
    for (const [userId, connections] of this.sockets) {
      const places = new Set(connections.flatMap((connection) => connection.audience?.servers() ?? []));
      const chosen = this.chosen.get(userId);
      held.set(userId, { count: connections.length, places: [...places], ...(chosen ? { chosen } : {}) });
    }
    return held;
  }

  private report(error: unknown): void {
    if (!this.failing) this.logger.warn({ err: error }, 'cannot keep presence (Redis away?); who is online may be wrong until it returns');
    this.failing = true;
  }
}
