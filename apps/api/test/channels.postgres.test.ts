import { describeWithPostgres } from '@chat/postgres/testing';
import { describeChannelRoutes } from './channels-routes';
import { aPostgresTestApp } from './postgres-test-app';

describeWithPostgres('channels on PostgreSQL', () => {
  describeChannelRoutes('PostgreSQL', aPostgresTestApp());
});
