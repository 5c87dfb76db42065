import type { components } from './generated/api.js';
import { ok, type RestClient } from './rest.js';

/** An uploaded file, with its download link (relative to the API, signed, expiring). */
export type Attachment = components['schemas']['Attachment'];

/**
 * Uploads a file as `POST /api/attachments` takes it: one multipart part named `file`, under
 * `filename` (a `File`'s own name when left out). Resolves with the attachment; a refusal (413 too
 * large, 403 quota, 429) throws a `ChatApiError`, as every call does.
 */
export function uploadAttachment(rest: RestClient, file: Blob, filename?: string): Promise<Attachment> {
  const name = filename ?? (typeof File !== 'undefined' && file instanceof File ? file.name : 'file');
  return ok(
    rest.POST('/api/attachments', {
      // The typed body stands for the form; what is sent is the form itself.
      body: { file: '' },
      bodySerializer: () => {
        const form = new FormData();
        form.append('file', file, name);
        return form;
      },
    }),
  );
}
