import { describeWithPostgres } from '@chat/postgres/testing';
import { aPostgresTestApp } from './postgres-test-app';
import { describeSearchRoutes } from './search-routes';

describeWithPostgres('search on PostgreSQL', () => {
  describeSearchRoutes('PostgreSQL', aPostgresTestApp());
});
