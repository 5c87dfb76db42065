import { Audience, memberLeft, userUpdated, type ChatEvent } from '@chat/domain';

const ME = '1';
const OTHER = '2';
const MINE = '10';
const ALSO_MINE = '11';
const ELSEWHERE = '20';

const changed = (userId: string, serverIds: string[]): ChatEvent => userUpdated({ id: userId, username: `u${userId}`, displayName: 'New', avatar: null }, serverIds);

describe('Audience: a user’s change (user.updated)', () => {
  it('delivers it to a connection that shares one of the servers it names, once however many it shares', () => {
    const audience = new Audience(ME, 's1', new Set([MINE, ALSO_MINE]));

    expect(audience.admit(changed(OTHER, [MINE, ALSO_MINE, ELSEWHERE]), true)).toBe('deliver');
    expect(audience.admit(changed(OTHER, [ELSEWHERE, ALSO_MINE]), true)).toBe('deliver');
  });

  it('skips it for a connection that shares none of them', () => {
    const audience = new Audience(ME, 's1', new Set([MINE]));

    expect(audience.admit(changed(OTHER, [ELSEWHERE]), true)).toBe('skip');
    expect(audience.admit(changed(OTHER, []), true)).toBe('skip');
  });

  it('delivers the user’s own change to them, in no server at all', () => {
    const audience = new Audience(ME, 's1', new Set());

    expect(audience.admit(changed(ME, []), true)).toBe('deliver');
    expect(audience.admit(changed(ME, [ELSEWHERE]), false)).toBe('deliver');
  });

  it('judges by the servers the connection sees now: one it left no longer counts', () => {
    const audience = new Audience(ME, 's1', new Set([MINE]));

    expect(audience.admit(memberLeft(MINE, ME, 'leave'), true)).toBe('deliver');
    expect(audience.admit(changed(OTHER, [MINE]), true)).toBe('skip');
  });
});
