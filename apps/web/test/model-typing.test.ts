import { blockChanged } from '../src/model/blocks.js';
import { nextTypingExpiry, typingEnded, typingExpired, typingStarted, typingText } from '../src/model/typing.js';
import { applyAll, bob, cara, me, member, message, openChannelState, serverState } from './model-mothers.js';

const dan = { id: '400', username: 'dan', displayName: 'Dan D', avatar: null };
const eve = { id: '500', username: 'eve', displayName: null, avatar: null };
const state = () => openChannelState([], [serverState({ members: [member(me), member(bob), member(cara), member(dan), member(eve)] })]);
const at = (ms: number) => new Date(ms).toISOString();
const signal = (userId: string, until = 10_000, channelId = '11') => ({ channelId, serverId: '10', userId, expiresAt: at(until) });

describe("the page's model: who is typing", () => {
  it('says who is typing in the open channel, by name, in the order they began; more than three are "several people"', () => {
    let current = typingStarted(state(), signal(bob.id)).state;
    expect(typingText(current, 0)).toBe('bob is typing…');
    current = typingStarted(current, signal(dan.id)).state;
    expect(typingText(current, 0)).toBe('bob and Dan D are typing…');
    current = typingStarted(current, signal(cara.id)).state;
    expect(typingText(current, 0)).toBe('bob, Dan D and cara are typing…');
    // Bob again: he keeps his place.
    current = typingStarted(current, signal(bob.id, 20_000)).state;
    expect(typingText(current, 0)).toBe('bob, Dan D and cara are typing…');
    current = typingStarted(current, signal(eve.id)).state;
    expect(typingText(current, 0)).toBe('Several people are typing…');
  });

  it('draws the line again only for the open channel, never shows this person, and names someone unknown "Someone"', () => {
    expect(typingStarted(state(), signal(bob.id)).effects).toEqual([{ kind: 'typing' }]);
    const elsewhere = typingStarted(state(), signal(bob.id, 10_000, '12'));
    expect(elsewhere.effects).toEqual([]);
    expect(typingText(elsewhere.state, 0)).toBeUndefined();
    expect(typingStarted(state(), signal(me.id))).toEqual({ state: state(), effects: [] });
    expect(typingText(typingStarted(state(), signal('999')).state, 0)).toBe('Someone is typing…');
  });

  it('stops showing a typist when their signal runs out, or their message comes', () => {
    const two = typingStarted(typingStarted(state(), signal(bob.id, 5_000)).state, signal(cara.id, 9_000)).state;
    expect(nextTypingExpiry(two)).toBe(5_000);
    expect(typingText(two, 5_000)).toBe('cara is typing…');
    const expired = typingExpired(two, 5_000);
    expect(expired.effects).toEqual([{ kind: 'typing' }]);
    expect(nextTypingExpiry(expired.state)).toBe(9_000);
    expect(typingExpired(expired.state, 6_000).effects).toEqual([]);
    const sent = typingEnded(expired.state, '11', cara.id);
    expect(sent.effects).toEqual([{ kind: 'typing' }]);
    expect(sent.state.typing.size).toBe(0);
    expect(typingEnded(sent.state, '11', cara.id).effects).toEqual([]);
  });

  it('takes typing.started from the gateway, and ends it with that person\'s message.created there', () => {
    const typing = applyAll(state(), { type: 'typing.started', data: { ...signal(bob.id, Date.now() + 10_000), serverId: '10' } });
    expect(typingText(typing.state, Date.now())).toBe('bob is typing…');
    const said = applyAll(typing.state, { type: 'message.created', data: { ...message('7', { author: bob }), serverId: '10' } });
    expect(typingText(said.state, Date.now())).toBeUndefined();
    expect(said.effects).toContainEqual({ kind: 'typing' });
    // Someone else's message leaves Bob typing.
    expect(typingText(applyAll(typing.state, { type: 'message.created', data: { ...message('7', { author: cara }), serverId: '10' } }).state, Date.now())).toBe('bob is typing…');
  });

  it('leaves blocked users out', () => {
    const typing = typingStarted(state(), signal(bob.id)).state;
    expect(typingText(blockChanged(typing, bob.id, true).state, 0)).toBeUndefined();
  });
});
