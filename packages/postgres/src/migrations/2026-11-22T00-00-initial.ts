import { sql, type Kysely } from 'kysely';

/* Migrations take Kysely<any> and import nothing of the app: they must keep working as the app changes. */

export async function up(db: Kysely<any>): Promise<void> {
  // In this order: each step's tables reference the ones before.
  await createAccounts(db);
  await createServers(db);
  await createMessages(db);
  await createWorkerLeases(db);
}

/** Users and their sessions. */
async function createAccounts(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'bigint', (c) => c.primaryKey())
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  // Unique ignoring case, in the database itself, so two replicas racing still end in one row.
  await sql`create unique index users_username_lower_key on users (lower(username))`.execute(db);
  await sql`create unique index users_email_lower_key on users (lower(email))`.execute(db);

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'bigint', (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
}

/** Servers, their channels, members and invites. */
async function createServers(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('servers')
    .addColumn('id', 'bigint', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('avatar', 'text')
    .addColumn('banner', 'text')
    .addColumn('verified', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('default_channel_id', 'bigint', (c) => c.notNull())
    .addColumn('owner_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('channels')
    .addColumn('id', 'bigint', (c) => c.primaryKey())
    .addColumn('server_id', 'bigint', (c) => c.notNull().references('servers.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('channels_server_id_idx').on('channels').columns(['server_id', 'id']).execute();
  // The server and its default channel point at each other; the check waits for the commit.
  await sql`alter table servers add constraint servers_default_channel_fkey foreign key (default_channel_id)
    references channels (id) deferrable initially deferred`.execute(db);

  await db.schema
    .createTable('members')
    .addColumn('server_id', 'bigint', (c) => c.notNull().references('servers.id').onDelete('cascade'))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('joined_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('members_pkey', ['server_id', 'user_id'])
    .execute();
  await db.schema.createIndex('members_join_order_idx').on('members').columns(['server_id', 'joined_at', 'user_id']).execute();
  await db.schema.createIndex('members_user_id_idx').on('members').column('user_id').execute();

  await db.schema
    .createTable('invites')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('server_id', 'bigint', (c) => c.notNull().references('servers.id').onDelete('cascade'))
    .addColumn('creator_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
}

/** Messages and their reactions. */
async function createMessages(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('messages')
    .addColumn('id', 'bigint', (c) => c.primaryKey())
    .addColumn('channel_id', 'bigint', (c) => c.notNull().references('channels.id').onDelete('cascade'))
    .addColumn('author_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('edited_at', 'timestamptz')
    .execute();
  // Keyset pages walk this index in either direction: no OFFSET, no sort, no sequential scan.
  await db.schema.createIndex('messages_channel_id_id_idx').on('messages').columns(['channel_id', 'id']).execute();

  await db.schema
    .createTable('reactions')
    .addColumn('seq', 'bigint', (c) => c.generatedAlwaysAsIdentity())
    .addColumn('message_id', 'bigint', (c) => c.notNull().references('messages.id').onDelete('cascade'))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('emoji', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('reactions_pkey', ['message_id', 'emoji', 'user_id'])
    .execute();
}

async function createWorkerLeases(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('worker_leases')
    .addColumn('worker_id', 'integer', (c) => c.primaryKey())
    .addColumn('holder', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['worker_leases', 'reactions', 'messages', 'invites', 'members']) await db.schema.dropTable(table).execute();
  await sql`alter table servers drop constraint servers_default_channel_fkey`.execute(db);
  for (const table of ['channels', 'servers', 'sessions', 'users']) await db.schema.dropTable(table).execute();
}
