/** The composer's files: the attach button where the person may attach, and a chip for each file chosen (its progress, or what went wrong, and a remove button). */
import { mayAttach } from '../controls.js';
import { h } from '../dom.js';
import { percentOf, sizeInWords } from '../files.js';
import { powersOf } from '../model/permissions.js';
import type { Upload } from '../model/state.js';
import { uploadsIn } from '../model/uploads.js';
import type { ViewContext } from './intents.js';

export function renderUploads({ el, state, intents }: ViewContext): void {
  el.attachButton.hidden = !mayAttach(powersOf(state).channel);
  const uploads = uploadsIn(state, state.channelId);
  el.uploads.hidden = uploads.length === 0;
  el.uploads.replaceChildren(...uploads.map((upload) => chip(upload, () => intents.removeUpload(upload.key))));
}

function chip(upload: Upload, remove: () => void): HTMLLIElement {
  const percent = percentOf(upload.sent, upload.size);
  const state = upload.problem ? 'failed' : upload.attachment ? 'ready' : 'uploading';
  return h(
    'li',
    { className: `upload ${state}`, 'data-upload': upload.key },
    // Once uploaded, the name as the API keeps it (its last path segment, sanitised): the one the message will show.
    h('span', { className: 'upload-name' }, upload.attachment?.filename ?? upload.filename),
    h('span', { className: 'hint' }, ` ${sizeInWords(upload.size)}`),
    state === 'uploading' && h('progress', { max: 100, value: percent, 'aria-label': `Uploading ${upload.filename}: ${percent}%` }),
    state === 'failed' && h('span', { className: 'upload-problem' }, upload.problem),
    h('button', { type: 'button', className: 'upload-remove', 'aria-label': `Remove ${upload.filename}`, onclick: remove }, '×'),
  );
}
