import type { ChatEventType } from '@chat/domain';
import { EVENT_DATA, eventFromJson, LOGGED_EVENT_DATA, type EventJson, type LoggedEventType } from '../src';

/*
 * What the compiler holds the events' wire form to (`pnpm test` typechecks this file: each directive
 * below fails the run if its refusal goes away). Before the contract, `eventJson` returned
 * `Record<string, unknown>` data and its reader ended in a `default:` that threw at run time, so a
 * type left out of one of them, or data of the wrong shape, compiled.
 */
describe('the events on the wire, as the compiler holds them', () => {
  it('refuses event data of another type’s shape', () => {
    // @ts-expect-error channel.created carries a Channel, not a server id
    const json: EventJson = { t: 'channel.created', d: { serverId: '1' } };
    expect(json.t).toBe('channel.created');
  });

  it('has one list of event types, the domain’s: a type the domain lacks is not one', () => {
    const logged: LoggedEventType = 'session.revoked' satisfies ChatEventType;
    // @ts-expect-error the domain has no such event
    const unknown: LoggedEventType = 'message.exploded';

    expect(Object.keys(LOGGED_EVENT_DATA)).toEqual([...Object.keys(EVENT_DATA), logged, 'channel.hidden', 'channel.lost', 'channel.shown', 'conversation.opened', 'conversation.updated', 'conversation.closed']);
    expect(() => eventFromJson(unknown, {})).toThrow(/unknown event type/);
  });

  it('reads back every type of the list', () => {
    const unread = Object.keys(LOGGED_EVENT_DATA).filter((t) => {
      try {
        eventFromJson(t, {});
        return false;
      } catch (error) {
        return error instanceof TypeError && /unknown event type/.test(error.message);
      }
    });
    expect(unread).toEqual([]);
  });
});
