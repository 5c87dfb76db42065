import type { Actor } from '../../entities/session';
import { isId } from '../../ids';
import type { UnitOfWork } from '../../ports/unit-of-work';
import { fail, ok, type Outcome } from '../../result';
import { serverOfOwner } from '../access';

/** Lifts a ban (owner only): the user may join again with an invite; they are not added back. */
export class Unban {
  static readonly errors = ['ServerNotFound', 'NotAMember', 'NotTheOwner', 'BanNotFound'] as const;

  constructor(private readonly unitOfWork: UnitOfWork) {}

  async execute(actor: Actor, serverId: string, userId: string): Outcome<void, typeof Unban.errors> {
    return this.unitOfWork.run(async (stores) => {
      const server = await serverOfOwner(stores, serverId, actor.userId);
      if (!server.ok) return server;
      if (!isId(userId) || (await stores.bans.remove(server.value.id, userId)) === 'absent') return fail({ kind: 'BanNotFound' });
      return ok(undefined);
    });
  }
}
