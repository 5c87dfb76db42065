import { CHOSEN_STATUSES } from '@chat/domain';
import { z } from 'zod';

/*
 * The gateway's frames: the single source for parsing what clients send and for the AsyncAPI
 * description of both directions. Event data (`d` of a dispatch) are the REST shapes, see events.ts; cursors, cursor.ts.
 */

export const CLOSE = {
  UNKNOWN_OP: 4001,
  DECODE_ERROR: 4002,
  NOT_AUTHENTICATED: 4003,
  AUTHENTICATION_FAILED: 4004,
  ALREADY_AUTHENTICATED: 4005,
  RATE_LIMITED: 4008,
  SESSION_TIMED_OUT: 4009,
  SLOW_CONSUMER: 4020,
  TOO_MANY_SOCKETS: 4029,
} as const;

const token = z.string().min(1).max(4096).meta({ description: 'The token as REST takes it: bare, or `Bearer <token>`' });
const cursor = z.string().min(1).max(100).meta({ description: 'Opaque; the `cursor` of the last dispatch (or of ready) the client handled' });

const status = z
  .enum(CHOSEN_STATUSES, { error: 'must be online, idle, dnd or invisible' })
  .meta({ description: 'What others see while you are connected: online, idle, dnd, or invisible (shown as offline)' });
const presence = z.object({ status }).optional().meta({ description: 'What to show from this socket on (else what you chose before, or online): a reconnect never shows you online for a moment' });

export const IdentifyFrame = z.object({ op: z.literal('identify'), d: z.object({ token, presence }) }).meta({ id: 'Identify' });
export const ResumeFrame = z.object({ op: z.literal('resume'), d: z.object({ token, cursor, presence }) }).meta({ id: 'Resume' });
export const HeartbeatFrame = z.object({ op: z.literal('heartbeat') }).meta({ id: 'Heartbeat' });
export const PresenceFrame = z.object({ op: z.literal('presence'), d: z.object({ status }) }).meta({ id: 'PresenceOp' });

export const ClientFrame = z.discriminatedUnion('op', [IdentifyFrame, ResumeFrame, HeartbeatFrame, PresenceFrame]);
export type ClientFrame = z.output<typeof ClientFrame>;
const CLIENT_OPS = new Set(['identify', 'resume', 'heartbeat', 'presence']);

export type Parsed = { readonly ok: true; readonly frame: ClientFrame } | { readonly ok: false; readonly close: number; readonly reason: string };

/** A client's text frame: not JSON or not a frame is 4002, an op we do not know is 4001. */
export function parseClientFrame(text: string): Parsed {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, close: CLOSE.DECODE_ERROR, reason: 'frames are JSON text' };
  }
  const op = typeof value === 'object' && value !== null && 'op' in value ? value.op : undefined;
  if (typeof op !== 'string') return { ok: false, close: CLOSE.DECODE_ERROR, reason: 'a frame is an object with an "op"' };
  if (!CLIENT_OPS.has(op)) return { ok: false, close: CLOSE.UNKNOWN_OP, reason: `unknown op ${op.slice(0, 32)}` };
  const parsed = ClientFrame.safeParse(value);
  if (parsed.success) return { ok: true, frame: parsed.data };
  // The first problem, named (a close reason holds 123 bytes at most).
  const issue = parsed.error.issues[0];
  const where = issue && issue.path.length > 0 ? `: ${issue.path.join('.')} ${issue.message}` : '';
  return { ok: false, close: CLOSE.DECODE_ERROR, reason: `a malformed ${op} frame${where}`.slice(0, 120) };
}

export const hello = (heartbeatInterval: number) => JSON.stringify({ op: 'hello', d: { heartbeatInterval } });
export const HEARTBEAT_ACK = JSON.stringify({ op: 'heartbeat_ack' });
export const INVALID_SESSION = JSON.stringify({ op: 'invalid_session' });
export const resumed = (replayed: number) => JSON.stringify({ op: 'resumed', d: { replayed } });
/** `data`: the event's data as JSON text, put in as it is (the log may hold it in this form already). */
export const dispatch = (t: string, cursorText: string, data: string) =>
  `{"op":"dispatch","t":${JSON.stringify(t)},"cursor":${JSON.stringify(cursorText)},"d":${data}}`;
