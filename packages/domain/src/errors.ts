import type { Permission } from './entities/permissions';
import type { QuotaName } from './entities/quotas';

export interface Issue {
  readonly path: string;
  readonly message: string;
}

/**
 * Every expected business outcome that is not a success. The `kind` is stable: the HTTP edge maps
 * each one to a status in a single exhaustive table.
 */
export type DomainError =
  | { readonly kind: 'ValidationFailed'; readonly issues: readonly Issue[] }
  | { readonly kind: 'InvalidCredentials' }
  | { readonly kind: 'InvalidToken' }
  | { readonly kind: 'UsernameTaken' }
  | { readonly kind: 'EmailTaken' }
  /** A change of username to one another user holds (at registration it is `UsernameTaken`, worded with the email). */
  | { readonly kind: 'UsernameInUse' }
  | { readonly kind: 'ServerNotFound' }
  | { readonly kind: 'ChannelNotFound' }
  | { readonly kind: 'MessageNotFound' }
  | { readonly kind: 'InviteNotFound' }
  | { readonly kind: 'MembershipNotFound' }
  | { readonly kind: 'MemberNotFound' }
  | { readonly kind: 'NotAMember' }
  | { readonly kind: 'NotTheAuthor' }
  | { readonly kind: 'NotTheOwner' }
  | { readonly kind: 'NotTheCreator' }
  /** The caller lacks a permission the action needs (server-wide, or in the channel). */
  | { readonly kind: 'MissingPermission'; readonly permission: Permission }
  /** The role or member acted on is not below the caller's highest role, or a permission granted is not the caller's. */
  | { readonly kind: 'RoleHierarchy' }
  | { readonly kind: 'RoleNotFound' }
  /** `@everyone` cannot be deleted, moved, assigned or removed. */
  | { readonly kind: 'EveryoneRole' }
  /** The server's default channel cannot be deleted until another is named. */
  | { readonly kind: 'DefaultChannel' }
  | { readonly kind: 'BanNotFound' }
  | { readonly kind: 'UserNotFound' }
  | { readonly kind: 'SessionNotFound' }
  | { readonly kind: 'WrongPassword' }
  | { readonly kind: 'OwnerCannotLeave' }
  | { readonly kind: 'CannotRemoveOwner' }
  | { readonly kind: 'TooManyReactions'; readonly max: number }
  | { readonly kind: 'TooManyReactionsInAll'; readonly max: number }
  | { readonly kind: 'TooManyPins'; readonly max: number }
  | { readonly kind: 'QuotaExceeded'; readonly quota: QuotaName; readonly max: number }
  | { readonly kind: 'BotsCannotDoThis' }
  /** The caller is not among the direct conversation's recipients. */
  | { readonly kind: 'NotARecipient' }
  /** The user named is not among the conversation's recipients. */
  | { readonly kind: 'RecipientNotFound' }
  /** Recipients come and go only in a group, and only a group has a name. */
  | { readonly kind: 'NotAGroup' }
  | { readonly kind: 'GroupFull'; readonly max: number }
  /** One may write to, or add to a group, only someone who shares a server with them. */
  | { readonly kind: 'NoSharedServer' }
  /** One of the two blocked the other. */
  | { readonly kind: 'Blocked' }
  | { readonly kind: 'ApplicationNotFound' }
  /** An upload longer than `ATTACHMENT_MAX_BYTES`: nothing of it is kept. */
  | { readonly kind: 'FileTooLarge'; readonly max: number }
  /** A download link that is not ours, or has expired: nothing is said of the file. */
  | { readonly kind: 'LinkInvalid' }
  | { readonly kind: 'AttachmentNotFound' }
  /**
   * A send named a file that is not the sender's to attach: unknown, someone else's, or already on a
   * message. One kind for all three, so no one learns that another's id exists.
   */
  | { readonly kind: 'AttachmentUnavailable' }
  | { readonly kind: 'InvalidClient' }
  | { readonly kind: 'InvalidGrant' };

export type DomainErrorKind = DomainError['kind'];

/** The errors of these kinds, with their fields. */
export type ErrorOf<K extends DomainErrorKind> = Extract<DomainError, { readonly kind: K }>;

export const validationFailed = (issues: readonly Issue[]): ErrorOf<'ValidationFailed'> => ({ kind: 'ValidationFailed', issues });
