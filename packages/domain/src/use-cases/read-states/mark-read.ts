import type { Actor } from '../../entities/session';
import { validationFailed } from '../../errors';
import { readStateUpdated } from '../../events/chat-event';
import { isId } from '../../ids';
import type { UnitOfWork } from '../../ports/unit-of-work';
import { fail, ok, type Outcome } from '../../result';
import { messageOfMember } from '../channel-access';

/**
 * Marks a channel (or a direct conversation) read up to one of its messages, never backwards. When
 * the marker moved, the user's sockets hear `read_state.updated` (all of them: the request came over
 * HTTP, from no socket), with the mentions of them still after it.
 */
export class MarkRead {
  static readonly errors = ['ValidationFailed', 'ChannelNotFound', 'NotAMember', 'NotARecipient', 'MissingPermission', 'MessageNotFound'] as const;

  constructor(private readonly unitOfWork: UnitOfWork) {}

  async execute(actor: Actor, channelId: string, input: { readonly messageId: string }): Outcome<void, typeof MarkRead.errors> {
    if (!isId(input.messageId)) return fail(validationFailed([{ path: 'messageId', message: 'must be a message id' }]));
    return this.unitOfWork.run(async (stores) => {
      // A message of another channel (or none) is not this channel's to mark: 404, as its own routes answer.
      const found = await messageOfMember(stores, channelId, input.messageId, actor.userId);
      if (!found.ok) return found;
      const { channel, message } = found.value;
      if ((await stores.readStates.markRead(actor.userId, channel.id, message.id)) === 'moved') {
        const [state] = await stores.readStates.list(actor.userId, channel.id);
        await stores.events.append(readStateUpdated(actor.userId, channel.id, message.id, state?.mentionCount ?? 0));
      }
      return ok(undefined);
    });
  }
}
