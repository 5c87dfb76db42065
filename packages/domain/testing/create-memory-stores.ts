import type { Stores } from '../src';
import { InMemoryApplicationRepository, InMemoryRefreshTokenRepository } from './in-memory-application-repository';
import { InMemoryChannelRepository } from './in-memory-channel-repository';
import { InMemoryInviteRepository } from './in-memory-invite-repository';
import { InMemoryMemberRepository } from './in-memory-member-repository';
import { InMemoryMessageRepository } from './in-memory-message-repository';
import { InMemoryServerRepository } from './in-memory-server-repository';
import { InMemorySessionRepository } from './in-memory-session-repository';
import { InMemoryUserRepository } from './in-memory-user-repository';
import { MemoryState } from './memory-state';

export function createMemoryStores(state: MemoryState = new MemoryState()): Stores {
  return {
    users: new InMemoryUserRepository(state),
    sessions: new InMemorySessionRepository(state),
    servers: new InMemoryServerRepository(state),
    channels: new InMemoryChannelRepository(state),
    members: new InMemoryMemberRepository(state),
    invites: new InMemoryInviteRepository(state),
    messages: new InMemoryMessageRepository(state),
    applications: new InMemoryApplicationRepository(state),
    refreshTokens: new InMemoryRefreshTokenRepository(state),
  };
}
