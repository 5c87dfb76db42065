import type { AttachmentView } from '@chat/domain';
import { z } from 'zod';
import { id } from './fields';

/** An uploaded file as readers get it: with a download link of its own, fresh with every read. */
export const AttachmentResponse = z
  .object({
    id,
    filename: z.string().meta({ description: 'The name it was uploaded with, sanitised (no path, no control characters, at most 255 bytes): for display and saving only' }),
    contentType: z.string().meta({ description: 'Sniffed from its bytes, never taken from the client; `application/octet-stream` when unknown' }),
    size: z.number().int().min(1).meta({ description: 'In bytes' }),
    width: z.number().int().nullable().meta({ description: 'In pixels, for PNG, JPEG, GIF and WebP images (as shown, EXIF orientation applied); else null' }),
    height: z.number().int().nullable(),
    url: z.string().meta({
      description:
        'Downloads it without a token (so `<img src>` works), relative to the API: signed, and valid for ATTACHMENT_URL_TTL_SECONDS (24 hours) rounded up to the hour. PNG, JPEG, GIF and WebP are shown inline; everything else downloads as `application/octet-stream`.',
    }),
  })
  .meta({ id: 'Attachment' });

export const attachmentJson = (a: AttachmentView): z.output<typeof AttachmentResponse> => ({
  id: a.id,
  filename: a.filename,
  contentType: a.contentType,
  size: a.size,
  width: a.width,
  height: a.height,
  url: a.url,
});
