import { blockChanged, blocksLoaded, isFolded, messageRevealed } from '../src/model/blocks.js';
import { signedOut } from '../src/model/state.js';
import { applyAll, bob, message, openChannelState } from './model-mothers.js';

describe("the page's model: blocked users", () => {
  it('folds the messages of a user once blocked, and only theirs', () => {
    const { state, effects } = blocksLoaded(openChannelState([message('1')]), [bob.id]);

    expect(isFolded(state, message('1'))).toBe(true);
    expect(isFolded(state, message('2', { author: { id: '300', username: 'cara', displayName: null, avatar: null } }))).toBe(false);
    expect(effects).toEqual([{ kind: 'members' }, { kind: 'every-message' }]);
  });

  it('shows one folded message when asked, drawing that message again', () => {
    const blocked = blocksLoaded(openChannelState([message('1'), message('2')]), [bob.id]).state;

    const { state, effects } = messageRevealed(blocked, '1');

    expect(isFolded(state, message('1'))).toBe(false);
    expect(isFolded(state, message('2'))).toBe(true);
    expect(effects).toEqual([{ kind: 'message', id: '1' }]);
  });

  it('blocks and unblocks, redrawing the member list and every message; a change to nothing draws nothing', () => {
    const blocked = blockChanged(openChannelState(), bob.id, true);
    expect(blocked.state.blocked).toEqual(new Set([bob.id]));
    expect(blocked.effects).toEqual([{ kind: 'members' }, { kind: 'every-message' }]);

    expect(blockChanged(blocked.state, bob.id, true).effects).toEqual([]);
    const unblocked = blockChanged(blocked.state, bob.id, false);
    expect(unblocked.state.blocked).toEqual(new Set());
    expect(isFolded(unblocked.state, message('1'))).toBe(false);
  });

  it("does not read a blocked user's new message out to screen readers", () => {
    const blocked = blocksLoaded(openChannelState(), [bob.id]).state;

    const { effects } = applyAll(blocked, { type: 'message.created', data: { ...message('2'), serverId: '10' } });

    expect(effects).toContainEqual({ kind: 'announce', text: 'Message from a blocked user' });
    expect(effects).not.toContainEqual(expect.objectContaining({ text: expect.stringContaining('message 2') }));
  });

  it('starts a session blocking nobody', () => {
    expect(signedOut.blocked.size).toBe(0);
    expect(signedOut.revealed.size).toBe(0);
  });
});
