import type { MemberView } from '../../entities/member';
import type { ShownStatus } from '../../entities/presence';
import type { Actor } from '../../entities/session';
import { validationFailed } from '../../errors';
import { isId } from '../../ids';
import type { MemberRepository } from '../../ports/member-repository';
import type { PresenceRegistry } from '../../ports/presence-registry';
import type { ServerRepository } from '../../ports/server-repository';
import { fail, ok, type Outcome } from '../../result';
import { limitIssues, MEMBER_PAGE_LIMIT } from '../../rules/message-rules';
import { serverOfMember } from '../access';

export interface GetMembersInput {
  readonly limit?: number;
  /** The user id of the last member of the previous page. */
  readonly after?: string;
  /** With each member's shown status. */
  readonly presence?: boolean;
}

/** A member as listed: with what they show, when asked for. */
export type ListedMember = MemberView & { readonly status?: ShownStatus };

export class GetMembers {
  static readonly errors = ['ValidationFailed', 'ServerNotFound', 'NotAMember'] as const;

  constructor(
    private readonly servers: ServerRepository,
    private readonly members: MemberRepository,
    private readonly presence: Pick<PresenceRegistry, 'present'>,
  ) {}

  async execute(actor: Actor, serverId: string, input: GetMembersInput): Outcome<ListedMember[], typeof GetMembers.errors> {
    const issues = limitIssues(input.limit, MEMBER_PAGE_LIMIT);
    if (issues.length > 0) return fail(validationFailed(issues));
    const limit = input.limit ?? MEMBER_PAGE_LIMIT.default;
    const server = await serverOfMember(this.servers, this.members, serverId, actor.userId);
    if (!server.ok) return server;

    // Join order is the order; the cursor user's own join time marks the position.
    const after = input.after === undefined ? undefined : isId(input.after) ? await this.members.find(server.value.id, input.after) : null;
    if (after === null) return fail(validationFailed([{ path: 'after', message: 'must be the user id of a current member' }]));
    const members = await this.members.list(server.value.id, after ? { limit, after } : { limit });
    return ok(input.presence ? await this.withStatus(members) : members);
  }

  private async withStatus(members: readonly MemberView[]): Promise<ListedMember[]> {
    const shown = new Map((await this.presence.present(members.map((member) => member.userId))).map(({ userId, status }) => [userId, status]));
    return members.map((member) => ({ ...member, status: shown.get(member.userId) ?? 'offline' }));
  }
}
