import { describePinRoutes } from './pins-routes';
import { buildTestApp, type TestApp } from './test-app';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});

describePinRoutes('in memory', () => t);
