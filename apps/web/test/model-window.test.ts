import { channelOpened, loadEnded, loadStarted } from '../src/model/events.js';
import { pageLoaded } from '../src/model/messages.js';
import { aroundEnds, aroundLoaded, jumpStarted, newerLoaded } from '../src/model/window.js';
import { applyAll, message, openChannelState } from './model-mothers.js';

const ids = (state: { messages: readonly { id: string }[] }) => state.messages.map(({ id }) => id);
/** Messages `from`…`to` (ids as numbers), oldest first. */
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => message(String(from + i)));
const created = (id: string) => ({ type: 'message.created' as const, data: { ...message(id), serverId: '10' } });

describe("the page's model: which stretch of the channel is loaded", () => {
  it('reads the ends an around page reaches from its sides: a side short of its half ran out', () => {
    // limit 50: 25 older, the message, 24 newer.
    expect(aroundEnds(range(1, 50), '26', 50)).toEqual({ reachedStart: false, reachedEnd: false });
    // Near the end: 5 newer, so more older (44).
    expect(aroundEnds(range(1, 50), '45', 50)).toEqual({ reachedStart: false, reachedEnd: true });
    // Near the start: 3 older.
    expect(aroundEnds(range(1, 50), '4', 50)).toEqual({ reachedStart: true, reachedEnd: false });
    // A page short of the limit is the whole channel.
    expect(aroundEnds(range(1, 30), '26', 50)).toEqual({ reachedStart: true, reachedEnd: true });
  });

  it('marks the message jumped to, and leaves a live message out of an older stretch until the newer pages reach the present', () => {
    const opened = channelOpened(openChannelState(), '11').state;
    const jumped = aroundLoaded(jumpStarted(opened, '26'), range(1, 50), '26', 50);
    expect(jumped.state).toMatchObject({ highlighted: '26', reachedEnd: false, reachedStart: false });
    expect(jumped.effects).toEqual([{ kind: 'added', ids: range(1, 50).map(({ id }) => id) }]);

    const live = applyAll(jumped.state, created('90'));
    expect(ids(live.state)).not.toContain('90');
    expect(live.effects.map(({ kind }) => kind)).not.toContain('added');

    // A full newer page: still short of the present. A short one reaches it, and live messages join again.
    const newer = newerLoaded(live.state, range(51, 100), 50).state;
    expect(newer.reachedEnd).toBe(false);
    const present = newerLoaded(newer, range(101, 110), 50).state;
    expect(present.reachedEnd).toBe(true);
    expect(ids(applyAll(present, created('111')).state).at(-1)).toBe('111');
  });

  it('adds a live message that waited for the page that reached the present', () => {
    const opened = channelOpened(openChannelState(), '11').state;
    const stretch = aroundLoaded(jumpStarted(opened, '2'), range(1, 3), '2', 50).state;
    const far = aroundLoaded(jumpStarted(opened, '26'), range(1, 50), '26', 50).state;
    // The whole channel fits the page: the present is loaded.
    expect(stretch.reachedEnd).toBe(true);
    const waiting = applyAll(loadStarted(far).state, created('200')).state;
    const landed = loadEnded(newerLoaded(waiting, range(51, 60), 50).state).state;
    expect(ids(landed).at(-1)).toBe('200');
  });

  it('opens a channel again at its present, without the last mark', () => {
    const jumped = aroundLoaded(jumpStarted(channelOpened(openChannelState(), '11').state, '26'), range(1, 50), '26', 50).state;
    const reopened = channelOpened(jumped, '11').state;
    expect(reopened).toMatchObject({ messages: [], reachedEnd: true, highlighted: undefined });
    expect(pageLoaded(reopened, range(60, 70), 50).state.reachedEnd).toBe(true);
  });
});
