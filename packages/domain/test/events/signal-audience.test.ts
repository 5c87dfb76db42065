import { Audience, hears, presenceUpdated, typingStarted } from '@chat/domain';

const at = new Date('2026-11-01T10:00:10.000Z');

describe('who hears a signal', () => {
  const member = new Audience('2', 's2', new Set(['10', '30']));
  const blind = new Audience('3', 's3', new Set(['10']), new Set(), { hidden: new Map([['20', '10']]), shownAfter: new Map() });

  it('a typist in a server’s channel: its members who see the channel, the typist never', () => {
    const typing = typingStarted({ id: '20', serverId: '10' }, '1', at);

    expect([hears(member, typing), hears(blind, typing), hears(new Audience('1', 's1', new Set(['10'])), typing), hears(new Audience('4', 's4', new Set(['11'])), typing)]).toEqual([
      true,
      false,
      false,
      false,
    ]);
  });

  it('a typist in a direct conversation: its recipients, by the conversation’s id', () => {
    const typing = typingStarted({ id: '30', serverId: null }, '1', at);

    expect([hears(member, typing), hears(blind, typing)]).toEqual([true, false]);
  });

  it('a presence: those who see one of the user’s servers or conversations, never the user', () => {
    const online = presenceUpdated('1', 'online', ['11', '30']);

    expect([hears(member, online), hears(blind, online), hears(new Audience('1', 's1', new Set(['30'])), online)]).toEqual([true, false, false]);
  });
});
