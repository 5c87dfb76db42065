import type { Actor } from '../../entities/session';
import { isId } from '../../ids';
import type { UnitOfWork } from '../../ports/unit-of-work';
import { fail, ok, type Outcome } from '../../result';
import { serverWithPermission } from '../permissions';

/** Lifts a ban (BAN_MEMBERS): the user may join again with an invite; they are not added back. */
export class Unban {
  static readonly errors = ['ServerNotFound', 'NotAMember', 'MissingPermission', 'BanNotFound'] as const;

  constructor(private readonly unitOfWork: UnitOfWork) {}

  async execute(actor: Actor, serverId: string, userId: string): Outcome<void, typeof Unban.errors> {
    return this.unitOfWork.run(async (stores) => {
      const found = await serverWithPermission(stores, serverId, actor.userId, 'BAN_MEMBERS');
      if (!found.ok) return found;
      if (!isId(userId) || (await stores.bans.remove(found.value.server.id, userId)) === 'absent') return fail({ kind: 'BanNotFound' });
      return ok(undefined);
    });
  }
}
