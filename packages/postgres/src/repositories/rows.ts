import type { Server, User, UserSummary } from '@chat/domain';
import type { Selectable } from 'kysely';
import type { ServersTable, UsersTable } from '../schema';

/** A server's row with its `members_can_invite`, read from its `@everyone` role (`membersCanInvite`). */
export const toServer = (row: Selectable<ServersTable> & { readonly members_can_invite: boolean }): Server => ({
  id: row.id,
  name: row.name,
  avatar: row.avatar,
  banner: row.banner,
  verified: row.verified,
  defaultChannelId: row.default_channel_id,
  ownerId: row.owner_id,
  createdAt: row.created_at,
  membersCanInvite: row.members_can_invite,
});

export const toUser = (row: Selectable<UsersTable>): User => ({
  id: row.id,
  username: row.username,
  displayName: row.display_name,
  avatar: row.avatar,
  email: row.email,
  passwordHash: row.password_hash,
  bot: row.bot,
  createdAt: row.created_at,
});

/** A user's summary from a row with their `username`, `display_name` and `avatar`, and their id. */
export const summaryOf = (row: { readonly username: string; readonly display_name: string | null; readonly avatar: string | null }, id: string): UserSummary => ({
  id,
  username: row.username,
  displayName: row.display_name,
  avatar: row.avatar,
});
