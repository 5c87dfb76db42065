import { AFTER_SEND_MS, createTypingSender, TYPING_EVERY_MS } from '../src/typing-sender.js';

describe('telling the others one is typing', () => {
  function aSender() {
    let clock = 0;
    const told: string[] = [];
    const sender = createTypingSender((channelId) => told.push(channelId), () => clock);
    return { sender, told, later: (ms: number) => (clock += ms) };
  }

  it('tells at once, then at most once every 8 s per channel while typing goes on', () => {
    const { sender, told, later } = aSender();
    sender.typed('11', 'h');
    later(TYPING_EVERY_MS - 1);
    sender.typed('11', 'he');
    sender.typed('12', 'x');
    expect(told).toEqual(['11', '12']);
    later(1);
    sender.typed('11', 'hel');
    expect(told).toEqual(['11', '12', '11']);
  });

  it('tells nothing for an emptied box; after a send, tells again as soon as the API takes another signal (5 s on), then every 8 s', () => {
    const { sender, told, later } = aSender();
    sender.typed('11', '  ');
    expect(told).toEqual([]);
    sender.typed('11', 'hi');
    sender.sent('11');
    later(AFTER_SEND_MS - 1);
    sender.typed('11', 'n');
    expect(told).toEqual(['11']);
    later(1);
    sender.typed('11', 'ne');
    expect(told).toEqual(['11', '11']);
    later(AFTER_SEND_MS);
    sender.typed('11', 'nex');
    expect(told).toHaveLength(2);
    sender.reset();
    sender.typed('11', 'n');
    expect(told).toHaveLength(3);
  });
});
