import { profileOf, type UserProfile } from '../../entities/user';
import type { Actor } from '../../entities/session';
import { isId } from '../../ids';
import type { UserRepository } from '../../ports/user-repository';
import { fail, ok, type Outcome } from '../../result';

/**
 * Another user's profile, for those who share a server with them (and for themself). To anyone else
 * it is `UserNotFound`, exactly as for an id no user has: an id never tells a stranger a name.
 */
export class GetUserProfile {
  static readonly errors = ['UserNotFound'] as const;

  constructor(private readonly users: UserRepository) {}

  async execute(actor: Actor, userId: string): Outcome<UserProfile, typeof GetUserProfile.errors> {
    if (!isId(userId) || !(await this.users.sharesWith(actor.userId, userId))) return fail({ kind: 'UserNotFound' });
    const user = await this.users.findById(userId);
    return user ? ok(profileOf(user)) : fail({ kind: 'UserNotFound' });
  }
}
