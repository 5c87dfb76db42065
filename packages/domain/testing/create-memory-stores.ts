import type { Stores, UnitOfWork } from '../src';
import { InMemoryEventLog } from './in-memory-event-log';
import { InMemoryApplicationRepository, InMemoryRefreshTokenRepository } from './in-memory-application-repository';
import { InMemoryAttachmentRepository } from './in-memory-attachment-repository';
import { InMemoryBanRepository } from './in-memory-ban-repository';
import { InMemoryBlockRepository } from './in-memory-block-repository';
import { InMemoryChannelRepository } from './in-memory-channel-repository';
import { InMemoryConversationRepository } from './in-memory-conversation-repository';
import { InMemoryInviteRepository } from './in-memory-invite-repository';
import { InMemoryMemberRepository } from './in-memory-member-repository';
import { InMemoryMessageRepository } from './in-memory-message-repository';
import { InMemoryMessageSearch } from './in-memory-message-search';
import { InMemoryReadStateRepository } from './in-memory-read-state-repository';
import { InMemoryRoleRepository } from './in-memory-role-repository';
import { InMemoryServerRepository } from './in-memory-server-repository';
import { InMemorySessionRepository } from './in-memory-session-repository';
import { InMemoryUserRepository } from './in-memory-user-repository';
import { MemoryState } from './memory-state';

export function createMemoryStores(state: MemoryState = new MemoryState()): Stores & { readonly messages: InMemoryMessageRepository; readonly channels: InMemoryChannelRepository } {
  const messages = new InMemoryMessageRepository(state);
  return {
    users: new InMemoryUserRepository(state),
    sessions: new InMemorySessionRepository(state),
    servers: new InMemoryServerRepository(state),
    channels: new InMemoryChannelRepository(state),
    conversations: new InMemoryConversationRepository(state),
    members: new InMemoryMemberRepository(state),
    roles: new InMemoryRoleRepository(state),
    invites: new InMemoryInviteRepository(state),
    bans: new InMemoryBanRepository(state),
    blocks: new InMemoryBlockRepository(state),
    messages,
    messageSearch: new InMemoryMessageSearch(state, messages),
    readStates: new InMemoryReadStateRepository(state),
    applications: new InMemoryApplicationRepository(state),
    refreshTokens: new InMemoryRefreshTokenRepository(state),
    attachments: new InMemoryAttachmentRepository(state),
    events: new InMemoryEventLog(state),
  };
}

/**
 * The stores themselves: one thread and no awaits between a unit's checks and writes that another
 * unit could interleave with matter here, and a unit that fails half-way is not rolled back (the
 * real stores' contract suites test atomicity).
 */
export const memoryUnitOfWork = (stores: Stores): UnitOfWork => ({ run: (work) => work(stores) });
