/**
 * The files being attached in the composer, as chips above it: each upload's progress, then its
 * attachment (or what went wrong). Each belongs to the channel (or conversation) it was chosen in,
 * so a draft's files stay with it when another channel opens; a send carries the open channel's
 * finished ones (`readyIn`). Pure: the uploads themselves are `actions/uploads.ts`.
 */
import type { Attachment } from '@chat/client';
import { step, unchanged, type ChatState, type Step, type Upload } from './state.js';

/** The most files one message carries (the API's limit). */
export const MAX_ATTACHMENTS = 10;

const drawn = (state: ChatState): Step => step(state, { kind: 'uploads' });

const changed = (state: ChatState, key: string, change: (upload: Upload) => Upload): Step => {
  if (!state.uploads.some((upload) => upload.key === key)) return unchanged(state);
  return drawn({ ...state, uploads: state.uploads.map((upload) => (upload.key === key ? change(upload) : upload)) });
};

export const uploadStarted = (state: ChatState, upload: { key: string; channelId: string; filename: string; size: number }): Step =>
  drawn({ ...state, uploads: [...state.uploads, { ...upload, sent: 0 }] });

/** Progress of an upload still shown (one removed meanwhile is not brought back). */
export const uploadProgressed = (state: ChatState, key: string, sent: number): Step => changed(state, key, (upload) => ({ ...upload, sent: Math.min(sent, upload.size) }));

export const uploadFinished = (state: ChatState, key: string, attachment: Attachment): Step => changed(state, key, (upload) => ({ ...upload, sent: upload.size, attachment }));

export const uploadFailed = (state: ChatState, key: string, problem: string): Step => changed(state, key, (upload) => ({ ...upload, problem }));

/** Removed by its button, or sent with a message. */
export const uploadsRemoved = (state: ChatState, keys: readonly string[]): Step =>
  state.uploads.some((upload) => keys.includes(upload.key)) ? drawn({ ...state, uploads: state.uploads.filter((upload) => !keys.includes(upload.key)) }) : unchanged(state);

/** The open channel's chips. */
export const uploadsIn = (state: ChatState, channelId: string | undefined): Upload[] => state.uploads.filter((upload) => upload.channelId === channelId);

/** The open channel's uploads still on their way. */
export const uploadingIn = (state: ChatState, channelId: string | undefined): boolean => uploadsIn(state, channelId).some((upload) => !upload.attachment && !upload.problem);

/** What a send in this channel carries: its finished uploads, in the order chosen. */
export const readyIn = (state: ChatState, channelId: string | undefined): Upload[] => uploadsIn(state, channelId).filter((upload) => upload.attachment !== undefined);

/** How many more files this channel's next message can take. */
export const roomIn = (state: ChatState, channelId: string | undefined): number => Math.max(0, MAX_ATTACHMENTS - uploadsIn(state, channelId).filter((upload) => !upload.problem).length);
