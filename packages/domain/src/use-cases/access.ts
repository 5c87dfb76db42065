import type { Channel } from '../entities/channel';
import type { Message } from '../entities/message';
import type { Server } from '../entities/server';
import type { Actor } from '../entities/session';
import type { User, UserSummary } from '../entities/user';
import { isId, type Id } from '../ids';
import type { ChannelRepository } from '../ports/channel-repository';
import type { MemberRepository } from '../ports/member-repository';
import type { Gated, MessageRepository } from '../ports/message-repository';
import type { SessionRepository } from '../ports/session-repository';
import type { ServerRepository } from '../ports/server-repository';
import type { UserRepository } from '../ports/user-repository';
import { fail, ok, type Result } from '../result';
import type { DomainError, ErrorOf } from '../errors';

/** The server, if it exists and the user belongs to it. A malformed id names nothing: not found. */
export async function serverOfMember(
  servers: ServerRepository,
  members: MemberRepository,
  serverId: Id,
  userId: Id,
): Promise<Result<Server, ErrorOf<'ServerNotFound' | 'NotAMember'>>> {
  const server = isId(serverId) ? await servers.findById(serverId) : null;
  if (!server) return fail({ kind: 'ServerNotFound' });
  const member = await members.find(server.id, userId);
  if (!member) return fail({ kind: 'NotAMember' });
  return ok(server);
}

export async function channelOfMember(
  channels: ChannelRepository,
  channelId: Id,
  userId: Id,
): Promise<Result<{ channel: Channel; member: UserSummary }, ErrorOf<'ChannelNotFound' | 'NotAMember'>>> {
  const found = isId(channelId) ? await channels.findWithMembership(channelId, userId) : null;
  if (!found) return fail({ kind: 'ChannelNotFound' });
  if (!found.member) return fail({ kind: 'NotAMember' });
  return ok({ channel: found.channel, member: found.member });
}

export interface MessageAccess {
  readonly channels: ChannelRepository;
  readonly messages: MessageRepository;
}

/** The message, if the user may read its channel. A message only exists under its own channel. */
export async function messageOfMember(
  { channels, messages }: MessageAccess,
  channelId: Id,
  messageId: Id,
  userId: Id,
): Promise<Result<{ channel: Channel; message: Message }, ErrorOf<'ChannelNotFound' | 'NotAMember' | 'MessageNotFound'>>> {
  const access = await channelOfMember(channels, channelId, userId);
  if (!access.ok) return access;
  const { channel } = access.value;
  const message = isId(messageId) ? await messages.findById(messageId) : null;
  if (!message || message.channelId !== channel.id) return fail({ kind: 'MessageNotFound' });
  return ok({ channel, message });
}

/** The caller as a user, who must be a person: some things (servers, applications) are not for bots. */
export async function personActing(users: UserRepository, actor: Actor): Promise<Result<User, ErrorOf<'InvalidToken' | 'BotsCannotDoThis'>>> {
  const user = await users.findById(actor.userId);
  if (!user) return fail({ kind: 'InvalidToken' });
  if (user.bot) return fail({ kind: 'BotsCannotDoThis' });
  return ok(user);
}

/** Whether the session the actor's token names is still live (not logged out or revoked). */
export async function sessionIsLive(sessions: SessionRepository, actor: Actor): Promise<boolean> {
  const session = await sessions.find(actor.sessionId);
  return session !== null && session.userId === actor.userId;
}

const GATE_ERRORS = {
  SessionRevoked: { kind: 'InvalidToken' },
  ChannelNotFound: { kind: 'ChannelNotFound' },
  NotAMember: { kind: 'NotAMember' },
} as const satisfies Record<string, DomainError>;

export function fromGate<T>(gated: Gated<T>): Result<T, (typeof GATE_ERRORS)[keyof typeof GATE_ERRORS]> {
  return gated.ok ? ok(gated.value) : fail(GATE_ERRORS[gated.gate]);
}
