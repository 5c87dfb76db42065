import { typingStarted, type Signal, type SignalBus } from '../../src';
import { freshId } from './fixtures';

/** What a listener heard, and a way to wait until it heard something. */
function ear(bus: SignalBus) {
  const heard: Signal[] = [];
  let wake = () => {};
  const stop = bus.subscribe((signal) => {
    heard.push(signal);
    wake();
  });
  return {
    heard,
    stop,
    /** Until a signal by this user arrives (a bus may deliver a moment after `publish`). */
    async until(userId: string, timeoutMs = 2_000): Promise<void> {
      const deadline = Date.now() + timeoutMs;
      while (!heard.some((signal) => signal.userId === userId)) {
        if (Date.now() > deadline) throw new Error(`no signal of ${userId} within ${timeoutMs} ms; heard ${JSON.stringify(heard)}`);
        await new Promise<void>((resolve) => {
          wake = resolve;
          setTimeout(resolve, 20);
        });
      }
    },
  };
}

const typing = (userId = freshId()): Signal => typingStarted({ id: freshId(), serverId: freshId() }, userId, new Date('2026-11-28T10:00:10.000Z'));

/** What every `SignalBus` must do, live only: `makeBus` may hand out the same bus each time. */
export function describeSignalBusContract(name: string, makeBus: () => Promise<SignalBus>): void {
  describe(`SignalBus contract: ${name}`, () => {
    let bus: SignalBus;
    beforeAll(async () => {
      bus = await makeBus();
    });

    it('hands a published signal to every listener, intact', async () => {
      const [one, two] = [ear(bus), ear(bus)];
      const conversation = typingStarted({ id: freshId(), serverId: null }, freshId(), new Date('2026-11-28T10:00:10.000Z'));
      await bus.publish(conversation);
      await one.until(conversation.userId);
      await two.until(conversation.userId);
      one.stop();
      two.stop();

      expect(one.heard.filter((s) => s.userId === conversation.userId)).toEqual([conversation]);
      expect(two.heard.filter((s) => s.userId === conversation.userId)).toEqual([conversation]);
    });

    it('tells a listener nothing that came before it subscribed or after it stopped', async () => {
      // Another listener marks what has come by: a bus may hand a signal on a moment after `publish`.
      const marker = ear(bus);
      const before = typing();
      await bus.publish(before);
      await marker.until(before.userId);
      const listener = ear(bus);
      const during = typing();
      await bus.publish(during);
      await listener.until(during.userId);
      listener.stop();
      const [after, last] = [typing(), typing()];
      await bus.publish(after);
      await bus.publish(last);
      await marker.until(last.userId);
      marker.stop();

      expect(listener.heard.map((s) => s.userId).filter((id) => [before.userId, during.userId, after.userId].includes(id))).toEqual([during.userId]);
    });
  });
}
