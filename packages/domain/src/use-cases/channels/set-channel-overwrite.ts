import type { Actor } from '../../entities/session';
import { validationFailed } from '../../errors';
import { channelUpdated } from '../../events/chat-event';
import type { UnitOfWork } from '../../ports/unit-of-work';
import { fail, ok, type Outcome } from '../../result';
import { overwriteBitsOf, type OverwriteInput } from '../../rules/channel-rules';
import { mayGrant } from '../../rules/permission-rules';
import { SightWatch } from '../channel-sight';
import { channelWithPermission, targetIssues } from './managed-channel';

/**
 * A member with MANAGE_ROLES in the channel sets what one role or member may do in a channel,
 * allowing or denying only permissions they hold themselves; the server's members get `channel.updated`.
 */
export class SetChannelOverwrite {
  static readonly errors = ['ValidationFailed', 'ChannelNotFound', 'NotAMember', 'MissingPermission', 'RoleHierarchy'] as const;

  constructor(private readonly unitOfWork: UnitOfWork) {}

  async execute(actor: Actor, channelId: string, targetId: string, input: OverwriteInput): Outcome<void, typeof SetChannelOverwrite.errors> {
    const bits = overwriteBitsOf(input);
    if ('issues' in bits) return fail(validationFailed(bits.issues));
    return this.unitOfWork.run(async (stores) => {
      const found = await channelWithPermission(stores, channelId, actor.userId, 'MANAGE_ROLES');
      if (!found.ok) return found;
      const { channel, server, grantable } = found.value;
      const issues = await targetIssues(stores, server.id, targetId, input.type);
      if (issues.length > 0) return fail(validationFailed(issues));
      if (!mayGrant(grantable, bits.allow | bits.deny)) return fail({ kind: 'RoleHierarchy' });

      const sight = await SightWatch.before(stores, server, { channelIds: [channel.id] });
      await stores.channels.setOverwrite(channel.id, { id: targetId, type: input.type, allow: bits.allow, deny: bits.deny });
      const updated = await stores.channels.findById(channel.id);
      if (!updated) return fail({ kind: 'ChannelNotFound' });
      await sight.append(stores, [channelUpdated(updated)]);
      return ok(undefined);
    });
  }
}
