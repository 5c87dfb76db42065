import type { Actor } from '../../entities/session';
import { TYPING_EVERY_MS, TYPING_MS, typingStarted } from '../../events/signal';
import type { Clock } from '../../ports/clock';
import type { SignalBus } from '../../ports/signal-bus';
import type { Stores } from '../../ports/stores';
import type { Throttle } from '../../ports/throttle';
import { fail, ok, type Outcome } from '../../result';
import { SEND_NEEDS } from '../../rules/permission-rules';
import { channelWithPermission, type ChannelAccess } from '../channel-access';

/**
 * The caller is typing in a channel or conversation: those who see it, the typist excepted, hear
 * `typing.started` live, for `TYPING_MS`. Allowed where a message could be sent, and refused as a
 * send is (a one-to-one where either blocked the other included). Repeats within `TYPING_EVERY_MS`
 * are answered alike and tell nobody: a client sends one every few seconds while typing on.
 */
export class StartTyping {
  static readonly errors = ['ChannelNotFound', 'NotAMember', 'NotARecipient', 'MissingPermission', 'Blocked'] as const;

  constructor(
    private readonly stores: ChannelAccess & Pick<Stores, 'blocks'>,
    private readonly throttle: Throttle,
    private readonly signals: SignalBus,
    private readonly clock: Clock,
  ) {}

  async execute(actor: Actor, channelId: string): Outcome<void, typeof StartTyping.errors> {
    const access = await channelWithPermission(this.stores, channelId, actor.userId, SEND_NEEDS);
    if (!access.ok) return access;
    const { channel } = access.value;
    if (channel.serverId === null && (await this.blocked(channel.id, actor.userId))) return fail({ kind: 'Blocked' });
    if (await this.throttle.claim(`typing:${actor.userId}:${channel.id}`, TYPING_EVERY_MS)) {
      await this.signals.publish(typingStarted(channel, actor.userId, new Date(this.clock.now().getTime() + TYPING_MS)));
    }
    return ok(undefined);
  }

  /** A one-to-one where either blocked the other: nobody writes there, so nobody types there either. */
  private async blocked(conversationId: string, userId: string): Promise<boolean> {
    const conversation = await this.stores.conversations.findById(conversationId);
    const other = conversation?.type === 'dm' ? conversation.recipientIds.find((id) => id !== userId) : undefined;
    return other !== undefined && (await this.stores.blocks.between(userId, other));
  }
}
