import { describeMentionRoutes } from './mentions-routes';
import { buildTestApp, type TestApp } from './test-app';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});

describeMentionRoutes('in memory', () => t);
