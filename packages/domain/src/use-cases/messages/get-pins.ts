import type { Actor } from '../../entities/session';
import { isId } from '../../ids';
import type { MessageRepository, RenderedPage } from '../../ports/message-repository';
import { fail, type Outcome } from '../../result';
import { READ_NEEDS } from '../../rules/permission-rules';
import { fromGate } from '../access';

/**
 * The channel's pinned messages, most recently pinned first, as a page shows messages: for whoever
 * may read the channel. Takes the token's claims: the session is checked in the list's own look-up.
 */
export class GetPins {
  static readonly errors = ['InvalidToken', 'ChannelNotFound', 'NotAMember', 'NotARecipient', 'MissingPermission'] as const;
  /** As GetMessages': a malformed channel id is answered without a look-up, so the edge checks the session itself then. */
  static readonly checksSession = true;

  constructor(private readonly messages: MessageRepository) {}

  async execute(actor: Actor, channelId: string): Outcome<RenderedPage, typeof GetPins.errors> {
    if (!isId(channelId)) return fail({ kind: 'ChannelNotFound' });
    return fromGate(await this.messages.pinsJsonAs(actor, channelId), READ_NEEDS);
  }
}
