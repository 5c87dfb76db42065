import { eventJson } from '@chat/contract';
import { buildTestApp, type TestApp } from './test-app';
import { describeMessageAttachments } from './message-attachments-routes';

let t: TestApp;
beforeEach(async () => {
  t = await buildTestApp();
});

describeMessageAttachments(
  'memory',
  () => t,
  async () =>
    (await t.adapters.history.after(0, 10_000)).flatMap((logged) =>
      logged.event?.type === 'message.created' ? [{ type: logged.event.type, data: JSON.stringify(eventJson(logged.event).d) }] : [],
    ),
);
