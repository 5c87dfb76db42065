import type { Member, MemberView } from '../entities/member';
import type { Id } from '../ids';

export interface MemberPage {
  readonly limit: number;
  /** Continue after this member, in join order. */
  readonly after?: Member;
}

export interface MemberRepository {
  /** Joining twice keeps the first membership. */
  add(member: Member): Promise<'added' | 'already'>;
  remove(serverId: Id, userId: Id): Promise<'removed' | 'absent'>;
  find(serverId: Id, userId: Id): Promise<Member | null>;
  /** Ordered by join time, then user id. */
  list(serverId: Id, page: MemberPage): Promise<MemberView[]>;
  /** Whether the two users are members of one server at least (a user shares one with themself if they have any). */
  sharesServer(userA: Id, userB: Id): Promise<boolean>;
  /** How many members the server has now (0 for a server that does not exist). */
  countByServer(serverId: Id): Promise<number>;
  /** The ids of the servers the user belongs to, in id order. */
  serverIdsOf(userId: Id): Promise<Id[]>;
  /**
   * Those of these servers that have at most `maxMembers` members (a larger one is left out, at the
   * cost of counting it only that far; one with none, unknown, too), in no order.
   */
  serversUpTo(serverIds: readonly Id[], maxMembers: number): Promise<Id[]>;
}
