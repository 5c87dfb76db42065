import { Audience, channelCreated, memberJoined, memberLeft, messageDeleted, sessionRevoked, type ChatEvent } from '@chat/domain';

const ME = '1';
const OTHER = '2';
const MINE = '10';
const ELSEWHERE = '20';

const joined = (userId: string, serverId: string): ChatEvent =>
  memberJoined({ serverId, userId, joinedAt: new Date(0), user: { id: userId, username: `u${userId}`, displayName: null, avatar: null }, roleIds: [] });
const somethingIn = (serverId: string): ChatEvent => messageDeleted(serverId, '99', '98');

describe('Audience', () => {
  it("delivers events of the user's servers and skips every other server's", () => {
    const audience = new Audience(ME, 's1', new Set([MINE]));

    expect(audience.admit(somethingIn(MINE), true)).toBe('deliver');
    expect(audience.admit(channelCreated({ id: '5', serverId: ELSEWHERE, name: 'x', topic: null, position: 0, permissionOverwrites: [], createdAt: new Date(0) }), true)).toBe('skip');
  });

  it('delivers the leaver their own member.left, then nothing more of that server', () => {
    const audience = new Audience(ME, 's1', new Set([MINE]));

    expect(audience.admit(memberLeft(MINE, ME, 'leave'), true)).toBe('deliver');
    expect(audience.admit(somethingIn(MINE), true)).toBe('skip');
    expect(audience.sees(MINE)).toBe(false);
  });

  it("delivers another member's leave to the members who stay", () => {
    const audience = new Audience(ME, 's1', new Set([MINE]));

    expect(audience.admit(memberLeft(MINE, OTHER, 'leave'), true)).toBe('deliver');
    expect(audience.admit(somethingIn(MINE), true)).toBe('deliver');
  });

  it("opens a server at the user's own live member.joined, which is itself delivered", () => {
    const audience = new Audience(ME, 's1', new Set());

    expect(audience.admit(somethingIn(ELSEWHERE), true)).toBe('skip');
    expect(audience.admit(joined(ME, ELSEWHERE), true)).toBe('deliver');
    expect(audience.admit(somethingIn(ELSEWHERE), true)).toBe('deliver');
  });

  it("ignores someone else's join to a server the user is not in", () => {
    const audience = new Audience(ME, 's1', new Set());

    expect(audience.admit(joined(OTHER, ELSEWHERE), true)).toBe('skip');
    expect(audience.sees(ELSEWHERE)).toBe(false);
  });

  describe('replaying what came before the snapshot', () => {
    it('keeps a server the user has left since shut, even across their old join', () => {
      const audience = new Audience(ME, 's1', new Set());

      expect(audience.admit(joined(ME, ELSEWHERE), false)).toBe('skip');
      expect(audience.admit(somethingIn(ELSEWHERE), false)).toBe('skip');
      expect(audience.admit(memberLeft(ELSEWHERE, ME, 'leave'), false)).toBe('deliver');
    });

    it('opens a server joined after the replay started only at that join', () => {
      const audience = new Audience(ME, 's1', new Set([MINE]), new Set([MINE]));

      expect(audience.admit(somethingIn(MINE), false)).toBe('skip');
      expect(audience.admit(joined(ME, MINE), false)).toBe('deliver');
      expect(audience.admit(somethingIn(MINE), false)).toBe('deliver');
    });

    it('delivers everything of a server the user was in before the replay started', () => {
      const audience = new Audience(ME, 's1', new Set([MINE]), new Set());

      expect(audience.admit(somethingIn(MINE), false)).toBe('deliver');
    });
  });

  it.each([
    ['this session', sessionRevoked(ME, 's1'), 'close'],
    ['every session of the user', sessionRevoked(ME, null), 'close'],
    ['another session of the user', sessionRevoked(ME, 's2'), 'skip'],
    ["another user's session", sessionRevoked(OTHER, null), 'skip'],
  ])('answers a revocation of %s with %s', (_what, event, admission) => {
    expect(new Audience(ME, 's1', new Set([MINE])).admit(event, true)).toBe(admission);
  });
});
