import type { Actor } from '../../entities/session';
import { Audience } from '../../events/audience';
import type { EventHistory, GatewaySnapshot } from '../../ports/event-history';
import type { Authenticate } from '../accounts/authenticate';

export type GatewayOpening =
  | { readonly ok: true; readonly actor: Actor; readonly snapshot: GatewaySnapshot; readonly audience: Audience }
  | { readonly ok: false; readonly reason: 'InvalidToken' | 'UnknownCursor' };

/**
 * A gateway connection identifies (`from` null: start at the log's head) or resumes after a
 * position: the token must be live, and a resume's position must still be in the log. The audience
 * it gets judges every event from there on (see `Audience`).
 */
export class OpenGatewaySession {
  constructor(
    private readonly authenticate: Authenticate,
    private readonly history: EventHistory,
  ) {}

  async execute(token: string, from: { readonly logId: string; readonly position: number } | null): Promise<GatewayOpening> {
    // The signature here; the session is checked inside the snapshot, at the same moment.
    const actor = await this.authenticate.claims(token);
    if (!actor.ok) return { ok: false, reason: 'InvalidToken' };
    const snapshot = await this.history.snapshot(actor.value, from?.position ?? null);
    if (!snapshot) return { ok: false, reason: 'InvalidToken' };
    if (from && (from.logId !== snapshot.logId || from.position < snapshot.oldest || from.position > snapshot.head)) {
      return { ok: false, reason: 'UnknownCursor' };
    }
    // A conversation is routed as a server is: by its id, to those in it.
    const current = new Set([...snapshot.servers.map(({ server }) => server.id), ...snapshot.conversationIds]);
    // Identify starts where ready does: every server and channel it shows is open. A resume opens a
    // server joined, or a channel come into sight, since its cursor only at that join or sight.
    const sight = { hidden: snapshot.hidden, shownAfter: from ? snapshot.shownAfter : new Map<string, string>() };
    const audience = new Audience(actor.value.userId, actor.value.sessionId, current, from ? snapshot.joinedAfter : new Set(), sight);
    return { ok: true, actor: actor.value, snapshot, audience };
  }
}
