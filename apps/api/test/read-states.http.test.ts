import { describeReadStateRoutes } from './read-states-routes';
import { buildTestApp, type TestApp } from './test-app';

let t: TestApp | undefined;
beforeAll(async () => {
  t = await buildTestApp();
});

describeReadStateRoutes('in memory', () => {
  if (!t) throw new Error('the test app opens in beforeAll');
  return t;
});
