import type { Actor } from '../../entities/session';
import { validationFailed } from '../../errors';
import type { SearchHits } from '../../ports/message-search';
import type { Stores } from '../../ports/stores';
import { fail, ok, type Outcome } from '../../result';
import { searchQueryOf, type SearchInput } from '../../rules/search-rules';
import { serverOfMember } from '../access';

/**
 * A member's search of a server's messages, newest first: only in the channels they can see (the
 * store leaves the others out, hits and `hasMore` alike).
 */
export class SearchMessages {
  static readonly errors = ['ValidationFailed', 'ServerNotFound', 'NotAMember'] as const;

  constructor(private readonly stores: Pick<Stores, 'servers' | 'members' | 'messageSearch'>) {}

  async execute(actor: Actor, serverId: string, input: SearchInput): Outcome<SearchHits, typeof SearchMessages.errors> {
    const query = searchQueryOf(input);
    if (Array.isArray(query)) return fail(validationFailed(query));
    const server = await serverOfMember(this.stores.servers, this.stores.members, serverId, actor.userId);
    if (!server.ok) return server;
    return ok(await this.stores.messageSearch.inServer(actor.userId, server.value.id, query));
  }
}

/** A search of the caller's direct conversations (those they are a recipient of), newest first. */
export class SearchDirectMessages {
  static readonly errors = ['ValidationFailed'] as const;

  constructor(private readonly stores: Pick<Stores, 'messageSearch'>) {}

  async execute(actor: Actor, input: SearchInput): Outcome<SearchHits, typeof SearchDirectMessages.errors> {
    const query = searchQueryOf(input);
    if (Array.isArray(query)) return fail(validationFailed(query));
    return ok(await this.stores.messageSearch.inConversations(actor.userId, query));
  }
}
