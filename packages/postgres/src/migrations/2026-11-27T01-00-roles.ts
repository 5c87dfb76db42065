import { sql, type Kysely } from 'kysely';

/*
 * Roles and permissions. Every server gets its `@everyone` role (id: the server's id, position 0)
 * with the defaults (VIEW_CHANNEL, SEND_MESSAGES, ADD_REACTIONS, ATTACH_FILES: bits 0-3 = 15) and
 * CREATE_INVITE (bit 9 = 512) where `members_can_invite` was on, so existing servers behave as
 * before. Member roles go with the membership (a kick or a leave drops them); overwrites go with
 * their channel. Channels gain a topic and a position. Permission bits are bigint: room for the
 * peers' 50-odd bits one day.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table roles (
    id bigint primary key,
    server_id bigint not null references servers (id) on delete cascade,
    name text not null,
    color integer,
    position integer not null,
    permissions bigint not null,
    created_at timestamptz not null
  )`.execute(db);
  await sql`create index roles_server_position_idx on roles (server_id, position)`.execute(db);
  await sql`create table member_roles (
    server_id bigint not null,
    user_id bigint not null,
    role_id bigint not null references roles (id) on delete cascade,
    primary key (server_id, user_id, role_id),
    foreign key (server_id, user_id) references members (server_id, user_id) on delete cascade
  )`.execute(db);
  await sql`create index member_roles_role_idx on member_roles (role_id)`.execute(db);
  await sql`create table channel_overwrites (
    channel_id bigint not null references channels (id) on delete cascade,
    target_id bigint not null,
    type text not null check (type in ('role', 'member')),
    allow bigint not null default 0,
    deny bigint not null default 0,
    primary key (channel_id, target_id)
  )`.execute(db);
  await sql`alter table channels add column topic text, add column position integer not null default 0`.execute(db);
  await sql`insert into roles (id, server_id, name, color, position, permissions, created_at)
    select id, id, '@everyone', null, 0, case when members_can_invite then 15 | 512 else 15 end, created_at from servers`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table channels drop column topic, drop column position`.execute(db);
  await sql`drop table channel_overwrites`.execute(db);
  await sql`drop table member_roles`.execute(db);
  await sql`drop table roles`.execute(db);
}
