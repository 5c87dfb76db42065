import { describeWithPostgres } from '@chat/postgres/testing';
import { describeReplyRoutes } from './replies-routes';
import { aPostgresTestApp } from './postgres-test-app';

describeWithPostgres('replies on PostgreSQL', () => {
  describeReplyRoutes('PostgreSQL', aPostgresTestApp());
});
