import { describeWithPostgres } from '@chat/postgres/testing';
import { describePinRoutes } from './pins-routes';
import { aPostgresTestApp } from './postgres-test-app';

describeWithPostgres('pins on PostgreSQL', () => {
  describePinRoutes('PostgreSQL', aPostgresTestApp());
});
