/**
 * Attaching files: each is uploaded as soon as it is chosen (the button or a drop), with
 * XMLHttpRequest, whose `upload.onprogress` reports the bytes sent (fetch reports none), and shows as
 * a chip until the message that carries it is sent or its remove button is pressed (which stops it
 * if it is still on its way).
 */
import { ChatApiError, type Attachment } from '@chat/client';
import { roomIn, uploadFailed, uploadFinished, uploadProgressed, uploadsRemoved, uploadStarted, MAX_ATTACHMENTS } from '../model/uploads.js';
import type { Page } from '../page.js';
import { showErrorText } from '../views/feedback.js';
import { describeError } from '../words.js';

/** The uploads on their way, by key: what the remove button stops. */
const inFlight = new Map<string, XMLHttpRequest>();
let counter = 0;

/** Uploads the files chosen for the open channel, as many as its next message can still take. */
export function attachFiles(page: Page, files: Iterable<File>): void {
  const channelId = page.state.channelId;
  if (!channelId) return;
  const chosen = [...files];
  const room = roomIn(page.state, channelId);
  if (chosen.length > room) showErrorText(page.el, `A message carries at most ${MAX_ATTACHMENTS} files: ${chosen.length - room === 1 ? 'one was' : `${chosen.length - room} were`} left out.`);
  for (const file of chosen.slice(0, room)) upload(page, channelId, file);
}

function upload(page: Page, channelId: string, file: File): void {
  const key = `upload-${++counter}`;
  page.apply(uploadStarted(page.state, { key, channelId, filename: file.name, size: file.size }));
  const request = new XMLHttpRequest();
  inFlight.set(key, request);
  request.open('POST', '/api/attachments');
  if (page.token) request.setRequestHeader('Authorization', `Bearer ${page.token}`);
  request.responseType = 'text';
  request.upload.addEventListener('progress', (event) => page.apply(uploadProgressed(page.state, key, event.loaded)));
  request.addEventListener('load', () => {
    inFlight.delete(key);
    const body = parse(request.responseText);
    if (request.status === 201 && body) return page.apply(uploadFinished(page.state, key, body as unknown as Attachment));
    failed(page, key, refusal(request, body));
  });
  // The connection went (the API cuts off a file past its limit mid-way, or the network dropped).
  request.addEventListener('error', () => {
    inFlight.delete(key);
    failed(page, key, new TypeError('upload cut off'));
  });
  const form = new FormData();
  form.append('file', file, file.name);
  request.send(form);
}

/** The chip says what went wrong; so does the page's error line (read out by screen readers). */
function failed(page: Page, key: string, error: unknown): void {
  const words = error instanceof TypeError ? 'The upload was cut off: the file may be larger than the server takes, or the connection dropped.' : describeError(error, 'Uploading');
  if (error instanceof ChatApiError && error.code === 'UNAUTHENTICATED' && page.token) return page.endSession('Your session has ended. Please log in again.');
  page.apply(uploadFailed(page.state, key, words));
  showErrorText(page.el, words);
}

const parse = (text: string): Record<string, unknown> | undefined => {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
};

/** A refusal as the SDK's error, so the page's words for it are the same as for every other call. */
function refusal(request: XMLHttpRequest, body: Record<string, unknown> | undefined): ChatApiError {
  const problem = body ?? {};
  const code = typeof problem.code === 'string' ? problem.code : `HTTP_${request.status}`;
  const retryAfter = Number(request.getResponseHeader('Retry-After'));
  return new ChatApiError(request.status, code, problem, Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter * 1000 : undefined);
}

/** The chip's remove button: stops the upload if it is on its way (an uploaded file not sent is swept by the API within the hour). */
export function removeUpload(page: Page, key: string): void {
  inFlight.get(key)?.abort();
  inFlight.delete(key);
  page.apply(uploadsRemoved(page.state, [key]));
}
