import { candidates, completed, completionClosed, completionMoved, composerTyped, mentionQuery } from '../src/model/completion.js';
import { channelOpened } from '../src/model/events.js';
import { bob, cara, conversation, me, member, openChannelState, openConversationState, serverState } from './model-mothers.js';

const alfred = { id: '400', username: 'alfred', displayName: 'Al Fred', avatar: null };
const state = () => openChannelState([], [serverState({ members: [member(me), member(bob), member(cara), member(alfred)] })]);
const names = (users: readonly { username: string }[]) => users.map(({ username }) => username);

describe("the page's model: @ completion in the composer", () => {
  it('finds the @word that ends at the caret, at the start or after a space or bracket, but not in an address or a finished mention', () => {
    expect(mentionQuery('@al', 3)).toEqual({ start: 0, query: 'al' });
    expect(mentionQuery('hi @al there', 6)).toEqual({ start: 3, query: 'al' });
    expect(mentionQuery('hi (@', 5)).toEqual({ start: 4, query: '' });
    expect(mentionQuery('mail a@al', 9)).toBeUndefined();
    expect(mentionQuery('<@100>', 6)).toBeUndefined();
    expect(mentionQuery('@al there', 9)).toBeUndefined();
  });

  it("offers the open server's members whose username, display name or a word of it begins so, by name, case aside", () => {
    expect(names(candidates(state(), 'AL'))).toEqual(['alfred', 'alice']);
    expect(names(candidates(state(), 'fr'))).toEqual(['alfred']);
    expect(names(candidates(state(), ''))).toEqual(['alfred', 'alice', 'bob', 'cara']);
    expect(candidates(state(), 'zed')).toEqual([]);
  });

  it("offers the open conversation's recipients", () => {
    expect(names(candidates(openConversationState([conversation({ recipients: [me, cara] })]), 'c'))).toEqual(['cara']);
  });

  it('opens on an @word with matches, keeps the picked person as typing narrows, moves round with the arrows, and closes', () => {
    const opened = composerTyped(state(), 'hi @', 4);
    expect(opened.effects).toEqual([{ kind: 'completion' }]);
    expect(opened.state.completion).toMatchObject({ start: 3, end: 4, active: 0 });
    const up = completionMoved(opened.state, -1).state;
    expect(up.completion?.options[up.completion.active]?.username).toBe('cara');
    const narrowed = composerTyped(completionMoved(opened.state, 1).state, 'hi @a', 5).state;
    expect(narrowed.completion?.options[narrowed.completion.active]?.username).toBe('alice');
    // Nothing new to draw when the list stays as it is.
    expect(composerTyped(narrowed, 'hi @a', 5).effects).toEqual([]);
    expect(composerTyped(narrowed, 'hi @zz', 6)).toEqual({ state: { ...narrowed, completion: undefined }, effects: [{ kind: 'completion' }] });
    expect(completionClosed(narrowed)).toEqual({ state: { ...narrowed, completion: undefined }, effects: [{ kind: 'completion' }] });
    expect(completionClosed(state()).effects).toEqual([]);
  });

  it('writes <@id> and a space in place of the @word, keeping the text after it, with the caret after the mention', () => {
    expect(completed('hi @al', { start: 3, end: 6 }, { id: '400' })).toEqual({ text: 'hi <@400> ', caret: 10 });
    expect(completed('hi @al and more', { start: 3, end: 6 }, { id: '400' })).toEqual({ text: 'hi <@400> and more', caret: 10 });
  });

  it('closes when another channel opens', () => {
    const open = composerTyped(state(), '@', 1).state;
    const { state: next, effects } = channelOpened(open, '11');
    expect(next.completion).toBeUndefined();
    expect(effects).toContainEqual({ kind: 'completion' });
  });
});
