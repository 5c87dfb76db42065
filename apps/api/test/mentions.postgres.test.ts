import { describeWithPostgres } from '@chat/postgres/testing';
import { describeMentionRoutes } from './mentions-routes';
import { aPostgresTestApp } from './postgres-test-app';

describeWithPostgres('mentions on PostgreSQL', () => {
  describeMentionRoutes('PostgreSQL', aPostgresTestApp());
});
