import type { Stores } from '@chat/domain';
import type { Kysely } from 'kysely';
import { KyselyApplicationRepository, KyselyRefreshTokenRepository } from './repositories/kysely-application-repository';
import { KyselyAttachmentRepository } from './repositories/kysely-attachment-repository';
import { KyselyBanRepository } from './repositories/kysely-ban-repository';
import { KyselyBlockRepository } from './repositories/kysely-block-repository';
import { KyselyEventLog } from './repositories/kysely-event-log';
import { KyselyChannelRepository } from './repositories/kysely-channel-repository';
import { KyselyConversationRepository } from './repositories/kysely-conversation-repository';
import { KyselyInviteRepository } from './repositories/kysely-invite-repository';
import { KyselyMemberRepository } from './repositories/kysely-member-repository';
import { KyselyMessageRepository, type MessageStoreEvents } from './repositories/kysely-message-repository';
import { KyselyMessageSearch } from './repositories/kysely-message-search';
import { KyselyReadStateRepository } from './repositories/kysely-read-state-repository';
import { KyselyRoleRepository } from './repositories/kysely-role-repository';
import { KyselyServerRepository } from './repositories/kysely-server-repository';
import { KyselySessionRepository } from './repositories/kysely-session-repository';
import { KyselyUserRepository } from './repositories/kysely-user-repository';
import type { Database } from './schema';
import { primaryReads, type ReplicaReads } from './replicas/replica-reads';
import { ChannelRoutes } from './repositories/channel-routes';

export interface KyselyStoresOptions extends MessageStoreEvents {
  /** Runs the marked statements of the two hottest routes (a pool opened with `genericPlans`). */
  readonly hot?: Kysely<Database>;
  /** Where the reads that tolerate a replica run (pages, member and channel lists, search); `db` and `hot` by default. */
  readonly reads?: ReplicaReads;
  /** Hears each event appended (inside a unit of work: before its commit). */
  readonly onEventAppended?: () => void;
  /** Each channel's route (docs/sharding.md), kept for the pool: share one between a pool's stores and its units of work. */
  readonly routes?: ChannelRoutes;
}

/** Every repository over one Kysely instance (or one transaction); `hot` defaults to `db`. */
export function createKyselyStores(db: Kysely<Database>, { hot = db, reads = primaryReads({ db, hot }), onEventAppended, routes = new ChannelRoutes(), ...events }: KyselyStoresOptions = {}): Stores & { readonly messages: KyselyMessageRepository; readonly channels: KyselyChannelRepository } {
  return {
    users: new KyselyUserRepository(db),
    sessions: new KyselySessionRepository(db),
    servers: new KyselyServerRepository(db),
    channels: new KyselyChannelRepository(db, reads, routes),
    conversations: new KyselyConversationRepository(db),
    members: new KyselyMemberRepository(db, reads),
    roles: new KyselyRoleRepository(db),
    invites: new KyselyInviteRepository(db),
    bans: new KyselyBanRepository(db),
    blocks: new KyselyBlockRepository(db),
    messages: new KyselyMessageRepository(db, hot, events, reads, routes),
    messageSearch: new KyselyMessageSearch(reads),
    readStates: new KyselyReadStateRepository(db, routes),
    applications: new KyselyApplicationRepository(db),
    refreshTokens: new KyselyRefreshTokenRepository(db),
    attachments: new KyselyAttachmentRepository(db),
    events: new KyselyEventLog(db, onEventAppended),
  };
}
