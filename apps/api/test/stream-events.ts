import { eventJson } from '@chat/contract';
import { messageCreated, NO_MENTIONS, routeOf, type ChatEvent, type EncodedEvent, type LoggedEvent } from '@chat/domain';

/** Events for the stream adapters' tests: awkward contents, encoded as the relay hands them on. */
export const AWKWARD = ['two\nlines', 'ünïcödé 🎉 and " quotes', '12 message.created 3\n{}', '', ' '.repeat(300)];

/** A message in channel 8 of server 7, or in a channel of `serverId`'s own (`null`: a conversation's, 80). */
export const said = (content: string, i: number, serverId: string | null = '7'): ChatEvent =>
  messageCreated(serverId, { id: String(500 + i), channelId: serverId === '7' ? '8' : `8${serverId ?? '0'}`, content, createdAt: new Date(Date.UTC(2026, 10, 23)), editedAt: null, ...NO_MENTIONS, author: { id: '9', username: 'ann', displayName: null, avatar: null }, reactions: [] }, null);

export const encoded = (position: number, event: ChatEvent): EncodedEvent => {
  const { t, d } = eventJson(event);
  return { position, id: String(1000 + position), ...routeOf(event), type: t, data: JSON.stringify(d) };
};

/** What a reader got, decoded. */
export const seen = (events: readonly LoggedEvent[]) => events.map(({ position, id, event }) => ({ position, id, event }));
