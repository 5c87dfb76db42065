import type { Actor } from '../../entities/session';
import { channelDeleted } from '../../events/chat-event';
import type { UnitOfWork } from '../../ports/unit-of-work';
import { fail, ok, type Outcome } from '../../result';
import { channelWithPermission } from './managed-channel';

/**
 * A member with MANAGE_CHANNELS deletes a channel with its messages; the server's members get
 * `channel.deleted`. The server's default channel stays until another is named (`PATCH` server).
 */
export class DeleteChannel {
  static readonly errors = ['ChannelNotFound', 'NotAMember', 'MissingPermission', 'DefaultChannel'] as const;

  constructor(private readonly unitOfWork: UnitOfWork) {}

  async execute(actor: Actor, channelId: string): Outcome<void, typeof DeleteChannel.errors> {
    return this.unitOfWork.run(async (stores) => {
      const found = await channelWithPermission(stores, channelId, actor.userId, 'MANAGE_CHANNELS');
      if (!found.ok) return found;
      const { channel, server } = found.value;
      if (server.defaultChannelId === channel.id) return fail({ kind: 'DefaultChannel' });
      if ((await stores.channels.delete(channel.id)) === 'absent') return fail({ kind: 'ChannelNotFound' });
      await stores.events.append(channelDeleted(server.id, channel.id));
      return ok(undefined);
    });
  }
}
