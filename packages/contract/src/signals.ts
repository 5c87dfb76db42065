import type { Signal, SignalType } from '@chat/domain';
import { z } from 'zod';
import { id, ShownStatusField, timestamp } from './fields';

/*
 * Signals: dispatches a client is sent live and never again. They are not in the log, carry no
 * cursor and do not move the resume point; a resume does not replay them.
 */

export const TypingStartedEvent = z
  .object({
    channelId: id,
    serverId: id.nullable().meta({ description: 'The server; null in a direct conversation' }),
    userId: id,
    expiresAt: timestamp.meta({ description: 'When to stop showing it, unless another comes: 10 s on. A message.created by the same user in the same channel ends it sooner' }),
  })
  .meta({ id: 'TypingStartedEvent', description: 'A user is typing in a channel you see (never your own typing)' });

export const PresenceUpdatedEvent = z
  .object({ userId: id, status: ShownStatusField })
  .meta({
    id: 'PresenceUpdatedEvent',
    description:
      'What a user who shares a server or a direct conversation with you shows changed (never your own). A server of more members than the deployment’s PRESENCE_FAN_OUT_MAX_MEMBERS (1,000 unless set; 0: no bound) sends no presence.updated at all: there read presence on demand with `GET /api/servers/:id/members?presence=true` (each member’s `status`). Conversations always send it',
  });

/** A presence change as replicas pass it: the client's data, and the user's servers and conversations (who may hear it; never sent). */
const PresenceUpdatedData = PresenceUpdatedEvent.extend({ serverIds: z.array(id) });

/** Every signal type a client can be sent, with its data (the counterpart of `EVENT_DATA`). */
export const SIGNAL_DATA = {
  'typing.started': TypingStartedEvent,
  'presence.updated': PresenceUpdatedEvent,
} as const satisfies Record<SignalType, z.ZodType>;

/** `t` and `d` of a signal as a client is sent it. */
export type SignalJson = { [T in SignalType]: { readonly t: T; readonly d: z.output<(typeof SIGNAL_DATA)[T]> } }[SignalType];

export function signalJson(signal: Signal): SignalJson {
  switch (signal.type) {
    case 'typing.started':
      return { t: signal.type, d: { channelId: signal.channelId, serverId: signal.serverId, userId: signal.userId, expiresAt: signal.expiresAt.toISOString() } };
    case 'presence.updated':
      return { t: signal.type, d: { userId: signal.userId, status: signal.status } };
  }
}

/** A signal's dispatch frame: as an event's, without a cursor. */
export function signalFrame(signal: Signal): string {
  const { t, d } = signalJson(signal);
  return JSON.stringify({ op: 'dispatch', t, d });
}

/** A signal as replicas pass it to each other: `t` and `d` as a client is sent it, with a presence's `serverIds`. */
export function signalWire(signal: Signal): string {
  const { t, d } = signalJson(signal);
  return JSON.stringify(signal.type === 'presence.updated' ? { t, d: { ...d, serverIds: signal.serverIds } } : { t, d });
}

/** `signalWire` read back, checked against its schema; null for what this version cannot read (a newer type, a malformed text). */
export function signalFromWire(text: string): Signal | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null; // not JSON: passed on to no one
  }
  if (typeof value !== 'object' || value === null || !('t' in value) || !('d' in value)) return null;
  if (value.t === 'typing.started') {
    const parsed = TypingStartedEvent.safeParse(value.d);
    return parsed.success ? { type: value.t, ...parsed.data, expiresAt: new Date(parsed.data.expiresAt) } : null;
  }
  if (value.t === 'presence.updated') {
    const parsed = PresenceUpdatedData.safeParse(value.d);
    return parsed.success ? { type: value.t, ...parsed.data } : null;
  }
  return null;
}

export const signalDispatchSchema = (type: string, data: z.ZodType) => z.object({ op: z.literal('dispatch'), t: z.literal(type), d: data });
