import type { Ban, Block, ChatEvent, Application, Channel, Conversation, Invite, Member, Message, Reaction, RefreshToken, Role, Server, Session, User, UserSummary } from '../src';

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
  readonly applications = new Map<string, Application>();
  /** tokenHash → token, and whether it was spent */
  readonly refreshTokens = new Map<string, { token: RefreshToken; used: boolean }>();
  /** The event log: an event's position is its index + 1. */
  readonly events: ChatEvent[] = [];
  readonly logId = 'memory';

  /** The user as a member of the server, or null if they do not belong to it (or no longer exist). */
  memberSummary(serverId: string, userId: string): UserSummary | null {
    const user = this.members.get(serverId)?.has(userId) ? this.users.get(userId) : undefined;
    return user ? { id: user.id, username: user.username } : null;
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
