import { newMessage, type Message, type MessageView } from '../../entities/message';
import type { Actor } from '../../entities/session';
import { validationFailed } from '../../errors';
import type { Clock } from '../../ports/clock';
import type { IdGenerator } from '../../ports/id-generator';
import { ATTACHMENTS_UNAVAILABLE, type MessageRepository, type SendReceipt } from '../../ports/message-repository';
import { isId } from '../../ids';
import { fail, ok, type Outcome } from '../../result';
import { nonceIssues } from '../../rules/message-rules';
import { attachmentIdsIssues, sentContentIssues } from '../../rules/attachment-rules';
import { mentionsIn } from '../../rules/mention-rules';
import { fromGate } from '../access';
import { ATTACH_NEEDS, SEND_NEEDS } from '../../rules/permission-rules';

/** A message just stored as a reader sees it: what the store kept of it (`receipt`), not pinned, no reactions yet. */
export const sentView = ({ pinnedAt: _pinnedAt, ...message }: Omit<Message, 'authorId'>, receipt: SendReceipt): MessageView => ({
  ...message,
  ...receipt,
  pinned: false,
  reactions: [],
});

/** The stored message, and the sender's nonce to echo back (null when none was given). */
export interface SentMessage {
  readonly message: MessageView;
  readonly nonce: string | null;
}

export interface SendInput {
  /** May be empty (or left out) when the message carries files. */
  readonly content?: string | undefined;
  readonly nonce?: string | undefined;
  /** Uploads of the sender's, not yet on any message (`MAX_MESSAGE_ATTACHMENTS` at most). */
  readonly attachmentIds?: readonly string[] | undefined;
  /** The message of this channel it answers. */
  readonly replyTo?: string | undefined;
  /** A reply mentions the author it answers unless this is false. */
  readonly mentionAuthor?: boolean | undefined;
}

/**
 * Takes the token's claims: the session, membership, the files' claim, insert and its
 * `message.created` event are one atomic statement.
 */
export class SendMessage {
  static readonly errors = ['ValidationFailed', 'InvalidToken', 'ChannelNotFound', 'NotAMember', 'NotARecipient', 'MissingPermission', 'Blocked', 'AttachmentUnavailable'] as const;
  /** As GetMessages': the session is checked in the insert's statement, not for input refused before it. */
  static readonly checksSession = true;

  constructor(
    private readonly messages: MessageRepository,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
  ) {}

  async execute(actor: Actor, channelId: string, input: SendInput): Outcome<SentMessage, typeof SendMessage.errors> {
    const content = input.content ?? '';
    const attachmentIds = input.attachmentIds ?? [];
    const issues = [...sentContentIssues(content, attachmentIds.length), ...nonceIssues(input.nonce), ...attachmentIdsIssues(attachmentIds), ...replyIssues(input.replyTo)];
    if (issues.length > 0) return fail(validationFailed(issues));
    if (!isId(channelId)) return fail({ kind: 'ChannelNotFound' });

    const nonce = input.nonce ?? null;
    const sent = { id: this.ids.next(), channelId, content, createdAt: this.clock.now(), replyTo: input.replyTo ?? null };
    const message = newMessage(sent, mentionsIn(content));
    const gated = await this.messages.createAs(actor, message, nonce, attachmentIds, input.mentionAuthor !== false);
    // A one-to-one where either blocked the other: its recipients read it, nobody writes there.
    if (!gated.ok && gated.facts.blocked && gated.facts.sessionLive && gated.facts.member) return fail({ kind: 'Blocked' });
    const stored = fromGate(gated, attachmentIds.length > 0 ? ATTACH_NEEDS : SEND_NEEDS);
    if (!stored.ok) return stored;
    if (stored.value === ATTACHMENTS_UNAVAILABLE) return fail({ kind: 'AttachmentUnavailable' });
    if (stored.value === 'ReplyTargetMissing') return fail(validationFailed([{ path: 'replyTo', message: REPLY_TARGET_MISSING }]));
    return ok({ message: sentView(message, stored.value), nonce });
  }
}

const REPLY_TARGET_MISSING = 'must be a message of this channel';

/** A reply's target must at least be an id; whether the channel holds it, the send's statement finds out. */
const replyIssues = (replyTo: string | undefined) => (replyTo === undefined || isId(replyTo) ? [] : [{ path: 'replyTo', message: REPLY_TARGET_MISSING }]);
