import { Audience, isOwn, readStateUpdated, routeOf } from '@chat/domain';

const ME = '1';
const OTHER = '2';
const SERVER = '10';
const CHANNEL = '11';

describe('Audience: a read marker moved (read_state.updated)', () => {
  it('delivers a user’s own to every connection of theirs, live or replayed, in a server or none', () => {
    for (const servers of [new Set([SERVER]), new Set<string>()]) {
      const audience = new Audience(ME, 's1', servers);
      expect(audience.admit(readStateUpdated(ME, CHANNEL, '100', 0), true)).toBe('deliver');
      expect(audience.admit(readStateUpdated(ME, CHANNEL, '100', 0), false)).toBe('deliver');
    }
  });

  it('skips another user’s, even in a channel both see', () => {
    const audience = new Audience(ME, 's1', new Set([SERVER]));

    expect(audience.admit(readStateUpdated(OTHER, CHANNEL, '100', 0), true)).toBe('skip');
  });

  it('is routed to its user alone, by no server, so the fan-out offers it to their sockets only', () => {
    const route = routeOf(readStateUpdated(ME, CHANNEL, '100', 0));

    expect(route).toEqual({ type: 'read_state.updated', serverId: null, subjectId: ME, channelId: null });
    expect(isOwn(route)).toBe(true);
  });
});
