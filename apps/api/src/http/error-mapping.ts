import type { DomainError, DomainErrorKind, ErrorOf } from '@chat/domain';
import { problem, type Problem } from './problem';

interface Mapping<K extends DomainErrorKind> {
  readonly status: number;
  readonly code: string;
  readonly detail: string | ((error: ErrorOf<K>) => string);
  readonly errors?: (error: ErrorOf<K>) => Problem['errors'];
}

const ACCOUNT_TAKEN = {
  status: 409,
  code: 'CONFLICT',
  detail: 'That username or that email is already in use.',
  errors: () => [{ path: '', message: 'the username or the email is already in use' }],
} as const;

/**
 * The one table from domain outcomes to HTTP. A new error kind fails to compile until it is mapped;
 * the OpenAPI document reads each route's statuses from here too (`statusOf`).
 */
const PROBLEMS: { readonly [K in DomainErrorKind]: Mapping<K> } = {
  ValidationFailed: { status: 400, code: 'VALIDATION_FAILED', detail: 'The request has invalid fields.', errors: (error) => error.issues },
  TooManyReactions: { status: 400, code: 'TOO_MANY_REACTIONS', detail: (error) => `A message can carry at most ${error.max} different emoji.` },
  TooManyReactionsInAll: { status: 400, code: 'TOO_MANY_REACTIONS', detail: (error) => `A message can carry at most ${error.max} reactions in all.` },
  TooManyPins: { status: 400, code: 'TOO_MANY_PINS', detail: (error) => `A channel can hold at most ${error.max} pinned messages.` },
  WrongPassword: {
    status: 400,
    code: 'VALIDATION_FAILED',
    detail: 'The current password is wrong.',
    errors: () => [{ path: 'currentPassword', message: 'is not your current password' }],
  },
  InvalidGrant: { status: 400, code: 'VALIDATION_FAILED', detail: 'The grant is invalid, expired or revoked.' },
  InvalidCredentials: { status: 401, code: 'INVALID_CREDENTIALS', detail: 'The account or the password is wrong.' },
  InvalidToken: { status: 401, code: 'UNAUTHENTICATED', detail: 'The token is missing, invalid, expired or revoked.' },
  InvalidClient: { status: 401, code: 'UNAUTHENTICATED', detail: 'Unknown client or wrong client secret.' },
  NotAMember: { status: 403, code: 'FORBIDDEN', detail: 'Only members of this server may do that.' },
  NotTheAuthor: { status: 403, code: 'FORBIDDEN', detail: 'Only the author may do that to this message.' },
  NotTheOwner: { status: 403, code: 'FORBIDDEN', detail: 'Only the server owner may do that.' },
  QuotaExceeded: { status: 403, code: 'QUOTA_EXCEEDED', detail: (error) => `${QUOTA_TEXT[error.quota]} (at most ${error.max}).` },
  NotTheCreator: { status: 403, code: 'FORBIDDEN', detail: "Only the invite's creator or the server owner may do that." },
  MissingPermission: { status: 403, code: 'FORBIDDEN', detail: (error) => `You need the ${error.permission} permission to do that here.` },
  RoleHierarchy: { status: 403, code: 'FORBIDDEN', detail: 'That role or member is not below your highest role, or you granted a permission you do not hold.' },
  BotsCannotDoThis: { status: 403, code: 'FORBIDDEN', detail: 'Bots cannot do this; a person must.' },
  NotARecipient: { status: 403, code: 'FORBIDDEN', detail: 'Only the recipients of this conversation may do that.' },
  NoSharedServer: { status: 403, code: 'NO_SHARED_SERVER', detail: 'You can only write to, or add to a group, someone who shares a server with you.' },
  Blocked: { status: 403, code: 'BLOCKED', detail: 'One of you has blocked the other.' },
  NotAGroup: { status: 400, code: 'NOT_A_GROUP', detail: 'Only a group conversation has recipients to add or remove, and a name.' },
  GroupFull: { status: 400, code: 'GROUP_FULL', detail: (error) => `A group has at most ${error.max} people.` },
  RecipientNotFound: { status: 404, code: 'NOT_FOUND', detail: 'That user is not in this conversation.' },
  ServerNotFound: { status: 404, code: 'NOT_FOUND', detail: 'No such server.' },
  ChannelNotFound: { status: 404, code: 'NOT_FOUND', detail: 'No such channel.' },
  MessageNotFound: { status: 404, code: 'NOT_FOUND', detail: 'No such message in this channel.' },
  InviteNotFound: { status: 404, code: 'NOT_FOUND', detail: 'No such invite.' },
  MembershipNotFound: { status: 404, code: 'NOT_FOUND', detail: 'You are not a member of this server.' },
  MemberNotFound: { status: 404, code: 'NOT_FOUND', detail: 'No such member of this server.' },
  BanNotFound: { status: 404, code: 'NOT_FOUND', detail: 'That user is not banned from this server.' },
  UserNotFound: { status: 404, code: 'NOT_FOUND', detail: 'No such user.' },
  SessionNotFound: { status: 404, code: 'NOT_FOUND', detail: 'No such session of yours.' },
  RoleNotFound: { status: 404, code: 'NOT_FOUND', detail: 'No such role in this server.' },
  ApplicationNotFound: { status: 404, code: 'NOT_FOUND', detail: 'No such application.' },
  AttachmentNotFound: { status: 404, code: 'NOT_FOUND', detail: 'No such attachment.' },
  // 400, as Revolt answers a send naming an unknown attachment: the ids are the request's own input. One
  // answer for unknown, someone else's and already used, so no id of another's is confirmed.
  AttachmentUnavailable: {
    status: 400,
    code: 'ATTACHMENT_UNAVAILABLE',
    detail: 'Each attachment must be one you uploaded and no message holds yet; nothing was sent.',
    errors: () => [{ path: 'attachmentIds', message: 'names a file that is not yours to attach, or is already on a message' }],
  },
  FileTooLarge: { status: 413, code: 'PAYLOAD_TOO_LARGE', detail: (error) => `The file is larger than ${error.max} bytes (ATTACHMENT_MAX_BYTES); nothing of it was kept.` },
  // Says nothing of the file: not whether it exists, nor whose it is.
  LinkInvalid: { status: 403, code: 'LINK_INVALID', detail: 'This link is not valid, or has expired; a fresh one comes with the message.' },
  // One answer for either: it never says that an address has an account (its owner is told instead).
  UsernameTaken: ACCOUNT_TAKEN,
  EmailTaken: ACCOUNT_TAKEN,
  UsernameInUse: {
    status: 409,
    code: 'CONFLICT',
    detail: 'That username is already in use.',
    errors: () => [{ path: 'username', message: 'is already in use' }],
  },
  EveryoneRole: {
    status: 400,
    code: 'VALIDATION_FAILED',
    detail: 'The @everyone role cannot be deleted, moved, assigned or removed.',
    errors: () => [{ path: 'roleId', message: 'is the @everyone role' }],
  },
  DefaultChannel: { status: 409, code: 'DEFAULT_CHANNEL', detail: "The server's default channel cannot be deleted; name another default first." },
  OwnerCannotLeave: { status: 409, code: 'OWNER_CANNOT_LEAVE', detail: 'The owner cannot leave their own server.' },
  // Its own words, under the documented code: clients already switch on OWNER_CANNOT_LEAVE for this case.
  CannotRemoveOwner: { status: 409, code: 'OWNER_CANNOT_LEAVE', detail: 'The owner cannot be removed from their own server; transfer it first.' },
};

/** What each quota bounds, in words. */
const QUOTA_TEXT: Record<ErrorOf<'QuotaExceeded'>['quota'], string> = {
  serversOwned: 'That would be more servers than one user may own',
  channelsPerServer: 'This server has as many channels as a server may',
  invitesPerServer: 'This server has as many live invites as a server may',
  applications: 'You own as many applications as one user may',
  bansPerServer: 'This server bans as many users as a server may',
  rolesPerServer: 'This server has as many roles as a server may',
  conversationsPerDay: 'You have opened as many conversations today as one user may',
  blocks: 'You block as many users as one user may; unblock someone first',
  uploadBytesPerDay: 'You have uploaded as many bytes in the last 24 hours as one user may; nothing of this file was kept',
};

/** The problem a domain outcome is answered with. */
export function problemFor<E extends DomainError>(error: E): Problem {
  const mapping = PROBLEMS[error.kind] as Mapping<E['kind']>;
  const detail = typeof mapping.detail === 'function' ? mapping.detail(error as unknown as ErrorOf<E['kind']>) : mapping.detail;
  return problem(mapping.status, mapping.code, detail, mapping.errors?.(error as unknown as ErrorOf<E['kind']>));
}

/** The status and code an error kind is answered with (what the OpenAPI document lists per route). */
export function statusOf(kind: DomainErrorKind): { readonly status: number; readonly code: string } {
  const { status, code } = PROBLEMS[kind];
  return { status, code };
}
