import type { EventRoute } from '../ports/event-history';
import { serverOf, subjectOf, type ChatEvent } from './chat-event';

/** An event's route: what the log stores beside its data when it is written. */
export const routeOf = (event: ChatEvent): EventRoute => ({ type: event.type, serverId: serverOf(event), subjectId: subjectOf(event) });
