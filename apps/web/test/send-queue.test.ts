import { createSendQueue } from '../src/send-queue.js';

/** A send the test answers when it chooses. */
function pending() {
  let answer: (value: string) => void = () => undefined;
  let refuse: (error: Error) => void = () => undefined;
  const promise = new Promise<string>((resolve, reject) => {
    answer = resolve;
    refuse = reject;
  });
  return { promise, answer, refuse };
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("the page's sends", () => {
  it('starts a send only once the one before it was answered, so the API takes them in the order they were sent', async () => {
    const started: string[] = [];
    const first = pending();
    const second = pending();
    const sends = createSendQueue();
    const one = sends(() => (started.push('1'), first.promise));
    const two = sends(() => (started.push('2'), second.promise));
    await settled();
    expect(started).toEqual(['1']);
    first.answer('sent 1');
    expect(await one).toBe('sent 1');
    await settled();
    expect(started).toEqual(['1', '2']);
    second.answer('sent 2');
    expect(await two).toBe('sent 2');
  });

  it('lets the next send go when one is refused, and hands the refusal to its own caller', async () => {
    const first = pending();
    const sends = createSendQueue();
    const one = sends(() => first.promise);
    const two = sends(async () => 'sent 2');
    first.refuse(new Error('429'));
    await expect(one).rejects.toThrow('429');
    expect(await two).toBe('sent 2');
  });
});
