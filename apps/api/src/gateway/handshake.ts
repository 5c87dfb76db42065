import { type GatewaySnapshot, type Id, type OpenGatewaySession } from '@chat/domain';
import type { Logger } from 'pino';
import type { RawData } from 'ws';
import type { Connection } from './connection';
import { REFUSALS, type Doors, type Refusal } from './doors';
import { CLOSE, channelJson, conversationJson, formatCursor, parseClientFrame, parseCursor, readStateJson, resumed, serverJson, type ClientFrame } from '@chat/contract';
import type { Replay } from './replay';

const FRAMES_PER_MINUTE = 120;
/** Channels listed in `ready`, over all servers; servers past it come without theirs (read them over REST). */
export const READY_CHANNELS = 1_000;
/** A resume's cursor, when it cannot be read: checked like any other after the token, and unknown. */
const UNREADABLE_CURSOR = { logId: '', position: -1 } as const;

export interface HandshakeOptions {
  readonly openSession: OpenGatewaySession;
  /** A resume further behind the log's head than this is answered `invalid_session`. */
  readonly maxReplayEvents: number;
  readonly logger: Logger;
  readonly onRefused?: (why: Refusal) => void;
}

const bearer = (token: string): string => token.replace(/^Bearer\s+/i, '');

/**
 * What a client says on its socket: identify or resume first (the token checked before the cursor),
 * then heartbeats. An opened session catches up from the log, then goes live.
 */
export class Handshake {
  constructor(
    private readonly options: HandshakeOptions,
    private readonly doors: Doors,
    private readonly replay: Replay,
  ) {}

  async receive(connection: Connection, data: RawData, isBinary: boolean): Promise<void> {
    if (connection.state === 'closed') return;
    if (!connection.countFrame(FRAMES_PER_MINUTE)) return connection.close(CLOSE.RATE_LIMITED, 'more than 120 frames a minute');
    if (isBinary) return connection.close(CLOSE.DECODE_ERROR, 'frames are JSON text');
    const parsed = parseClientFrame(data.toString());
    // The first frame is identify or resume, or the socket closes 4003, whatever else it was.
    if (!parsed.ok) return connection.close(connection.state === 'waiting' ? CLOSE.NOT_AUTHENTICATED : parsed.close, parsed.reason);
    const frame = parsed.frame;
    if (frame.op === 'heartbeat') {
      if (connection.state === 'waiting') return connection.close(CLOSE.NOT_AUTHENTICATED, 'identify or resume first');
      return connection.heartbeat();
    }
    if (!connection.startOpening()) return connection.close(CLOSE.ALREADY_AUTHENTICATED, 'already identified');
    try {
      await this.open(connection, frame);
    } catch (error) {
      this.options.logger.warn({ err: error }, 'a gateway connection could not start');
      connection.close(1011, 'try again');
    }
  }

  private async open(connection: Connection, frame: Exclude<ClientFrame, { op: 'heartbeat' }>): Promise<void> {
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
    if (frame.op === 'identify') {
      connection.begin(opening.audience, snapshot, true, snapshot.head);
      connection.socket.send(ready(snapshot, READY_CHANNELS));
      await this.replay.catchUp(connection, () => {});
    } else {
      connection.begin(opening.audience, snapshot, false, from?.position ?? snapshot.head);
      await this.replay.catchUp(connection, (replayed) => connection.socket.send(resumed(replayed)));
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
function ready(snapshot: GatewaySnapshot, channelBudget: number): string {
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
  return JSON.stringify({ op: 'ready', d: { user: snapshot.user, cursor: formatCursor(snapshot.logId, snapshot.head), servers, privateChannels, readStates } });
}
