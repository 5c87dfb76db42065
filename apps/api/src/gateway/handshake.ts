import { type GatewaySnapshot, type Id, type OpenGatewaySession, type Presence } from '@chat/domain';
import type { Logger } from 'pino';
import type { RawData } from 'ws';
import type { Connection } from './connection';
import { REFUSALS, type Doors, type Refusal } from './doors';
import { CLOSE, channelJson, conversationJson, formatCursor, parseClientFrame, parseCursor, readStateJson, resumed, serverJson, type ClientFrame } from '@chat/contract';
import type { Replay } from './replay';
import type { FanOut } from './fan-out';
import type { PresenceTracker } from './presence-tracker';

const FRAMES_PER_MINUTE = 120;
/** Channels listed in `ready`, over all servers; servers past it come without theirs (read them over REST). */
export const READY_CHANNELS = 1_000;
/** A resume's cursor, when it cannot be read: checked like any other after the token, and unknown. */
const UNREADABLE_CURSOR = { logId: '', position: -1 } as const;

export interface HandshakeOptions {
  readonly openSession: OpenGatewaySession;
  /** A resume further behind the log's head than this is answered `invalid_session`. */
  readonly maxReplayEvents: number;
  /** What `ready` shows of the presence of those the user shares a server or a conversation with. */
  readonly readPresences: (userId: Id, snapshot: GatewaySnapshot) => Promise<Presence[]>;
  readonly logger: Logger;
  readonly onRefused?: (why: Refusal) => void;
}

const bearer = (token: string): string => token.replace(/^Bearer\s+/i, '');

/**
 * What a client says on its socket: identify or resume first (the token checked before the cursor),
 * then heartbeats and presence. An opened session catches up from the log, then goes live; signals
 * heard meanwhile wait for it.
 */
export class Handshake {
  constructor(
    private readonly options: HandshakeOptions,
    private readonly doors: Doors,
    private readonly replay: Replay,
    private readonly signals: Pick<FanOut, 'expect'>,
    private readonly presence: Pick<PresenceTracker, 'choose'>,
  ) {}

  async receive(connection: Connection, data: RawData, isBinary: boolean): Promise<void> {
    if (connection.state === 'closed') return;
    if (!connection.countFrame(FRAMES_PER_MINUTE)) return connection.close(CLOSE.RATE_LIMITED, 'more than 120 frames a minute');
    if (isBinary) return connection.close(CLOSE.DECODE_ERROR, 'frames are JSON text');
    const parsed = parseClientFrame(data.toString());
    // The first frame is identify or resume, or the socket closes 4003, whatever else it was.
    if (!parsed.ok) return connection.close(connection.state === 'waiting' ? CLOSE.NOT_AUTHENTICATED : parsed.close, parsed.reason);
    const frame = parsed.frame;
    if (frame.op === 'heartbeat' || frame.op === 'presence') {
      if (connection.state === 'waiting') return connection.close(CLOSE.NOT_AUTHENTICATED, 'identify or resume first');
      return frame.op === 'heartbeat' ? connection.heartbeat() : this.presence.choose(connection, frame.d.status);
    }
    if (!connection.startOpening()) return connection.close(CLOSE.ALREADY_AUTHENTICATED, 'already identified');
    try {
      await this.open(connection, frame);
    } catch (error) {
      this.options.logger.warn({ err: error }, 'a gateway connection could not start');
      connection.close(1011, 'try again');
    }
  }

  private async open(connection: Connection, frame: Extract<ClientFrame, { op: 'identify' | 'resume' }>): Promise<void> {
    // The token first, whatever the cursor: an unreadable cursor is an unknown one, once the token holds.
    const from = frame.op === 'resume' ? (parseCursor(frame.d.cursor) ?? UNREADABLE_CURSOR) : null;
    const opening = await this.options.openSession.execute(bearer(frame.d.token), from);
    if (connection.state === 'closed') return;
    if (!opening.ok) {
      if (opening.reason === 'UnknownCursor') return connection.invalidSession();
      return connection.close(CLOSE.AUTHENTICATION_FAILED, 'invalid or revoked token');
    }
    if (!this.holdUserPlace(connection, opening.actor.userId)) return;
    const { snapshot } = opening;
    // Further behind than a replay may go: cheaper for everyone to start over (and a stranger's old cursor costs little).
    if (from && snapshot.head - from.position > this.options.maxReplayEvents) return connection.invalidSession();
    connection.chosen = frame.d.presence?.status ?? connection.chosen;
    if (frame.op === 'identify') {
      connection.begin(opening.audience, snapshot, true, snapshot.head);
      this.signals.expect(connection);
      const presences = await this.presences(opening.actor.userId, snapshot);
      if (connection.state !== 'syncing') return;
      connection.socket.send(ready(snapshot, READY_CHANNELS, presences));
      await this.replay.catchUp(connection, () => {});
    } else {
      connection.begin(opening.audience, snapshot, false, from?.position ?? snapshot.head);
      this.signals.expect(connection);
      await this.replay.catchUp(connection, (replayed) => connection.socket.send(resumed(replayed)));
    }
  }

  /** Read after the connection holds signals, so a change after the read reaches it; none (and said) when the registry is away. */
  private async presences(userId: Id, snapshot: GatewaySnapshot): Promise<Presence[]> {
    try {
      return await this.options.readPresences(userId, snapshot);
    } catch (error) {
      this.options.logger.warn({ err: error }, 'cannot read presences for ready; it lists none');
      return [];
    }
  }

  /** The socket counts among its user's from its first opening; false (and closed) past the cap. */
  private holdUserPlace(connection: Connection, userId: Id): boolean {
    if (connection.userId === userId) {
      connection.stopIdentifyTimer();
      return true;
    }
    if (connection.userId !== undefined) this.doors.releaseUser(connection.userId);
    connection.userId = undefined;
    if (this.doors.claimUser(userId)) {
      connection.userId = userId;
      connection.stopIdentifyTimer();
      return true;
    }
    this.options.onRefused?.('user');
    connection.close(CLOSE.TOO_MANY_SOCKETS, REFUSALS.user);
    return false;
  }
}

/** Every server; their channels while `channelBudget` lasts, in the snapshot's order (a server whole or not at all). */
function ready(snapshot: GatewaySnapshot, channelBudget: number, presences: readonly Presence[]): string {
  let left = channelBudget;
  const servers = snapshot.servers.map(({ server, channels }) => {
    if (channels.length > left) {
      left = 0;
      return serverJson(server);
    }
    left -= channels.length;
    return { ...serverJson(server), channels: channels.map(channelJson) };
  });
  const privateChannels = snapshot.privateChannels.map(conversationJson);
  const readStates = snapshot.readStates.map(readStateJson);
  return JSON.stringify({ op: 'ready', d: { user: snapshot.user, cursor: formatCursor(snapshot.logId, snapshot.head), servers, privateChannels, readStates, presences } });
}
