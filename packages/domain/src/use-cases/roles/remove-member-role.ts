import type { Actor } from '../../entities/session';
import type { UnitOfWork } from '../../ports/unit-of-work';
import type { Outcome } from '../../result';
import { changeMemberRole, MEMBER_ROLE_ERRORS } from './member-role-change';

/** A member with `MANAGE_ROLES` takes a role below their own highest away from a member; every member gets `member.updated`. */
export class RemoveMemberRole {
  static readonly errors = MEMBER_ROLE_ERRORS;

  constructor(private readonly unitOfWork: UnitOfWork) {}

  async execute(actor: Actor, serverId: string, userId: string, roleId: string): Outcome<void, typeof RemoveMemberRole.errors> {
    return changeMemberRole(this.unitOfWork, actor, { serverId, userId, roleId }, 'unassign');
  }
}
