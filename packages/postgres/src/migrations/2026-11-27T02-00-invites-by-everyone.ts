import { sql, type Kysely } from 'kysely';

/*
 * `servers.members_can_invite` becomes what it means now: the CREATE_INVITE bit (bit 9 = 512) of the
 * server's `@everyone` role, kept in one place so the two can never disagree. The bit is set from
 * the column first (a PATCH of the server since the roles migration wrote only the column), then the
 * column goes; the server repository reads the flag from `roles`.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`update roles r set permissions = case when s.members_can_invite then r.permissions | 512 else r.permissions & ~512::bigint end
    from servers s where r.id = s.id`.execute(db);
  await sql`alter table servers drop column members_can_invite`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table servers add column members_can_invite boolean not null default false`.execute(db);
  await sql`update servers s set members_can_invite = (r.permissions & 512) <> 0 from roles r where r.id = s.id`.execute(db);
}
