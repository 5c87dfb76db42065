import { AttachmentResponse } from '@chat/contract';
import { ProblemResponse } from '@chat/contract';
import type { ExtraPaths } from '../http/openapi';
import { ATTACHMENTS_PATH } from './attachment-routes';

const problemOf = (description: string, schema: Record<string, unknown>) => ({ description, content: { 'application/problem+json': { schema } } });

/** The two attachment routes in the OpenAPI document: they stream, so they are not route specs. */
export const attachmentsOpenApi: ExtraPaths = (schemaOf) => {
  const problemSchema = schemaOf(ProblemResponse, 'output');
  return {
    [ATTACHMENTS_PATH]: {
      post: {
        operationId: 'uploadAttachment',
        summary: 'Upload a file, to attach to a message or set as an avatar or banner within the hour (an upload never used is deleted)',
        description:
          'One part, named `file`; its file name is kept for display only, sanitised. The body is streamed to storage as it arrives. Its type is sniffed from its bytes (the part\'s Content-Type is not read), and an image\'s size from its header. Counts against `RATE_LIMIT_UPLOAD` and the daily `QUOTA_UPLOAD_BYTES_PER_DAY`.',
        tags: ['Attachments'],
        requestBody: {
          required: true,
          content: { 'multipart/form-data': { schema: { type: 'object', required: ['file'], properties: { file: { type: 'string', format: 'binary' } } } } },
        },
        responses: {
          201: { description: 'Uploaded', content: { 'application/json': { schema: schemaOf(AttachmentResponse, 'output') } } },
          400: problemOf('An empty file, no part named file, another part beside it, or a broken or unfinished body (code VALIDATION_FAILED or MALFORMED_MULTIPART); nothing is kept', problemSchema),
          401: problemOf('Missing, invalid, expired or revoked token (code UNAUTHENTICATED)', problemSchema),
          403: problemOf('The daily upload quota would be passed (code QUOTA_EXCEEDED); nothing is kept', problemSchema),
          413: problemOf('The file is larger than ATTACHMENT_MAX_BYTES (code PAYLOAD_TOO_LARGE): cut off, nothing is kept, the connection closed', problemSchema),
          415: problemOf('The body is not multipart/form-data (code UNSUPPORTED_MEDIA_TYPE)', problemSchema),
          429: problemOf('Too many uploads (code RATE_LIMITED)', problemSchema),
          500: problemOf('Unexpected failure; never carries internals (code INTERNAL)', problemSchema),
        },
      },
    },
    [`${ATTACHMENTS_PATH}/{id}`]: {
      get: {
        operationId: 'downloadAttachment',
        summary: "Download an attachment by its signed link (an attachment's url, or an uploaded avatar or banner): no token needed",
        description:
          "An attachment's url expires (`ATTACHMENT_URL_TTL_SECONDS`; a fresh one comes with every read). An uploaded avatar's or banner's (`?purpose=avatar&signature=…`) never expires, as avatars are stored with servers and users and written into messages and events: it works while the upload is that avatar or banner, and 404s once it was replaced or cleared. It outlives a rotation of the signing key (`JWT_SECRET`): a link no key of now verifies still opens the image if it is the very link stored in the upload's slot. " +
          'PNG, JPEG, GIF and WebP are answered inline with their type; every other file as `application/octet-stream` with `Content-Disposition: attachment`. Always `X-Content-Type-Options: nosniff` and `Content-Security-Policy: sandbox`. One `Range` is answered 206 (several, or a malformed one, get the whole file).',
        tags: ['Attachments'],
        security: [],
        parameters: [
          { name: 'id', in: 'path', required: true, schema: { type: 'string' } },
          { name: 'expires', in: 'query', required: false, description: "From the url, as it is (an attachment's url has it, an avatar's has none)", schema: { type: 'string' } },
          { name: 'purpose', in: 'query', required: false, description: 'From the url, as it is: `avatar` in an avatar\'s or banner\'s link', schema: { type: 'string', enum: ['avatar'] } },
          { name: 'signature', in: 'query', required: true, description: 'From the url, as it is', schema: { type: 'string' } },
          { name: 'Range', in: 'header', required: false, description: 'bytes=start-end', schema: { type: 'string' } },
        ],
        responses: {
          200: { description: 'The file', content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } } },
          206: { description: 'The range asked, with Content-Range', content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } } },
          403: problemOf('The link is not valid or has expired (code LINK_INVALID); it says nothing of the file', problemSchema),
          404: problemOf('The attachment is gone, or (by an avatar link) is that avatar or banner no more (code NOT_FOUND)', problemSchema),
          416: problemOf('The range starts past the end of the file (code RANGE_NOT_SATISFIABLE)', problemSchema),
        },
      },
    },
  };
};
