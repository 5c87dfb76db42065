/**
 * The running page: its elements, its state now, and the session's clients. The token lives in this
 * object's memory only (never in storage): a reload asks to log in again, and a script injected into
 * the page could not read a stored token. Only the device tokens, which open no session, are stored
 * (`device-tokens.ts`).
 */
import { ChatApiError, type GatewayConnection, type RestClient } from '@chat/client';
import { createCoalescer, type Coalescer } from './coalesce.js';
import type { Marker } from './marker.js';
import { createSendQueue, type SendQueue } from './send-queue.js';
import { createTypingSender, type TypingSender } from './typing-sender.js';
import { sessionEnded, signedOut, type ChatState, type Effect, type Step } from './model/state.js';
import type { Elements } from './views/elements.js';
import { clearError, showErrorText } from './views/feedback.js';
import { showSignedOut } from './views/session.js';
import { describeError } from './words.js';

export interface Page {
  readonly el: Elements;
  /** Changed only by `apply`, which draws what each change touched. */
  readonly state: ChatState;
  token?: string;
  rest?: RestClient;
  gateway?: GatewayConnection;
  /** A login or sign-up in flight: a second submit waits for it. */
  busy: boolean;
  apply(step: Step): void;
  /** Runs an action for a person: clears the last error, shows this one's in words, never throws. */
  attempt(action: string, run: () => Promise<void>): Promise<void>;
  /** Runs work no person asked for (a read after an event): shows its error in words, but leaves one already shown until then. */
  background(action: string, run: () => Promise<void>): Promise<void>;
  /** Reads asked for by events, made once per burst (dropped when the session ends). */
  readonly soon: Coalescer;
  /** Marks the open channel read once its newest message shows. */
  readonly marker: Marker;
  /** Tells the others this person is typing, at most every 8 s per channel. */
  readonly typing: TypingSender;
  /** Sends this person's messages one at a time, in the order sent (`send-queue.ts`). */
  readonly sends: SendQueue;
  endSession(message?: string): void;
  /** The signed-in REST client (throws when signed out). */
  client(): RestClient;
}

/** How long a read asked for by an event waits for the rest of its burst. */
const READ_AFTER_EVENTS_MS = 100;

/** `run` carries out a change's effects, once the state is the changed one; `marker` marks the open channel read for this page. */
export function createPage(el: Elements, run: (page: Page, effects: readonly Effect[]) => void, marker: (page: Page) => Marker): Page {
  let state = signedOut;
  const report = (action: string, error: unknown) => {
    if (error instanceof ChatApiError && error.code === 'UNAUTHENTICATED' && page.token) page.endSession('Your session has ended. Please log in again.');
    else showErrorText(el, describeError(error, action));
  };
  const page: Page = {
    el,
    get state() {
      return state;
    },
    busy: false,
    apply(step) {
      state = step.state;
      run(page, step.effects);
    },
    async attempt(action, work) {
      clearError(el);
      await page.background(action, work);
    },
    async background(action, work) {
      try {
        await work();
      } catch (error) {
        report(action, error);
      }
    },
    soon: createCoalescer(READ_AFTER_EVENTS_MS),
    get marker() {
      return marks;
    },
    // Typing is best-effort: a refusal (a channel one cannot send in, a 429) is not worth a word.
    sends: createSendQueue(),
    typing: createTypingSender((channelId) => void page.rest?.POST('/api/channels/{channelId}/typing', { params: { path: { channelId } } }).catch(() => undefined)),
    endSession(message) {
      page.soon.cancelAll();
      page.marker.cancel();
      page.typing.reset();
      page.gateway?.close();
      Object.assign(page, { token: undefined, rest: undefined, gateway: undefined });
      state = sessionEnded(state);
      showSignedOut(el, message);
    },
    client() {
      if (!page.rest) throw new Error('not logged in');
      return page.rest;
    },
  };
  const marks = marker(page);
  return page;
}
