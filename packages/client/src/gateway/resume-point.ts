import type { Ready } from './types.js';

/**
 * Where the next socket picks up, kept across sockets: the cursor of the last event handed over (or
 * of ready), which a reconnect resumes from, and why the next ready will come. A cursor is
 * `<logId>-<position>`; within one log, a dispatch at or before the last position was handed over
 * already (a resume replays from the cursor on, and a replica may send an event twice around it).
 */
export class ResumePoint {
  private logId: string | undefined;
  private position = 0;
  private text: string | undefined;
  private reason: Ready['reason'] = 'connect';

  /** The cursor to resume from; undefined until the first ready, and after an invalid session. */
  get cursor(): string | undefined {
    return this.text;
  }

  /** Why the next ready comes: the first identify, or one after the gateway could not resume. */
  get identifyReason(): Ready['reason'] {
    return this.reason;
  }

  /** Moves to `cursor`; false for an event already handed over (a duplicate). `reset` takes any cursor (ready's). */
  take(cursor: string, reset: boolean): boolean {
    const at = cursor.lastIndexOf('-');
    const logId = cursor.slice(0, at);
    const position = Number(cursor.slice(at + 1));
    if (!reset && logId === this.logId && position <= this.position) return false;
    this.logId = logId;
    this.position = position;
    this.text = cursor;
    return true;
  }

  /** The gateway could not resume: start afresh, and say so in the next ready. */
  forget(): void {
    this.text = undefined;
    this.logId = undefined;
    this.position = 0;
    this.reason = 'invalid_session';
  }
}
