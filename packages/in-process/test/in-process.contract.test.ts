import { FixedClock } from '@chat/domain/testing';
import { describePresenceRegistryContract, describeSignalBusContract, describeThrottleContract } from '@chat/domain/testing/contracts';
import { InProcessPresenceRegistry, InProcessSignalBus, InProcessThrottle } from '@chat/in-process';

describeSignalBusContract('in this process', async () => new InProcessSignalBus());

describeThrottleContract('in this process', async () => {
  const clock = new FixedClock();
  return { throttle: new InProcessThrottle(clock), pass: async (ms) => clock.advance(ms) };
});

describePresenceRegistryContract('in this process', async () => {
  const clock = new FixedClock();
  return { registry: new InProcessPresenceRegistry(clock), pass: async (ms) => clock.advance(ms) };
});
