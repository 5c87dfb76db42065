import { sql, type Kysely } from 'kysely';

/*
 * Sessions a user can see and contain: when each expires (then it is swept), when it was last
 * used, and the User-Agent it logged in with. Sessions that existed before expire a token lifetime
 * (30 days, the default) after they began; they were last used, as far as anyone knows, then.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table sessions
    add column expires_at timestamptz,
    add column last_used_at timestamptz,
    add column user_agent text`.execute(db);
  await sql`update sessions set expires_at = created_at + interval '30 days', last_used_at = created_at`.execute(db);
  // Defaults for a replica of the previous version, which inserts sessions without these columns
  // during a rolling deploy: its logins then expire a default token lifetime later.
  await sql`alter table sessions
    alter column expires_at set not null, alter column expires_at set default now() + interval '30 days',
    alter column last_used_at set not null, alter column last_used_at set default now()`.execute(db);
  // "Every session of this user" already has sessions_user_id_idx (the applications migration).
  // The sweeps walk these.
  await db.schema.createIndex('sessions_expires_at_idx').on('sessions').column('expires_at').execute();
  await db.schema.createIndex('refresh_tokens_expires_at_idx').on('refresh_tokens').column('expires_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('refresh_tokens_expires_at_idx').execute();
  await db.schema.dropIndex('sessions_expires_at_idx').execute();
  await sql`alter table sessions drop column expires_at, drop column last_used_at, drop column user_agent`.execute(db);
}
