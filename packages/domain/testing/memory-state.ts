import { channelPermissions, compareIds, summarizeUser, type Attachment, type Ban, type Block, type ChatEvent, type Application, type Channel, type Conversation, type Invite, type Member, type Message, type PermissionBits, type Reaction, type RefreshToken, type Role, type Server, type Session, type User, type UserSummary } from '../src';

/** The tables of the in-memory adapters; every repository of one `createMemoryStores()` shares it. */
export class MemoryState {
  readonly users = new Map<string, User>();
  readonly usersByName = new Map<string, User>();
  readonly usersByEmail = new Map<string, User>();
  readonly sessions = new Map<string, Session>();
  readonly servers = new Map<string, Server>();
  readonly channels = new Map<string, Channel>();
  /** Direct conversations by id, their recipients in the order they came in. */
  readonly conversations = new Map<string, Conversation>();
  /** People added to groups after they were made: by whom and when (the daily quota counts them). */
  readonly groupAdds: { readonly addedBy: string; readonly at: Date }[] = [];
  /** conversationId → userId → when they came into it (its creation, or their being added to a group). */
  readonly recipientJoins = new Map<string, Map<string, Date>>();
  /** A one-to-one's pair key (`pairKey`) → its id. */
  readonly dmPairs = new Map<string, string>();
  /** serverId → userId → membership */
  readonly members = new Map<string, Map<string, Member>>();
  /** serverId → its roles, `@everyone` among them */
  readonly roles = new Map<string, Map<string, Role>>();
  /** serverId → userId → the ids of the member's roles */
  readonly memberRoles = new Map<string, Map<string, Set<string>>>();
  readonly invites = new Map<string, Invite>();
  /** serverId → userId → ban */
  readonly bans = new Map<string, Map<string, Ban>>();
  /** userId → the id of each user they block → the block */
  readonly blocks = new Map<string, Map<string, Block>>();
  readonly messages = new Map<string, Message>();
  /** channelId → message ids in ascending id order */
  readonly channelMessages = new Map<string, string[]>();
  /** messageId → reactions in the order they were added */
  readonly reactions = new Map<string, Reaction[]>();
  /** userId → channelId (or conversation id) → the newest message they marked read */
  readonly readMarkers = new Map<string, Map<string, string>>();
  readonly applications = new Map<string, Application>();
  /** tokenHash → token, and whether it was spent */
  readonly refreshTokens = new Map<string, { token: RefreshToken; used: boolean }>();
  readonly attachments = new Map<string, Attachment>();
  /** The event log: an event's position is its index + 1. */
  readonly events: ChatEvent[] = [];
  readonly logId = 'memory';

  /** A channel's (or a conversation's) messages and their reactions, gone with it. */
  dropMessagesOf(channelId: string): void {
    for (const messageId of this.channelMessages.get(channelId) ?? []) {
      this.messages.delete(messageId);
      this.reactions.delete(messageId);
    }
    this.channelMessages.delete(channelId);
  }

  /** The user as a member of the server, or null if they do not belong to it (or no longer exist). */
  memberSummary(serverId: string, userId: string): UserSummary | null {
    const user = this.members.get(serverId)?.has(userId) ? this.users.get(userId) : undefined;
    return user ? summarizeUser(user) : null;
  }

  /** Whether the two users are one, or share a server or a direct conversation. */
  sharesWith(viewerId: string, userId: string): boolean {
    if (viewerId === userId) return this.users.has(userId);
    for (const members of this.members.values()) if (members.has(viewerId) && members.has(userId)) return true;
    for (const { recipientIds } of this.conversations.values()) if (recipientIds.includes(viewerId) && recipientIds.includes(userId)) return true;
    return false;
  }

  /** A member's permissions in the channel, by the domain's own rule (the SQL gate must agree with it). */
  permissionsIn(channel: Channel, userId: string): PermissionBits {
    const roles = this.rolesOf(channel.serverId);
    const held = this.memberRoles.get(channel.serverId)?.get(userId) ?? new Set<string>();
    const standing = {
      userId,
      isOwner: this.servers.get(channel.serverId)?.ownerId === userId,
      everyone: roles.get(channel.serverId)?.permissions ?? 0,
      roles: [...held].flatMap((id) => roles.get(id) ?? []),
    };
    return channelPermissions(standing, channel.serverId, channel.permissionOverwrites);
  }

  /** Moves the user's read marker in the channel up to `messageId`, never back. */
  markRead(userId: string, channelId: string, messageId: string): 'moved' | 'unchanged' {
    let markers = this.readMarkers.get(userId);
    if (!markers) this.readMarkers.set(userId, (markers = new Map()));
    const marker = markers.get(channelId);
    if (marker !== undefined && compareIds(marker, messageId) >= 0) return 'unchanged';
    markers.set(channelId, messageId);
    return 'moved';
  }

  rolesOf(serverId: string): Map<string, Role> {
    let roles = this.roles.get(serverId);
    if (!roles) this.roles.set(serverId, (roles = new Map()));
    return roles;
  }

  membersOf(serverId: string): Map<string, Member> {
    let members = this.members.get(serverId);
    if (!members) this.members.set(serverId, (members = new Map()));
    return members;
  }
}

/** A user's summary, or a blank one for a user gone (as a row whose user was deleted would read). */
export const summaryOrBlank = (user: User | undefined, id: string): UserSummary => (user ? summarizeUser(user) : { id, username: '', displayName: null, avatar: null });
