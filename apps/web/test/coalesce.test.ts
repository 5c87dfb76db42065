import { createCoalescer } from '../src/coalesce.js';

describe('reads asked for by a burst of events', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('runs a job once per key, a while after it is first asked for', () => {
    const ran: string[] = [];
    const soon = createCoalescer(100);
    soon.schedule('a', () => ran.push('a1'));
    jest.advanceTimersByTime(60);
    soon.schedule('a', () => ran.push('a2'));
    soon.schedule('b', () => ran.push('b1'));
    jest.advanceTimersByTime(39);
    expect(ran).toEqual([]);
    jest.advanceTimersByTime(1);
    expect(ran).toEqual(['a1']);
    jest.advanceTimersByTime(60);
    expect(ran).toEqual(['a1', 'b1']);
  });

  it('gives a job asked for once the last one started a turn of its own (a burst never starves it)', () => {
    const ran: number[] = [];
    const soon = createCoalescer(100);
    soon.schedule('a', () => ran.push(1));
    jest.advanceTimersByTime(100);
    soon.schedule('a', () => ran.push(2));
    jest.advanceTimersByTime(100);
    expect(ran).toEqual([1, 2]);
  });

  it('drops every waiting job when cancelled', () => {
    const ran: string[] = [];
    const soon = createCoalescer(100);
    soon.schedule('a', () => ran.push('a'));
    soon.cancelAll();
    jest.advanceTimersByTime(500);
    expect(ran).toEqual([]);
    soon.schedule('a', () => ran.push('again'));
    jest.advanceTimersByTime(100);
    expect(ran).toEqual(['again']);
  });
});
