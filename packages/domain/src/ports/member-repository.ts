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
   * Those of these ids that are servers of more than `maxMembers` members, each once, in no order
   * (each counted only that far; a conversation's id, or an unknown one, is none).
   */
  serversOver(ids: readonly Id[], maxMembers: number): Promise<Id[]>;
}
