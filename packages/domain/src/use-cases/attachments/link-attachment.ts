import type { Id } from '../../ids';
import type { AttachmentLinks } from '../../ports/attachment-links';
import type { Clock } from '../../ports/clock';

/**
 * A fresh download link for a file of a message being read. Messages are stored with their files'
 * links unsigned (a link expires; a message does not), and the edge signs them whenever a message
 * leaves the API: an answer, a page, a gateway frame. Refuses nothing: reading the message was the check.
 */
export class LinkAttachment {
  constructor(
    private readonly links: AttachmentLinks,
    private readonly clock: Clock,
  ) {}

  execute(attachmentId: Id): string {
    return this.links.urlOf(attachmentId, this.clock.now());
  }
}
