import type { MemberView } from '../../entities/member';
import type { Actor } from '../../entities/session';
import { validationFailed } from '../../errors';
import { isId } from '../../ids';
import type { MemberRepository } from '../../ports/member-repository';
import type { ServerRepository } from '../../ports/server-repository';
import { fail, ok, type Outcome } from '../../result';
import { limitIssues, MEMBER_PAGE_LIMIT } from '../../rules/message-rules';
import { serverOfMember } from '../access';

export interface GetMembersInput {
  readonly limit?: number;
  /** The user id of the last member of the previous page. */
  readonly after?: string;
}

export class GetMembers {
  static readonly errors = ['ValidationFailed', 'ServerNotFound', 'NotAMember'] as const;

  constructor(
    private readonly servers: ServerRepository,
    private readonly members: MemberRepository,
  ) {}

  async execute(actor: Actor, serverId: string, input: GetMembersInput): Outcome<MemberView[], typeof GetMembers.errors> {
    const issues = limitIssues(input.limit, MEMBER_PAGE_LIMIT);
    if (issues.length > 0) return fail(validationFailed(issues));
    const limit = input.limit ?? MEMBER_PAGE_LIMIT.default;
    const server = await serverOfMember(this.servers, this.members, serverId, actor.userId);
    if (!server.ok) return server;

    if (input.after === undefined) return ok(await this.members.list(server.value.id, { limit }));
    // Join order is the order; the cursor user's own join time marks the position.
    const after = isId(input.after) ? await this.members.find(server.value.id, input.after) : null;
    if (!after) return fail(validationFailed([{ path: 'after', message: 'must be the user id of a current member' }]));
    return ok(await this.members.list(server.value.id, { limit, after }));
  }
}
