import { channelOpened, loadEnded, loadStarted } from '../src/model/events.js';
import { addMessages, drawnAfter, edited, editing, pageLoaded } from '../src/model/messages.js';
import { applyAll, me, message, openChannelState } from './model-mothers.js';

const ids = (state: { messages: readonly { id: string }[] }) => state.messages.map(({ id }) => id);

describe("the page's model: the open channel's messages", () => {
  it('adds a message.created in the open channel, and says it to screen readers when it is someone else\'s', () => {
    const { state, effects } = applyAll(openChannelState([message('1')]), { type: 'message.created', data: { ...message('2'), serverId: '10' } });
    expect(ids(state)).toEqual(['1', '2']);
    expect(effects).toEqual([
      // Unread until it shows: the page marks it read then.
      { kind: 'mark-read' },
      { kind: 'added', ids: ['2'] },
      { kind: 'announce', text: 'bob: message 2' },
    ]);
  });

  it("does not announce this person's own message, nor show one from another channel", () => {
    const own = applyAll(openChannelState(), { type: 'message.created', data: { ...message('2', { author: me }), serverId: '10' } });
    expect(own.effects).toEqual([{ kind: 'added', ids: ['2'] }]);
    const elsewhere = applyAll(openChannelState(), { type: 'message.created', data: { ...message('3', { channelId: '99' }), serverId: '10' } });
    // Only counted as unread there (model-read-states.test.ts).
    expect(elsewhere.state.messages).toEqual([]);
    expect(elsewhere.effects.map(({ kind }) => kind)).toEqual(['servers', 'channels']);
  });

  it('keeps messages in id order, comparing snowflakes as numbers, and adds each once', () => {
    const { state, effects } = addMessages(openChannelState([message('9'), message('100')]), [message('10'), message('9'), message('1000')]);
    expect(ids(state)).toEqual(['9', '10', '100', '1000']);
    expect(effects).toEqual([{ kind: 'added', ids: ['10', '1000'] }]);
  });

  it('takes a message.deleted out of the list', () => {
    const { state, effects } = applyAll(openChannelState([message('1'), message('2')]), { type: 'message.deleted', data: { id: '1', channelId: '11', serverId: '10' } });
    expect(ids(state)).toEqual(['2']);
    expect(effects).toEqual([{ kind: 'removed', id: '1' }]);
  });

  it("applies a message.updated's text and keeps this viewer's reactions", () => {
    const mine = [{ emoji: '👍', count: 1, reacted: true }];
    const update = { ...message('1', { content: 'fixed', editedAt: '2026-01-02T00:00:00.000Z' }), serverId: '10' };
    const { state, effects } = applyAll(openChannelState([message('1', { reactions: mine })]), { type: 'message.updated', data: update });
    expect(state.messages[0]).toEqual(message('1', { content: 'fixed', editedAt: '2026-01-02T00:00:00.000Z', reactions: mine }));
    expect(effects).toEqual([{ kind: 'message', id: '1' }]);
  });

  it("counts reactions as the gateway says, in place, and marks only this viewer's as reacted", () => {
    const start = openChannelState([message('1', { reactions: [{ emoji: '👍', count: 1, reacted: false }, { emoji: '🎉', count: 2, reacted: true }] })]);
    const reaction = (emoji: string, count: number, userId: string) => ({ messageId: '1', channelId: '11', serverId: '10', emoji, count, userId });
    const { state } = applyAll(
      start,
      { type: 'reaction.added', data: reaction('👍', 2, me.id) },
      { type: 'reaction.removed', data: reaction('🎉', 1, '200') },
      { type: 'reaction.added', data: reaction('👀', 1, '200') },
    );
    expect(state.messages[0]?.reactions).toEqual([
      { emoji: '👍', count: 2, reacted: true },
      { emoji: '🎉', count: 1, reacted: true },
      { emoji: '👀', count: 1, reacted: false },
    ]);
    const gone = applyAll(state, { type: 'reaction.removed', data: reaction('👍', 0, me.id) }, { type: 'reaction.cleared', data: { messageId: '1', channelId: '11', serverId: '10', emoji: '🎉' } });
    expect(gone.state.messages[0]?.reactions).toEqual([{ emoji: '👀', count: 1, reacted: false }]);
  });

  it("holds the open channel's events while a page is on its way, and applies them after it, in order", () => {
    const opened = channelOpened(openChannelState(), '11').state;
    const waiting = applyAll(
      loadStarted(opened).state,
      { type: 'message.updated', data: { ...message('1', { content: 'edited' }), serverId: '10' } },
      { type: 'message.deleted', data: { id: '2', channelId: '11', serverId: '10' } },
    );
    expect(waiting.effects).toEqual([]);
    const landed = pageLoaded(waiting.state, [message('1'), message('2')], 50).state;
    expect(ids(landed)).toEqual(['1', '2']);
    const { state, effects } = loadEnded(landed);
    expect(state.messages).toEqual([message('1', { content: 'edited' })]);
    expect(effects).toEqual([
      { kind: 'message', id: '1' },
      { kind: 'removed', id: '2' },
    ]);
    expect(state.waiting).toEqual([]);
  });

  it('drops the events that waited for a channel that is no longer open, and starts it empty', () => {
    const loading = loadStarted(channelOpened(openChannelState([message('1')]), '11').state).state;
    const waited = applyAll(loading, { type: 'message.deleted', data: { id: '1', channelId: '11', serverId: '10' } }).state;
    const reopened = channelOpened(waited, '11');
    expect(reopened.state).toMatchObject({ messages: [], waiting: [], opening: loading.opening + 1, reachedStart: false });
    expect(reopened.effects).toEqual([{ kind: 'channel' }, { kind: 'channels' }]);
    expect(channelOpened(waited, '404')).toEqual({ state: waited, effects: [] });
  });

  it('knows the start of the channel is reached when a page comes back short', () => {
    expect(pageLoaded(openChannelState(), [message('1')], 50).state.reachedStart).toBe(true);
    expect(pageLoaded(openChannelState(), [message('1')], 1).state.reachedStart).toBe(false);
  });

  it("closes the edit form with this person's saved text", () => {
    const open = editing(openChannelState([message('1', { author: me })]), '1', true).state;
    expect(open.editing).toBe('1');
    const { state, effects } = edited(open, message('1', { author: me, content: 'better', editedAt: '2026-01-02T00:00:00.000Z' }));
    expect(state.editing).toBeUndefined();
    expect(state.messages[0]?.content).toBe('better');
    expect(effects).toEqual([{ kind: 'message', id: '1' }]);
  });
});

describe("the page's model: where a new message is drawn", () => {
  /** The list as drawn: `added` effects run in turn against `state`, each message put where `drawnAfter` says. */
  function draw(state: readonly { id: string }[], added: readonly (readonly string[])[]): string[] {
    const shown: string[] = [];
    for (const ids of added) {
      // As `insertMessages` does: the state's messages last first, those of this effect not drawn yet.
      for (let index = state.length - 1; index >= 0; index -= 1) {
        const id = state[index]!.id;
        if (!ids.includes(id) || shown.includes(id)) continue;
        const before = drawnAfter(state, index, (other) => shown.includes(other));
        shown.splice(before === undefined ? shown.length : shown.indexOf(before), 0, id);
      }
    }
    return shown;
  }

  it('puts messages in id order when events that waited for a page are drawn together, whatever order they came in', () => {
    // Three messages came while a page was on its way, the newest first (the gateway's order is the
    // order the API committed them, not their ids'): replayed at once, each one's `added` runs
    // against the state after all three.
    const waited = ['3', '1', '2'].map((id) => ({ type: 'message.created' as const, data: { ...message(id), serverId: '10' } }));
    const loadingState = applyAll(loadStarted(openChannelState([message('0')])).state, ...waited).state;
    const { state, effects } = loadEnded(loadingState);
    expect(ids(state)).toEqual(['0', '1', '2', '3']);
    const added = effects.flatMap((effect) => (effect.kind === 'added' ? [effect.ids] : []));
    expect(added).toEqual([['3'], ['1'], ['2']]);
    expect(draw(state.messages, [['0'], ...added])).toEqual(['0', '1', '2', '3']);
  });

  it('puts a message before the first later one drawn, or at the end', () => {
    const state = ['1', '2', '3', '4'].map((id) => ({ id }));
    expect(drawnAfter(state, 0, (id) => id === '3')).toBe('3');
    expect(drawnAfter(state, 1, (id) => id === '2' || id === '4')).toBe('4');
    expect(drawnAfter(state, 2, () => false)).toBeUndefined();
    expect(drawnAfter(state, 3, () => true)).toBeUndefined();
  });
});
