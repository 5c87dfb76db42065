import { sql, type Kysely } from 'kysely';

/*
 * Emails are now stored folded (NFKC, then lower case), and logins look them up folded: an address
 * stored in another form (`ｋａｔｅ@example.com`) is folded here, or its owner could no longer log in
 * by email. An address whose folded form another account already has, or that folds like another
 * address stored earlier, stays as it is: that owner logs in by username. lower() is PostgreSQL's,
 * which the lookups use too.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    with folded as (
      select id, lower(normalize(email, NFKC)) as email from users where email is not nfkc normalized
    ), chosen as (
      select distinct on (f.email) f.id, f.email from folded f
      where not exists (select 1 from users o where lower(o.email) = f.email)
      order by f.email, f.id
    )
    update users u set email = chosen.email from chosen where u.id = chosen.id`.execute(db);
}

// Folding cannot be undone; the earlier schema reads folded addresses as well as any other.
export async function down(): Promise<void> {}
