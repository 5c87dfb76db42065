import { presenceOf, presencesLoaded, presenceUpdated, statusChosen } from '../src/model/presence.js';
import { applyAll, bob, cara, conversation, me, openChannelState, openConversationState } from './model-mothers.js';

describe("the page's model: presence", () => {
  it("takes ready's presences; anyone not listed is offline", () => {
    const { state, effects } = presencesLoaded(openChannelState(), [{ userId: bob.id, status: 'idle' }]);
    expect(presenceOf(state, bob.id)).toBe('idle');
    expect(presenceOf(state, cara.id)).toBe('offline');
    expect(effects).toEqual([{ kind: 'members' }]);
    // Read again (a reconnect): what is not listed any more is offline.
    expect(presenceOf(presencesLoaded(state, []).state, bob.id)).toBe('offline');
    expect(presenceOf(presencesLoaded(state, [{ userId: cara.id, status: 'dnd' }], true).state, bob.id)).toBe('idle');
  });

  it("follows presence.updated, drawing the open server's member list again when the user is in it", () => {
    const online = applyAll(openChannelState(), { type: 'presence.updated', data: { userId: bob.id, status: 'online' } });
    expect(presenceOf(online.state, bob.id)).toBe('online');
    expect(online.effects).toEqual([{ kind: 'members' }]);
    expect(presenceUpdated(online.state, { userId: bob.id, status: 'online' }).effects).toEqual([]);
    const gone = presenceUpdated(online.state, { userId: bob.id, status: 'offline' });
    expect(gone.state.presences.size).toBe(0);
    // Cara is not in server 10: nothing to draw.
    expect(presenceUpdated(openChannelState(), { userId: cara.id, status: 'dnd' }).effects).toEqual([]);
    expect(presenceUpdated(openConversationState([conversation()]), { userId: bob.id, status: 'dnd' }).effects).toEqual([{ kind: 'conversation' }]);
  });

  it('shows this person their own choice, invisible as offline, and ignores an event about them', () => {
    const start = openChannelState();
    expect(presenceOf(start, me.id)).toBe('online');
    const chosen = statusChosen(start, 'invisible');
    expect(presenceOf(chosen.state, me.id)).toBe('offline');
    expect(chosen.effects).toEqual([{ kind: 'me' }, { kind: 'members' }]);
    expect(statusChosen(chosen.state, 'invisible').effects).toEqual([]);
    expect(presenceUpdated(start, { userId: me.id, status: 'dnd' }).state).toBe(start);
  });
});
