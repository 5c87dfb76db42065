import type { EventRoute } from '../ports/event-history';
import { channelOf, serverOf, subjectOf, type ChatEvent } from './chat-event';

/** An event's route: what the log stores beside its data when it is written. */
export const routeOf = (event: ChatEvent): EventRoute => ({ type: event.type, serverId: serverOf(event), subjectId: subjectOf(event), channelId: channelOf(event) });

/**
 * Whether the event is for its subject alone: one member's sight of a channel changed. Every event
 * with both a channel and a subject is one (no other event has both).
 */
export const isPersonal = (route: EventRoute): boolean => route.channelId !== null && route.subjectId !== null;
