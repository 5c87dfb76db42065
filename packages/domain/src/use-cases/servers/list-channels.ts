import type { ChannelView } from '../../entities/channel';
import { has } from '../../entities/permissions';
import type { Actor } from '../../entities/session';
import type { Stores } from '../../ports/stores';
import { validationFailed } from '../../errors';
import { fail, ok, type Outcome } from '../../result';
import { CHANNEL_PAGE_LIMIT, idPageOf, type PageInput } from '../../rules/message-rules';
import { channelPermissions } from '../../rules/permission-rules';
import { serverOfMember } from '../access';
import { standingIn } from '../permissions';

/** The channels a member can see (VIEW_CHANNEL there), each with what they may do in it. */
export class ListChannels {
  static readonly errors = ['ValidationFailed', 'ServerNotFound', 'NotAMember'] as const;

  constructor(private readonly stores: Pick<Stores, 'servers' | 'members' | 'roles' | 'channels'>) {}

  /** `limit` 1-500 (default 500) visible channels after the channel `after`, by position then id. */
  async execute(actor: Actor, serverId: string, input: PageInput = {}): Outcome<ChannelView[], typeof ListChannels.errors> {
    const page = idPageOf(input, CHANNEL_PAGE_LIMIT);
    if (Array.isArray(page)) return fail(validationFailed(page));
    const server = await serverOfMember(this.stores.servers, this.stores.members, serverId, actor.userId);
    if (!server.ok) return server;
    const standing = await standingIn(this.stores, server.value, actor.userId);
    // The store's pages are filtered here; one read of a page (500, the quota) is the usual case,
    // and a page is read again only while hidden channels left the visible ones short of `limit`.
    const visible: ChannelView[] = [];
    let after = page.after;
    for (;;) {
      const batch = await this.stores.channels.listByServer(server.value.id, { limit: page.limit, ...(after === undefined ? {} : { after }) });
      for (const channel of batch) {
        const permissions = channelPermissions(standing, server.value.id, channel.permissionOverwrites);
        if (has(permissions, 'VIEW_CHANNEL') && visible.length < page.limit) visible.push({ ...channel, permissions });
      }
      const last = batch.at(-1);
      if (visible.length >= page.limit || batch.length < page.limit || !last) return ok(visible);
      after = last.id;
    }
  }
}
