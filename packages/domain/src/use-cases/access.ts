import type { Channel } from '../entities/channel';
import { has, type Permission } from '../entities/permissions';
import type { Server } from '../entities/server';
import type { Actor } from '../entities/session';
import type { User, UserSummary } from '../entities/user';
import { isId, type Id } from '../ids';
import type { ChannelRepository } from '../ports/channel-repository';
import type { MemberRepository } from '../ports/member-repository';
import type { Gated } from '../ports/message-repository';
import type { SessionRepository } from '../ports/session-repository';
import type { ServerRepository } from '../ports/server-repository';
import type { Stores } from '../ports/stores';
import type { UserRepository } from '../ports/user-repository';
import { fail, ok, type Result } from '../result';
import type { ErrorOf } from '../errors';

/**
 * The server, if it exists and the user belongs to it. A malformed id names nothing: not found.
 * `hold`: read it through `ServerRepository.hold`, so the membership is checked after any change
 * that committed while this unit waited.
 */
export async function serverOfMember(
  servers: ServerRepository,
  members: MemberRepository,
  serverId: Id,
  userId: Id,
  hold?: 'join' | 'change',
): Promise<Result<Server, ErrorOf<'ServerNotFound' | 'NotAMember'>>> {
  const server = isId(serverId) ? await (hold ? servers.hold(serverId, hold) : servers.findById(serverId)) : null;
  const member = server ? await members.find(server.id, userId) : null;
  const refusal = accessRefusal({ found: server !== null, member: member !== null }, 'ServerNotFound');
  return refusal || !server ? fail(refusal ?? { kind: 'ServerNotFound' }) : ok(server);
}

/**
 * The server, if the user is its owner (a member who is not is refused `NotTheOwner`). `held`: for a
 * change of its members or owner, held first (see `ServerRepository.hold`), so a transfer that
 * committed meanwhile is seen.
 */
export async function serverOfOwner(
  stores: Pick<Stores, 'servers' | 'members'>,
  serverId: Id,
  userId: Id,
  { held = false }: { readonly held?: boolean } = {},
): Promise<Result<Server, ErrorOf<'ServerNotFound' | 'NotAMember' | 'NotTheOwner'>>> {
  const server = await serverOfMember(stores.servers, stores.members, serverId, userId, held ? 'change' : undefined);
  if (!server.ok) return server;
  return server.value.ownerId === userId ? server : fail({ kind: 'NotTheOwner' });
}

export async function channelOfMember(
  channels: ChannelRepository,
  channelId: Id,
  userId: Id,
): Promise<Result<{ channel: Channel; member: UserSummary }, ErrorOf<'ChannelNotFound' | 'NotAMember'>>> {
  const found = isId(channelId) ? await channels.findWithMembership(channelId, userId) : null;
  const refusal = accessRefusal({ found: found !== null, member: Boolean(found?.member) }, 'ChannelNotFound');
  return refusal || !found?.member ? fail(refusal ?? { kind: 'NotAMember' }) : ok({ channel: found.channel, member: found.member });
}

/**
 * The caller as a user, who must be a person: some things (servers, applications) are not for bots.
 * `held`: read through `UserRepository.hold`, for a unit that counts what the person owns.
 */
export async function personActing(
  users: UserRepository,
  actor: Actor,
  { held = false }: { readonly held?: boolean } = {},
): Promise<Result<User, ErrorOf<'InvalidToken' | 'BotsCannotDoThis'>>> {
  const user = await (held ? users.hold(actor.userId) : users.findById(actor.userId));
  if (!user) return fail({ kind: 'InvalidToken' });
  if (user.bot) return fail({ kind: 'BotsCannotDoThis' });
  return ok(user);
}

/** Whether the session the actor's token names is still live (not logged out or revoked). */
export async function sessionIsLive(sessions: SessionRepository, actor: Actor): Promise<boolean> {
  const session = await sessions.find(actor.sessionId);
  return session !== null && session.userId === actor.userId;
}

/**
 * The one rule of access precedence: a dead session hides everything else (401), then what does not
 * exist (404), then what the caller may not see (403). Facts that allow access refuse nothing.
 */
export function accessRefusal<N extends NotFoundKind>(facts: Facts & { readonly sessionLive: boolean }, notFound: N): ErrorOf<'InvalidToken' | N | 'NotAMember'> | null;
/** The same rule where the session was already checked (by the edge, for non-claims routes). */
export function accessRefusal<N extends NotFoundKind>(facts: Facts, notFound: N): ErrorOf<N | 'NotAMember'> | null;
export function accessRefusal(facts: Facts & { readonly sessionLive?: boolean }, notFound: NotFoundKind): ErrorOf<'InvalidToken' | NotFoundKind | 'NotAMember'> | null {
  if (facts.sessionLive === false) return { kind: 'InvalidToken' };
  if (!facts.found) return { kind: notFound };
  if (!facts.member) return { kind: 'NotAMember' };
  return null;
}

type NotFoundKind = 'ChannelNotFound' | 'ServerNotFound';
interface Facts {
  readonly found: boolean;
  readonly member: boolean;
}

/**
 * A gated store operation's outcome as the use case's: its value, or the refusal its facts amount to.
 * A member missing what the operation needs (`needs`, which the store checked) is refused the first
 * missing permission: a channel they cannot view answers 403 as it does a non-member.
 */
export function fromGate<T>(
  gated: Gated<T>,
  needs: readonly Permission[],
): Result<T, ErrorOf<'InvalidToken' | 'ChannelNotFound' | 'NotAMember' | 'NotARecipient' | 'MissingPermission'>> {
  if (gated.ok) return ok(gated.value);
  const { sessionLive, channelFound, member, permissions, conversation } = gated.facts;
  const refusal = accessRefusal({ sessionLive, found: channelFound, member }, 'ChannelNotFound');
  if (refusal) return fail(refusal.kind === 'NotAMember' && conversation ? { kind: 'NotARecipient' } : refusal);
  const missing = needs.find((permission) => !has(permissions, permission));
  // A refused operation has at least one fact against it; a store that says otherwise is not to be trusted with access.
  return fail(missing ? { kind: 'MissingPermission', permission: missing } : { kind: 'NotAMember' });
}
