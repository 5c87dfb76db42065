import { describeReplyRoutes } from './replies-routes';
import { buildTestApp, type TestApp } from './test-app';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});

describeReplyRoutes('in memory', () => t);
