import type { DomainError } from '@chat/domain';
import { problem, type Problem } from './problem';

/** The one table from domain outcomes to HTTP. A new error kind fails to compile until it is mapped. */
export function problemFor(error: DomainError): Problem {
  switch (error.kind) {
    case 'ValidationFailed':
      return problem(400, 'VALIDATION_FAILED', 'The request has invalid fields.', error.issues);
    case 'TooManyReactions':
      return problem(400, 'TOO_MANY_REACTIONS', `A message can carry at most ${error.max} different emoji.`);
    case 'InvalidCredentials':
      return problem(401, 'INVALID_CREDENTIALS', 'The account or the password is wrong.');
    case 'InvalidToken':
      return problem(401, 'UNAUTHENTICATED', 'The token is missing, invalid, expired or revoked.');
    case 'NotAMember':
      return problem(403, 'FORBIDDEN', 'Only members of this server may do that.');
    case 'NotTheAuthor':
      return problem(403, 'FORBIDDEN', 'Only the author may do that to this message.');
    case 'NotTheOwner':
      return problem(403, 'FORBIDDEN', 'Only the server owner may do that.');
    case 'ServerNotFound':
      return problem(404, 'NOT_FOUND', 'No such server.');
    case 'ChannelNotFound':
      return problem(404, 'NOT_FOUND', 'No such channel.');
    case 'MessageNotFound':
      return problem(404, 'NOT_FOUND', 'No such message in this channel.');
    case 'InviteNotFound':
      return problem(404, 'NOT_FOUND', 'No such invite.');
    case 'MembershipNotFound':
      return problem(404, 'NOT_FOUND', 'You are not a member of this server.');
    case 'UsernameTaken':
      return problem(409, 'CONFLICT', 'That username is taken.', [{ path: 'username', message: 'is taken' }]);
    case 'EmailTaken':
      return problem(409, 'CONFLICT', 'That email is already registered.', [{ path: 'email', message: 'is taken' }]);
    case 'BotsCannotDoThis':
      return problem(403, 'FORBIDDEN', 'Bots cannot do this; a person must.');
    case 'ApplicationNotFound':
      return problem(404, 'NOT_FOUND', 'No such application.');
    case 'InvalidClient':
      return problem(401, 'UNAUTHENTICATED', 'Unknown client or wrong client secret.');
    case 'InvalidGrant':
      return problem(400, 'VALIDATION_FAILED', 'The grant is invalid, expired or revoked.');
    case 'OwnerCannotLeave':
      return problem(409, 'OWNER_CANNOT_LEAVE', 'The owner cannot leave their own server.');
    default: {
      const unmapped: never = error;
      throw new Error(`unmapped domain error ${JSON.stringify(unmapped)}`);
    }
  }
}
