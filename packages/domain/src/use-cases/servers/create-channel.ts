import type { Channel } from '../../entities/channel';
import { DEFAULT_QUOTAS, type Quotas } from '../../entities/quotas';
import { quotaRefusal } from '../../rules/quota-rules';
import type { Actor } from '../../entities/session';
import { validationFailed, type ErrorOf } from '../../errors';
import { has, type PermissionBits } from '../../entities/permissions';
import type { PermissionOverwrite } from '../../entities/role';
import type { Stores } from '../../ports/stores';
import { newOverwritesOf, type NewOverwriteInput } from '../../rules/channel-rules';
import { mayGrant } from '../../rules/permission-rules';
import { targetIssues } from '../channels/managed-channel';
import { channelCreated } from '../../events/chat-event';
import type { Clock } from '../../ports/clock';
import type { IdGenerator } from '../../ports/id-generator';
import type { UnitOfWork } from '../../ports/unit-of-work';
import { fail, ok, type Outcome } from '../../result';
import { channelNameIssues } from '../../rules/name-rules';
import { hideUnseen } from '../channel-sight';
import { serverWithPermission } from '../permissions';

/** What a new channel is made with: its name, and (with MANAGE_ROLES) its overwrites from the start. */
export interface CreateChannelInput {
  readonly name: string;
  readonly permissionOverwrites?: readonly NewOverwriteInput[];
}

/**
 * A member with MANAGE_CHANNELS adds a channel, listed last, with any overwrites from its first
 * moment (those need MANAGE_ROLES, and grant only what the caller holds): a private channel is never
 * public for a moment. The members who can see it get `channel.created`.
 */
export class CreateChannel {
  static readonly errors = ['ValidationFailed', 'ServerNotFound', 'NotAMember', 'MissingPermission', 'QuotaExceeded', 'RoleHierarchy'] as const;

  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
    private readonly quotas: Quotas = DEFAULT_QUOTAS,
  ) {}

  async execute(actor: Actor, serverId: string, input: CreateChannelInput): Outcome<Channel, typeof CreateChannel.errors> {
    const overwrites = newOverwritesOf(input.permissionOverwrites ?? []);
    const issues = [...channelNameIssues(input.name), ...('issues' in overwrites ? overwrites.issues : [])];
    if (issues.length > 0 || 'issues' in overwrites) return fail(validationFailed(issues));
    return this.unitOfWork.run(async (stores) => {
      // Held: racing creations in one server count one at a time (and so take different positions).
      const found = await serverWithPermission(stores, serverId, actor.userId, 'MANAGE_CHANNELS', { held: true });
      if (!found.ok) return found;
      const { server, standing } = found.value;
      const refused = await this.overwritesRefusal(stores, server.id, standing.permissions, overwrites);
      if (refused) return fail(refused);
      const count = await stores.channels.countByServer(server.id);
      const full = quotaRefusal(this.quotas, 'channelsPerServer', count);
      if (full) return fail(full);

      const channel: Channel = { id: this.ids.next(), serverId: server.id, name: input.name.trim(), topic: null, position: count, permissionOverwrites: overwrites, createdAt: this.clock.now() };
      await stores.channels.create(channel);
      // Members it is shut to (by its overwrites, or without VIEW_CHANNEL at all) are kept out before it is announced.
      await hideUnseen(stores, server, { channelIds: [channel.id] });
      await stores.events.append(channelCreated(channel));
      return ok(channel);
    });
  }

  /** Overwrites need MANAGE_ROLES, targets of this server, and only permissions the caller holds. */
  private async overwritesRefusal(
    stores: Stores,
    serverId: string,
    held: PermissionBits,
    overwrites: readonly PermissionOverwrite[],
  ): Promise<ErrorOf<'ValidationFailed' | 'MissingPermission' | 'RoleHierarchy'> | null> {
    if (overwrites.length === 0) return null;
    if (!has(held, 'MANAGE_ROLES')) return { kind: 'MissingPermission', permission: 'MANAGE_ROLES' };
    const targets = await Promise.all(overwrites.map((o, i) => targetIssues(stores, serverId, o.id, o.type, `permissionOverwrites.${i}.id`)));
    if (targets.flat().length > 0) return validationFailed(targets.flat());
    return overwrites.every((o) => mayGrant(held, o.allow | o.deny)) ? null : { kind: 'RoleHierarchy' };
  }
}
