/**
 * Contract suites for the storage ports: what any adapter of `Stores` (in memory, PGlite, PostgreSQL)
 * must do. They run inside jest (`describe`/`it`/`expect` globals) and never assume an empty store:
 * every test makes its own fresh ids, names and codes, so a shared database that is never emptied
 * passes them as well as a brand-new one.
 */
import type { SeedableStores } from './fixtures';
import { describeApplicationRepositoryContract } from './application-repository.contract';
import { describeBlockRepositoryContract } from './block-repository.contract';
import { describeChannelManagementContract } from './channel-management.contract';
import { describeChannelRepositoryContract } from './channel-repository.contract';
import { describeConversationRepositoryContract } from './conversation-repository.contract';
import { describeAttachmentRepositoryContract } from './attachment-repository.contract';
import { describeInviteRepositoryContract } from './invite-repository.contract';
import { describeMemberRepositoryContract } from './member-repository.contract';
import { describeMessageRepositoryContract } from './message-repository.contract';
import { describeMessageSearchContract } from './message-search.contract';
import { describeReadStateRepositoryContract } from './read-state-repository.contract';
import { describeRoleRepositoryContract } from './role-repository.contract';
import { describeServerRepositoryContract } from './server-repository.contract';
import { describeSessionRepositoryContract } from './session-repository.contract';
import { describeUserRepositoryContract } from './user-repository.contract';
import { describeUserProfileContract } from './user-profile.contract';

export * from './fixtures';
export { describeUserRepositoryContract } from './user-repository.contract';
export { describeUserProfileContract } from './user-profile.contract';
export { describeSessionRepositoryContract } from './session-repository.contract';
export { describeServerRepositoryContract } from './server-repository.contract';
export { describeChannelRepositoryContract } from './channel-repository.contract';
export { describeChannelManagementContract } from './channel-management.contract';
export { describeMemberRepositoryContract } from './member-repository.contract';
export { describeRoleRepositoryContract, aRole } from './role-repository.contract';
export { describeInviteRepositoryContract } from './invite-repository.contract';
export { describeMessageRepositoryContract } from './message-repository.contract';
export { describeMessageSearchContract } from './message-search.contract';
export { describeReadStateRepositoryContract } from './read-state-repository.contract';
export { expectSendsAtOnceGatedEachAlone } from './message-gate.contract';
export { describeApplicationRepositoryContract } from './application-repository.contract';
export { describeEventLogContract, type EventStores } from './event-log.contract';
export { describeBlockRepositoryContract } from './block-repository.contract';
export { describeConversationRepositoryContract } from './conversation-repository.contract';
export { describeAttachmentRepositoryContract, anAttachment } from './attachment-repository.contract';
export { describeFileStoreContract, someBytes, chunked, readAll, firstDifference } from './file-store.contract';
export { describeSignalBusContract } from './signal-bus.contract';
export { describeThrottleContract, type ThrottleWorld } from './throttle.contract';
export { describePresenceRegistryContract, type PresenceWorld } from './presence-registry.contract';

/**
 * Every port contract against the stores `makeStores` gives. Each suite calls it once, before its
 * tests; the factory may hand out the same stores every time (a shared database) or new ones.
 */
export function describeStoreContracts(name: string, makeStores: () => Promise<SeedableStores>): void {
  describeUserRepositoryContract(name, makeStores);
  describeUserProfileContract(name, makeStores);
  describeSessionRepositoryContract(name, makeStores);
  describeServerRepositoryContract(name, makeStores);
  describeChannelRepositoryContract(name, makeStores);
  describeChannelManagementContract(name, makeStores);
  describeMemberRepositoryContract(name, makeStores);
  describeRoleRepositoryContract(name, makeStores);
  describeInviteRepositoryContract(name, makeStores);
  describeMessageRepositoryContract(name, makeStores);
  describeMessageSearchContract(name, makeStores);
  describeReadStateRepositoryContract(name, makeStores);
  describeApplicationRepositoryContract(name, makeStores);
  describeBlockRepositoryContract(name, makeStores);
  describeConversationRepositoryContract(name, makeStores);
  describeAttachmentRepositoryContract(name, makeStores);
}
