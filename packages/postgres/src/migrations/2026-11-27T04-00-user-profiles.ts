import type { Kysely } from 'kysely';

/*
 * A user's display name and avatar (`PATCH /api/users/@me`): both nullable, so adding them rewrites
 * no row and takes no long lock. Their rules (1-32 characters trimmed; an https URL) are the domain's.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('display_name', 'text').addColumn('avatar', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('display_name').dropColumn('avatar').execute();
}
