import { buildTestApp, type TestApp } from './test-app';
import { describeChannelRoutes } from './channels-routes';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});

describeChannelRoutes('in memory', () => t);
