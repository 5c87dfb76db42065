import { Migrator, type Kysely, type Migration, type MigrationProvider, type MigrationResultSet } from 'kysely';
import * as initial from './migrations/2026-11-22T00-00-initial';
import * as applications from './migrations/2026-11-22T01-00-applications';
import * as events from './migrations/2026-11-23T00-00-events';
import * as eventAnchors from './migrations/2026-11-24T00-00-event-anchors';
import * as moderation from './migrations/2026-11-25T00-00-moderation';
import * as sessions from './migrations/2026-11-25T01-00-sessions';
import * as idempotencyKeys from './migrations/2026-11-25T02-00-idempotency-keys';
import * as quotaIndexes from './migrations/2026-11-25T03-00-quota-indexes';
import * as banPages from './migrations/2026-11-25T04-30-ban-pages';
import * as foldEmails from './migrations/2026-11-25T04-40-fold-emails';
import * as roles from './migrations/2026-11-27T01-00-roles';
import * as invitesByEveryone from './migrations/2026-11-27T02-00-invites-by-everyone';
import * as eventChannels from './migrations/2026-11-27T03-00-event-channels';
import * as userProfiles from './migrations/2026-11-27T04-00-user-profiles';
import * as blocks from './migrations/2026-11-27T04-10-blocks';
import * as conversations from './migrations/2026-11-27T04-20-conversations';
import * as mentions from './migrations/2026-11-28T00-00-mentions';
import * as readStates from './migrations/2026-11-28T01-00-read-states';
import * as attachments from './migrations/2026-11-28T02-00-attachments';
import * as messageAttachments from './migrations/2026-11-28T04-30-message-attachments';
import * as messageSearch from './migrations/2026-11-28T03-00-message-search';
import * as avatarUploads from './migrations/2026-11-28T04-10-avatar-uploads';
import * as messageReplies from './migrations/2026-11-28T05-00-message-replies';
import * as messagePins from './migrations/2026-11-28T05-10-message-pins';
import * as routes from './migrations/2026-11-28T06-00-routes';

/** Every migration, keyed so that names sort by date. New ones are added here, never edited. */
const MIGRATIONS: Record<string, Migration> = {
  '2026-11-22T00-00-initial': initial,
  '2026-11-22T01-00-applications': applications,
  '2026-11-23T00-00-events': events,
  '2026-11-24T00-00-event-anchors': eventAnchors,
  '2026-11-25T00-00-moderation': moderation,
  '2026-11-25T01-00-sessions': sessions,
  '2026-11-25T02-00-idempotency-keys': idempotencyKeys,
  '2026-11-25T03-00-quota-indexes': quotaIndexes,
  '2026-11-25T04-30-ban-pages': banPages,
  '2026-11-25T04-40-fold-emails': foldEmails,
  '2026-11-27T01-00-roles': roles,
  '2026-11-27T02-00-invites-by-everyone': invitesByEveryone,
  '2026-11-27T03-00-event-channels': eventChannels,
  '2026-11-27T04-00-user-profiles': userProfiles,
  '2026-11-27T04-10-blocks': blocks,
  '2026-11-27T04-20-conversations': conversations,
  '2026-11-28T00-00-mentions': mentions,
  '2026-11-28T01-00-read-states': readStates,
  '2026-11-28T02-00-attachments': attachments,
  '2026-11-28T03-00-message-search': messageSearch,
  '2026-11-28T04-10-avatar-uploads': avatarUploads,
  '2026-11-28T04-30-message-attachments': messageAttachments,
  '2026-11-28T05-00-message-replies': messageReplies,
  '2026-11-28T05-10-message-pins': messagePins,
  '2026-11-28T06-00-routes': routes,
};

const provider: MigrationProvider = { getMigrations: async () => MIGRATIONS };

/**
 * Brings the schema up to date. Safe when several replicas start at once: Kysely's Postgres
 * adapter holds an advisory lock while it migrates, so one runs them and the others wait.
 */
export async function migrateToLatest<DB>(db: Kysely<DB>): Promise<MigrationResultSet> {
  const result = await new Migrator({ db, provider }).migrateToLatest();
  if (result.error) throw result.error instanceof Error ? result.error : new Error(String(result.error));
  return result;
}

/** Brings the schema up to `name` and no further: how a test sets up data of an older schema to upgrade. */
export async function migrateUpTo<DB>(db: Kysely<DB>, name: keyof typeof MIGRATIONS): Promise<MigrationResultSet> {
  const result = await new Migrator({ db, provider }).migrateTo(name);
  if (result.error) throw result.error instanceof Error ? result.error : new Error(String(result.error));
  return result;
}
