import type { Id } from '../ids';
import type { EventRoute } from '../ports/event-history';
import { channelOf, serverOf, subjectOf, type ChatEvent } from './chat-event';

/** An event's route: what the log stores beside its data when it is written. */
export const routeOf = (event: ChatEvent): EventRoute => ({ type: event.type, serverId: serverOf(event), subjectId: subjectOf(event), channelId: channelOf(event) });

/** The types that are for their subject alone: one member's sight of a channel changed, or one recipient came into a conversation or out of it. */
const PERSONAL: ReadonlySet<string> = new Set(['channel.lost', 'channel.shown', 'channel.hidden', 'conversation.opened', 'conversation.closed']);

/** Whether the event is for its subject alone (see `isPersonal`), not for the server's other members. */
export const isPersonal = (route: EventRoute): boolean => PERSONAL.has(route.type) && route.subjectId !== null;

/** The types about one user and no server: for that user's own sockets alone (a read marker moved on another device). */
const OWN: ReadonlySet<string> = new Set(['read_state.updated']);

/** Whether the event goes to its subject alone, in no server (see `OWN`): the fan-out offers it to their sockets only. */
export const isOwn = (route: EventRoute): boolean => OWN.has(route.type) && route.subjectId !== null;

/**
 * Whether the event goes to its subject and to the members of several servers, named in its data
 * rather than its route (`serversHearing`): a user's change, logged once however many servers they
 * are in, so each connection hears it once.
 */
export const isSpread = (route: EventRoute): boolean => route.type === 'user.updated' && route.subjectId !== null;

/** The servers whose members hear a spread event (see `isSpread`); none for the others. */
export const serversHearing = (event: ChatEvent): readonly Id[] => (event.type === 'user.updated' ? event.serverIds : []);
