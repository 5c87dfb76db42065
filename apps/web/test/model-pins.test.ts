import { loadEnded, loadStarted } from '../src/model/events.js';
import { pinsClosed, pinsLoaded, pinsOpened, pinToggled } from '../src/model/pins.js';
import { applyAll, me, message, openChannelState } from './model-mothers.js';

const pin = (messageId: string, channelId = '11') => ({ channelId, serverId: '10', messageId, pinnedBy: me.id });
const ids = (list: readonly { id: string }[] | undefined) => list?.map(({ id }) => id);

describe("the page's model: pins", () => {
  it('opens the panel on the open channel and reads its pins; an answer for a panel closed since is dropped', () => {
    const opened = pinsOpened(openChannelState());
    expect(opened.state.pins).toEqual({ channelId: '11', messages: [], loaded: false });
    expect(opened.effects).toEqual([{ kind: 'pins' }, { kind: 'fetch-pins', channelId: '11' }]);
    const loaded = pinsLoaded(opened.state, '11', [message('5', { pinned: true })]);
    expect(loaded.state.pins).toEqual({ channelId: '11', messages: [message('5', { pinned: true })], loaded: true });
    const closed = pinsClosed(opened.state).state;
    expect(pinsLoaded(closed, '11', [message('5')]).state).toBe(closed);
    expect(pinsLoaded(opened.state, '99', [message('5')]).state).toBe(opened.state);
  });

  it('reads the open panel again on message.pinned, takes a message out on message.unpinned, and marks loaded messages', () => {
    const open = pinsLoaded(pinsOpened(openChannelState([message('1'), message('2', { pinned: true })])).state, '11', [message('2', { pinned: true })]).state;
    const pinned = applyAll(open, { type: 'message.pinned', data: pin('1') });
    expect(pinned.state.messages[0]?.pinned).toBe(true);
    expect(pinned.effects).toEqual([{ kind: 'fetch-pins', channelId: '11' }, { kind: 'message', id: '1' }]);
    const unpinned = applyAll(open, { type: 'message.unpinned', data: pin('2') });
    expect(ids(unpinned.state.pins?.messages)).toEqual([]);
    expect(unpinned.state.messages[1]?.pinned).toBe(false);
    expect(unpinned.effects).toEqual([{ kind: 'pins' }, { kind: 'message', id: '2' }]);
  });

  it("leaves another channel's pins alone, and changes a message only once its page on the way has landed", () => {
    const open = pinsOpened(openChannelState([message('1')])).state;
    const elsewhere = applyAll(open, { type: 'message.pinned', data: pin('7', '99') });
    expect(elsewhere.effects).toEqual([]);
    const loading = loadStarted(open).state;
    const waited = applyAll(loading, { type: 'message.pinned', data: pin('1') });
    expect(waited.state.messages[0]?.pinned).toBe(false);
    expect(loadEnded(waited.state).state.messages[0]?.pinned).toBe(true);
    // Pinned already (this person's own pin, applied at once): the event draws nothing again.
    expect(pinToggled(loadEnded(waited.state).state, '1', true).effects).toEqual([]);
  });

  it('takes a deleted pinned message out of the panel', () => {
    const open = pinsLoaded(pinsOpened(openChannelState()).state, '11', [message('4', { pinned: true }), message('3', { pinned: true })]).state;
    const { state } = applyAll(open, { type: 'message.deleted', data: { id: '4', channelId: '11', serverId: '10' } });
    expect(ids(state.pins?.messages)).toEqual(['3']);
  });
});
