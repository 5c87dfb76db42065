import { createMarker, SETTLE_MS, SPACING_MS, type MarkTarget } from '../src/marker.js';

describe('when the open channel is marked read', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  /** A marker whose target is what the test says, and the marks it made. */
  function aMarker() {
    let target: MarkTarget | undefined = { channelId: '11', messageId: '1' };
    const marked: MarkTarget[] = [];
    const marker = createMarker(() => target, async (chosen) => void marked.push(chosen), () => Date.now());
    return { marker, marked, set: (next: MarkTarget | undefined) => (target = next) };
  }

  it('marks once, a while after the newest message shows, up to what is newest then (a burst makes one mark)', async () => {
    const { marker, marked, set } = aMarker();
    marker.soon();
    jest.advanceTimersByTime(SETTLE_MS / 2);
    set({ channelId: '11', messageId: '2' });
    marker.soon();
    await jest.advanceTimersByTimeAsync(SETTLE_MS / 2 - 1);
    expect(marked).toEqual([]);
    await jest.advanceTimersByTimeAsync(1);
    expect(marked).toEqual([{ channelId: '11', messageId: '2' }]);
  });

  it('marks nothing when nothing unread shows, then or when the time comes', async () => {
    const { marker, marked, set } = aMarker();
    set(undefined);
    marker.soon();
    await jest.advanceTimersByTimeAsync(SPACING_MS);
    set({ channelId: '11', messageId: '1' });
    marker.soon();
    set(undefined);
    await jest.advanceTimersByTimeAsync(SPACING_MS);
    expect(marked).toEqual([]);
  });

  it('spaces two marks of one channel by a few seconds, but not marks of two channels', async () => {
    const { marker, marked, set } = aMarker();
    marker.soon();
    await jest.advanceTimersByTimeAsync(SETTLE_MS);
    set({ channelId: '11', messageId: '2' });
    marker.soon();
    await jest.advanceTimersByTimeAsync(SPACING_MS - 1);
    expect(marked).toHaveLength(1);
    await jest.advanceTimersByTimeAsync(1);
    expect(marked).toHaveLength(2);
    set({ channelId: '12', messageId: '3' });
    marker.soon();
    await jest.advanceTimersByTimeAsync(SETTLE_MS);
    expect(marked.at(-1)).toEqual({ channelId: '12', messageId: '3' });
  });

  it('drops what waits when the session ends', async () => {
    const { marker, marked } = aMarker();
    marker.soon();
    marker.cancel();
    await jest.advanceTimersByTimeAsync(SPACING_MS);
    expect(marked).toEqual([]);
  });
});
