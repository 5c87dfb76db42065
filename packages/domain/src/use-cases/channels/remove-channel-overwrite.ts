import type { Actor } from '../../entities/session';
import { channelUpdated } from '../../events/chat-event';
import type { UnitOfWork } from '../../ports/unit-of-work';
import { fail, ok, type Outcome } from '../../result';
import { mayGrant } from '../../rules/permission-rules';
import { SightWatch } from '../channel-sight';
import { channelWithPermission } from './managed-channel';

/**
 * A member with MANAGE_ROLES in the channel removes a role's or member's overwrite from a
 * channel: only one whose permissions they hold (removing a deny grants as surely as an allow).
 * Removing one that is not there changes nothing and is not an error.
 */
export class RemoveChannelOverwrite {
  static readonly errors = ['ChannelNotFound', 'NotAMember', 'MissingPermission', 'RoleHierarchy'] as const;

  constructor(private readonly unitOfWork: UnitOfWork) {}

  async execute(actor: Actor, channelId: string, targetId: string): Outcome<void, typeof RemoveChannelOverwrite.errors> {
    return this.unitOfWork.run(async (stores) => {
      const found = await channelWithPermission(stores, channelId, actor.userId, 'MANAGE_ROLES');
      if (!found.ok) return found;
      const { channel, server, grantable } = found.value;
      const overwrite = channel.permissionOverwrites.find((o) => o.id === targetId);
      if (!overwrite) return ok(undefined);
      if (!mayGrant(grantable, overwrite.allow | overwrite.deny)) return fail({ kind: 'RoleHierarchy' });

      const sight = await SightWatch.before(stores, server, { channelIds: [channel.id] });
      await stores.channels.removeOverwrite(channel.id, targetId);
      const updated = await stores.channels.findById(channel.id);
      if (!updated) return fail({ kind: 'ChannelNotFound' });
      await sight.append(stores, [channelUpdated(updated)]);
      return ok(undefined);
    });
  }
}
