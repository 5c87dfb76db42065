import type { EventRoute } from '../ports/event-history';
import { channelOf, serverOf, subjectOf, type ChatEvent } from './chat-event';

/** An event's route: what the log stores beside its data when it is written. */
export const routeOf = (event: ChatEvent): EventRoute => ({ type: event.type, serverId: serverOf(event), subjectId: subjectOf(event), channelId: channelOf(event) });

/** The types that are for their subject alone: one member's sight of a channel changed, or one recipient came into a conversation or out of it. */
const PERSONAL: ReadonlySet<string> = new Set(['channel.lost', 'channel.shown', 'channel.hidden', 'conversation.opened', 'conversation.closed']);

/** Whether the event is for its subject alone (see `PERSONAL`), not for the server's other members. */
export const isPersonal = (route: EventRoute): boolean => PERSONAL.has(route.type) && route.subjectId !== null;
