import { moreFound, searchClosed, searchLoaded, shownSearch, snippet } from '../src/model/search.js';
import { message, openChannelState } from './model-mothers.js';

describe("the page's model: the search of the open server", () => {
  it('shows the hits of the open server only, and closes', () => {
    const found = searchLoaded(openChannelState(), '10', 'plans', { messages: [message('9'), message('5')], hasMore: true });
    expect(found.effects).toEqual([{ kind: 'search' }]);
    expect(shownSearch(found.state)?.messages.map(({ id }) => id)).toEqual(['9', '5']);
    expect(shownSearch({ ...found.state, serverId: '20' })).toBeUndefined();
    expect(searchClosed(found.state).state.search).toBeUndefined();
  });

  it('adds the older hits after those shown, each once, and drops those of a search since replaced', () => {
    const first = searchLoaded(openChannelState(), '10', 'plans', { messages: [message('9'), message('5')], hasMore: true }).state;
    const more = moreFound(first, '10', 'plans', { messages: [message('5'), message('3')], hasMore: false }).state;
    expect(more.search?.messages.map(({ id }) => id)).toEqual(['9', '5', '3']);
    expect(more.search?.hasMore).toBe(false);
    const replaced = searchLoaded(first, '10', 'trip', { messages: [message('7')], hasMore: false }).state;
    expect(moreFound(replaced, '10', 'plans', { messages: [message('3')], hasMore: false })).toEqual({ state: replaced, effects: [] });
  });

  it('cuts a long text for the list', () => {
    expect(snippet('short')).toBe('short');
    expect(snippet(`${'a'.repeat(199)} bc`)).toBe(`${'a'.repeat(199)}…`);
  });
});
