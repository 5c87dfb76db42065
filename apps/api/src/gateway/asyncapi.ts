import { z } from 'zod';
import { toSchema } from '../http/openapi';
import { CLOSE, EVENT_DATA, HeartbeatFrame, IdentifyFrame, PresenceFrame, ReadyData, ResumeFrame, SIGNAL_DATA, dispatchSchema, signalDispatchSchema } from '@chat/contract';
import { GATEWAY_PATH } from './gateway';

type Json = Record<string, unknown>;

/** Every code the gateway closes with: one left out of CLOSE is a compile error. */
const CLOSE_CODES: Record<(typeof CLOSE)[keyof typeof CLOSE] | 1001, string> = {
  [CLOSE.UNKNOWN_OP]: 'unknown op',
  [CLOSE.DECODE_ERROR]: 'a frame that is not JSON, or not a frame of a known shape (the reason names the first bad field: an unknown presence status, say)',
  [CLOSE.NOT_AUTHENTICATED]: 'the first frame was not identify or resume, or no identify or resume succeeded within 10 s of connecting',
  [CLOSE.AUTHENTICATION_FAILED]: 'a bad, expired or revoked token; or the session was logged out (on every replica, at once)',
  [CLOSE.ALREADY_AUTHENTICATED]: 'identify or resume sent twice',
  [CLOSE.RATE_LIMITED]: 'more than 120 frames in a minute',
  [CLOSE.SESSION_TIMED_OUT]: 'no heartbeat for two intervals',
  [CLOSE.SLOW_CONSUMER]: 'the client read too slowly (its unsent data passed the bound, live or during a replay): resume, nothing is lost',
  [CLOSE.TOO_MANY_SOCKETS]: 'too many sockets: from this address, for this user, or on this replica (the reason says which); reconnect later, with backoff',
  1001: 'the replica is stopping: resume, on any replica',
};

/** Who gets a dispatch, where it is not the members of the event's server who see its channel. */
const HEARD_BY: Partial<Record<keyof typeof EVENT_DATA, string>> = {
  'read_state.updated': "Only the user's own sockets get it (every one of them, whichever device marked).",
};

/** AsyncAPI 3.0 for the gateway, from the same zod schemas as the OpenAPI document and the frame parser. */
export function buildAsyncApi(): Json {
  const schemas: Record<string, Json> = {};
  const messages: Record<string, Json> = {};
  const add = (name: string, title: string, schema: z.ZodType, summary: string) => {
    messages[name] = { name, title, summary, contentType: 'application/json', payload: toSchema(schema, 'output', schemas) };
    return { $ref: `#/channels/gateway/messages/${name}` };
  };

  const fromClient = [
    add('identify', 'identify', IdentifyFrame, 'First frame, within 10 s: start at the present. The token is never put in the URL.'),
    add('resume', 'resume', ResumeFrame, 'First frame instead of identify: replay every event after the cursor the user may see now, then `resumed`. Works on any replica. The token is checked first (4004 if bad, whatever the cursor).'),
    add('heartbeat', 'heartbeat', HeartbeatFrame, 'Every `heartbeatInterval` ms; two intervals without one close the socket 4009.'),
    add(
      'presence',
      'presence',
      PresenceFrame,
      'After identify or resume: what others see of you while you are connected, on every socket of yours (`invisible`: shown offline). Those who share a server or a conversation with you get presence.updated if it changed. A status not listed closes the socket 4002. Forgotten when your last socket closes: send it again (or in identify/resume) on reconnecting.',
    ),
  ];
  const fromServer = [
    add('hello', 'hello', z.object({ op: z.literal('hello'), d: z.object({ heartbeatInterval: z.number().int() }) }), 'Sent on connect.'),
    add('ready', 'ready', z.object({ op: z.literal('ready'), d: ReadyData }), 'The answer to identify: the user, their servers (with their channels up to 1,000 channels in all), their direct conversations, where they have something unread (`readStates`), the presences of the members of their servers of up to 1,000 members, and the cursor events continue from. No event or signal falls between it and the stream.'),
    ...Object.entries(EVENT_DATA).map(([type, data]) =>
      add(type.replace('.', '_'), type, dispatchSchema(type, data), `Dispatch \`${type}\`: \`d\` is the REST shape. ${HEARD_BY[type as keyof typeof EVENT_DATA] ?? "Only members of the event's server get it."}`),
    ),
    ...Object.entries(SIGNAL_DATA).map(([type, data]) =>
      add(
        type.replace('.', '_'),
        type,
        signalDispatchSchema(type, data),
        `Dispatch \`${type}\`, a signal: live only, with no \`cursor\`. It is not stored, a resume does not replay it, and it does not move the resume point.`,
      ),
    ),
    add('heartbeat_ack', 'heartbeat_ack', z.object({ op: z.literal('heartbeat_ack') }), 'The answer to heartbeat.'),
    add('resumed', 'resumed', z.object({ op: z.literal('resumed'), d: z.object({ replayed: z.number().int() }) }), 'The replay is over; live events follow.'),
    add('invalid_session', 'invalid_session', z.object({ op: z.literal('invalid_session') }), 'The cursor is unknown, older than the retention window, or further behind than a replay may go: identify again on the same socket at once (the 10 s from connecting still run), and re-fetch over REST.'),
  ];

  return {
    asyncapi: '3.0.0',
    info: {
      title: 'Chat gateway',
      version: '0.1.0',
      description: [
        'Realtime events over one WebSocket per client, on every API replica. Text frames of JSON `{op, d?, t?, cursor?}`; inbound frames at most 4 KiB.',
        'Close codes: ' + Object.entries(CLOSE_CODES).map(([code, meaning]) => `${code} ${meaning}`).join('; ') + '.',
      ].join('\n\n'),
    },
    servers: { api: { host: 'localhost:3000', protocol: 'ws', pathname: GATEWAY_PATH, description: 'Any replica; use wss behind TLS' } },
    channels: { gateway: { address: GATEWAY_PATH, messages } },
    operations: {
      clientSends: { action: 'receive', channel: { $ref: '#/channels/gateway' }, messages: fromClient, summary: 'What a client sends' },
      serverSends: { action: 'send', channel: { $ref: '#/channels/gateway' }, messages: fromServer, summary: 'What the server sends' },
    },
    components: { schemas },
  };
}
