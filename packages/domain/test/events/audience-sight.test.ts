import { Audience, channelGained, channelHidden, channelLost, memberLeft, messageDeleted, roleDeleted, type Channel } from '@chat/domain';

const ME = '1';
const OTHER = '2';
const SERVER = '10';
const OPEN = '100';
const SECRET = '200';

const channel = (id: string): Channel => ({ id, serverId: SERVER, name: `c${id}`, topic: null, position: 0, permissionOverwrites: [], createdAt: new Date(0) });
const messageIn = (channelId: string) => messageDeleted(SERVER, channelId, '99');
const audience = (hidden: [string, string][] = [], shownAfter: [string, string][] = []) =>
  new Audience(ME, 's1', new Set([SERVER]), new Set(), { hidden: new Map(hidden), shownAfter: new Map(shownAfter) });

describe('Audience: the channels of a server', () => {
  it('skips the events of a channel out of sight at the snapshot, and delivers the rest of the server', () => {
    const watching = audience([[SECRET, SERVER]]);

    expect(watching.admit(messageIn(SECRET), true)).toBe('skip');
    expect(watching.admit(messageIn(OPEN), true)).toBe('deliver');
    expect(watching.admit(roleDeleted(SERVER, '7'), true)).toBe('deliver');
    expect([watching.seesChannel(SECRET), watching.seesChannel(OPEN)]).toEqual([false, true]);
  });

  it('delivers the user their own loss of a channel, then nothing of it; another member’s loss is not theirs', () => {
    const watching = audience();

    expect(watching.admit(channelLost(SERVER, OPEN, OTHER), true)).toBe('skip');
    expect(watching.admit(messageIn(OPEN), true)).toBe('deliver');
    expect(watching.admit(channelLost(SERVER, OPEN, ME), true)).toBe('deliver');
    expect(watching.admit(messageIn(OPEN), true)).toBe('skip');
  });

  it('delivers the user their own gain of a channel, then its events', () => {
    const watching = audience([[SECRET, SERVER]]);

    expect(watching.admit(channelGained(channel(SECRET), OTHER), true)).toBe('skip');
    expect(watching.admit(messageIn(SECRET), true)).toBe('skip');
    expect(watching.admit(channelGained(channel(SECRET), ME), true)).toBe('deliver');
    expect(watching.admit(messageIn(SECRET), true)).toBe('deliver');
  });

  it('keeps the user out of a channel they never saw, telling them nothing (channel.hidden)', () => {
    const watching = audience();

    expect(watching.admit(channelHidden(SERVER, SECRET, ME), true)).toBe('skip');
    expect(watching.admit(messageIn(SECRET), true)).toBe('skip');
    expect(watching.admit(messageIn(OPEN), true)).toBe('deliver');
  });

  it('on a replay, keeps shut a channel out of sight now, though the log once opened it', () => {
    const replaying = audience([[SECRET, SERVER]]);

    expect(replaying.admit(channelGained(channel(SECRET), ME), false)).toBe('skip');
    expect(replaying.admit(messageIn(SECRET), false)).toBe('skip');
    // Its loss is still theirs to know.
    expect(replaying.admit(channelLost(SERVER, SECRET, ME), false)).toBe('deliver');
  });

  it('on a replay, opens a channel that came into sight after its start only at that coming', () => {
    const replaying = audience([], [[OPEN, SERVER]]);

    expect(replaying.admit(messageIn(OPEN), false)).toBe('skip');
    expect(replaying.admit(channelGained(channel(OPEN), ME), false)).toBe('deliver');
    expect(replaying.admit(messageIn(OPEN), false)).toBe('deliver');
  });

  it('forgets the channels of a server the user left (a later join says anew what they cannot see), but those out of sight now', () => {
    const watching = audience([[SECRET, SERVER]]);
    watching.admit(channelLost(SERVER, OPEN, ME), true);

    watching.admit(memberLeft(SERVER, ME, 'leave'), true);
    expect(watching.seesChannel(OPEN)).toBe(true);
    expect(watching.seesChannel(SECRET)).toBe(false);
    expect(watching.sees(SERVER)).toBe(false);
  });

  it('tells nothing of a channel’s loss in a server the user does not see, but remembers it', () => {
    const outside = new Audience(ME, 's1', new Set());

    expect(outside.admit(channelLost(SERVER, SECRET, ME), true)).toBe('skip');
    expect(outside.seesChannel(SECRET)).toBe(false);
  });
});
