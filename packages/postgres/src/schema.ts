import type { ColumnType, Generated } from 'kysely';
import type { ImageSlot } from '@chat/domain';
import type { MessagesTable } from './repositories/message-fields';

/*
 * The tables as Kysely sees them. Ids are bigint in SQL and decimal strings in TypeScript:
 * both drivers are told to hand int8 back as text, so no precision is lost.
 */

type Id = ColumnType<string, string, never>;
type Timestamp = ColumnType<Date, Date, Date>;

export interface UsersTable {
  id: Id;
  username: string;
  display_name: ColumnType<string | null, string | null | undefined, string | null>;
  avatar: ColumnType<string | null, string | null | undefined, string | null>;
  email: string;
  password_hash: string;
  bot: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: Timestamp;
}

export interface SessionsTable {
  id: Id;
  user_id: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  last_used_at: Timestamp;
  user_agent: string | null;
}

export interface ServersTable {
  id: Id;
  name: string;
  avatar: string | null;
  banner: string | null;
  verified: ColumnType<boolean, boolean | undefined, boolean>;
  default_channel_id: string;
  owner_id: string;
  created_at: Timestamp;
}

export interface ChannelsTable {
  id: Id;
  server_id: string;
  name: string;
  created_at: Timestamp;
  topic: ColumnType<string | null, string | null | undefined, string | null>;
  position: ColumnType<number, number | undefined, number>;
}

export interface ConversationsTable {
  id: Id;
  type: 'dm' | 'group';
  owner_id: string | null;
  name: string | null;
  creator_id: string;
  /** A one-to-one's pair (`pairKey`): unique; null in a group. */
  pair_key: string | null;
  created_at: Timestamp;
}

export interface ConversationRecipientsTable {
  conversation_id: string;
  user_id: string;
  /** The order they came in. */
  seq: Generated<string>;
  joined_at: Timestamp;
  /** Who added them to a group after it was made; null for those there from the start. */
  added_by: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface RolesTable {
  id: Id;
  server_id: string;
  name: string;
  color: number | null;
  position: number;
  /** bigint: read back as a string. */
  permissions: ColumnType<string, number | string, number | string>;
  created_at: Timestamp;
}

export interface MemberRolesTable {
  server_id: string;
  user_id: string;
  role_id: string;
}

export interface ChannelOverwritesTable {
  channel_id: string;
  /** The channel's server: the route (docs/sharding.md). */
  server_id: string;
  target_id: string;
  type: 'role' | 'member';
  allow: ColumnType<string, number | string, number | string>;
  deny: ColumnType<string, number | string, number | string>;
}

export interface MembersTable {
  server_id: string;
  user_id: string;
  joined_at: Timestamp;
}

export interface InvitesTable {
  code: string;
  server_id: string;
  creator_id: string;
  created_at: Timestamp;
  max_uses: number | null;
  uses: ColumnType<number, number | undefined, number>;
  expires_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export interface IdempotencyKeysTable {
  user_id: string;
  key: string;
  fingerprint: string;
  status: number | null;
  body: string | null;
  created_at: Timestamp;
}

export interface BansTable {
  server_id: string;
  user_id: string;
  reason: string | null;
  created_at: Timestamp;
  member_when_banned: ColumnType<boolean, boolean | undefined, boolean>;
}

export interface BlocksTable {
  user_id: string;
  blocked_id: string;
  created_at: Timestamp;
}

export interface ReactionsTable {
  /** Insertion order: reactions are listed by each emoji's first use. */
  seq: Generated<string>;
  message_id: string;
  /** The message's route: its server's id, or the conversation's (docs/sharding.md). */
  route_id: string;
  user_id: string;
  emoji: string;
  created_at: Timestamp;
}

export interface ReadStatesTable {
  user_id: string;
  channel_id: string;
  /** The channel's route (docs/sharding.md). */
  route_id: string;
  last_read_message_id: string;
}

export interface ApplicationsTable {
  id: Id;
  name: string;
  owner_id: string;
  bot_user_id: string;
  client_id: string;
  client_secret_hash: string;
  created_at: Timestamp;
}

export interface RefreshTokensTable {
  token_hash: string;
  family_id: string;
  application_id: string;
  user_id: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

export interface AttachmentsTable {
  id: Id;
  uploader_id: string;
  filename: string;
  content_type: string;
  /** bigint: read back as a string. */
  size: ColumnType<string, number, never>;
  width: number | null;
  height: number | null;
  storage_key: string;
  created_at: Timestamp;
  message_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** When a message took it (never cleared): with `message_id` null, its message was deleted. */
  attached_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** An `ImageSlot`: the avatar or banner it is. */
  used_as: ColumnType<ImageSlot | null, ImageSlot | null | undefined, ImageSlot | null>;
}

export interface WorkerLeasesTable {
  worker_id: number;
  holder: string;
  expires_at: Timestamp;
}

export interface EventsTable {
  id: Generated<string>;
  tx: Generated<string>;
  type: string;
  server_id: string | null;
  user_id: string | null;
  channel_id: string | null;
  payload: string;
  created_at: Generated<Date>;
}

/** "Position `pos` of the log is the event (tx, id)": see the event-anchors migration. */
export interface EventAnchorsTable {
  pos: string;
  tx: string;
  id: string;
}

export interface EventLogTable {
  id: number;
  log_id: string;
  head: string;
  /** The event at `head` (the newest anchor): what the next relay pass counts from. */
  head_tx: string;
  head_id: string;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  servers: ServersTable;
  channels: ChannelsTable;
  conversations: ConversationsTable;
  conversation_recipients: ConversationRecipientsTable;
  members: MembersTable;
  roles: RolesTable;
  member_roles: MemberRolesTable;
  channel_overwrites: ChannelOverwritesTable;
  invites: InvitesTable;
  bans: BansTable;
  blocks: BlocksTable;
  idempotency_keys: IdempotencyKeysTable;
  /** Derived from the message's fields (`message-fields.ts`): a new field is not spelled here. */
  messages: MessagesTable;
  reactions: ReactionsTable;
  read_states: ReadStatesTable;
  worker_leases: WorkerLeasesTable;
  applications: ApplicationsTable;
  refresh_tokens: RefreshTokensTable;
  attachments: AttachmentsTable;
  events: EventsTable;
  event_anchors: EventAnchorsTable;
  event_log: EventLogTable;
}

/** The database handle the app holds, so it need not depend on Kysely itself. */
export type ChatDatabase = import('kysely').Kysely<Database>;
