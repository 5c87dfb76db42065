import type { ApplicationRepository, RefreshTokenRepository } from './application-repository';
import type { AttachmentRepository } from './attachment-repository';
import type { BanRepository } from './ban-repository';
import type { BlockRepository } from './block-repository';
import type { ChannelRepository } from './channel-repository';
import type { ConversationRepository } from './conversation-repository';
import type { EventLog } from './event-log';
import type { InviteRepository } from './invite-repository';
import type { MemberRepository } from './member-repository';
import type { MessageRepository } from './message-repository';
import type { MessageSearch } from './message-search';
import type { ReadStateRepository } from './read-state-repository';
import type { RoleRepository } from './role-repository';
import type { ServerRepository } from './server-repository';
import type { SessionRepository } from './session-repository';
import type { UserRepository } from './user-repository';

/** Every repository over one shared state: what a storage technology provides. */
export interface Stores {
  readonly users: UserRepository;
  readonly sessions: SessionRepository;
  readonly servers: ServerRepository;
  readonly channels: ChannelRepository;
  readonly conversations: ConversationRepository;
  readonly members: MemberRepository;
  readonly roles: RoleRepository;
  readonly invites: InviteRepository;
  readonly bans: BanRepository;
  readonly blocks: BlockRepository;
  readonly messages: MessageRepository;
  readonly messageSearch: MessageSearch;
  readonly readStates: ReadStateRepository;
  readonly applications: ApplicationRepository;
  readonly refreshTokens: RefreshTokenRepository;
  readonly attachments: AttachmentRepository;
  readonly events: EventLog;
}
