import type { Kysely } from 'kysely';

/* Bot applications (OAuth2 clients) and their refresh tokens. Imports nothing of the app. */

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('bot', 'boolean', (c) => c.notNull().defaultTo(false)).execute();

  await db.schema
    .createTable('applications')
    .addColumn('id', 'bigint', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('owner_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('bot_user_id', 'bigint', (c) => c.notNull().unique().references('users.id'))
    .addColumn('client_id', 'text', (c) => c.notNull().unique())
    .addColumn('client_secret_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('applications_owner_id_idx').on('applications').columns(['owner_id', 'id']).execute();

  await db.schema
    .createTable('refresh_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    // A family is a session: revoking the session ends the family's refresh tokens with it.
    .addColumn('family_id', 'bigint', (c) => c.notNull().references('sessions.id').onDelete('cascade'))
    .addColumn('application_id', 'bigint', (c) => c.notNull().references('applications.id').onDelete('cascade'))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('refresh_tokens_family_id_idx').on('refresh_tokens').column('family_id').execute();
  await db.schema.createIndex('sessions_user_id_idx').on('sessions').column('user_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('sessions_user_id_idx').execute();
  await db.schema.dropTable('refresh_tokens').execute();
  await db.schema.dropTable('applications').execute();
  await db.schema.alterTable('users').dropColumn('bot').execute();
}
