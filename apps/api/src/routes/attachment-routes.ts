import { ATTACHMENT_MAX_BYTES, AVATAR_LINK_PURPOSE, type Actor, type UseCases } from '@chat/domain';
import { attachmentJson } from '@chat/contract';
import type { Request, RequestHandler, Response, Router } from 'express';
import type { Logger } from 'pino';
import { authenticateMiddleware } from '../http/authenticate-middleware';
import { problemFor } from '../http/error-mapping';
import { readUpload, UploadRefused } from '../http/multipart-upload';
import { problem, sendProblem, type Problem } from '../http/problem';
import { sendAttachment } from '../http/send-attachment';

export const ATTACHMENTS_PATH = '/api/attachments';

/** How long a browser keeps an avatar: its link never expires, but the upload is one no more once replaced. */
const AVATAR_CACHE_SECONDS = 86_400;

/** Room for a multipart body's boundaries and part headers around the file itself. */
const MULTIPART_OVERHEAD = 16 * 1024;

export interface AttachmentEdge {
  /** The per-user upload limit (`RATE_LIMIT_UPLOAD`). */
  readonly limiter?: RequestHandler;
  /** `ATTACHMENT_MAX_BYTES`: a body declared longer than it (and its overhead) is refused unread. */
  readonly maxBytes?: number;
  readonly touch?: (actor: Actor) => Promise<unknown>;
  readonly logger: Logger;
}

/**
 * Refuses an upload, and closes the connection when the body was not read to its end: the rest of
 * a file that is too large is not worth reading, and must not be taken for the next request.
 */
function refuse(req: Request, res: Response, answer: Problem): void {
  if (!req.complete) res.setHeader('Connection', 'close');
  sendProblem(res, answer);
}

/** `POST /api/attachments`: the body streams into the file store as it arrives. */
function upload(useCases: Pick<UseCases, 'uploadAttachment'>, maxBytes: number): RequestHandler {
  return async (req, res) => {
    const actor = res.locals.actor;
    if (!actor) throw new Error('the upload route ran without its authentication');
    if (!req.is('multipart/form-data')) return refuse(req, res, problem(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the file as multipart/form-data, in one part named file.'));
    if (Number(req.headers['content-length'] ?? 0) > maxBytes + MULTIPART_OVERHEAD) return refuse(req, res, problemFor({ kind: 'FileTooLarge', max: maxBytes }));
    const file = await readUpload(req);
    if (file instanceof UploadRefused) return refuse(req, res, file.problem);
    try {
      const result = await useCases.uploadAttachment.execute(actor, file);
      if (!result.ok) return refuse(req, res, problemFor(result.error));
      res.status(201).json(attachmentJson(result.value));
    } catch (error) {
      if (error instanceof UploadRefused) return refuse(req, res, error.problem);
      throw error;
    }
  };
}

/**
 * `GET /api/attachments/:id?expires=…&signature=…`, or an avatar's `?purpose=avatar&signature=…`:
 * no token, the link is the permission.
 */
function download(useCases: Pick<UseCases, 'openAttachment'>, logger: Logger): RequestHandler {
  return async (req, res) => {
    const query = (name: string) => (typeof req.query[name] === 'string' ? req.query[name] : '');
    const link = { attachmentId: String(req.params.id), expires: query('expires'), signature: query('signature'), purpose: query('purpose') };
    const opened = await useCases.openAttachment.execute(link);
    if (!opened.ok) return sendProblem(res, problemFor(opened.error));
    const cacheSeconds = link.purpose === AVATAR_LINK_PURPOSE ? AVATAR_CACHE_SECONDS : Number(link.expires) - Math.floor(Date.now() / 1000);
    await sendAttachment(req, res, opened.value, cacheSeconds, logger);
  };
}

/** The upload (signed in, limited per user) and the download (by signed link) of attachments. */
export function mountAttachments(router: Router, useCases: Pick<UseCases, 'uploadAttachment' | 'openAttachment' | 'authenticate'>, edge: AttachmentEdge): void {
  const chain: RequestHandler[] = [authenticateMiddleware(useCases.authenticate, false, edge.touch)];
  if (edge.limiter) chain.push(edge.limiter);
  router.post(ATTACHMENTS_PATH, ...chain, upload(useCases, edge.maxBytes ?? ATTACHMENT_MAX_BYTES));
  router.get(`${ATTACHMENTS_PATH}/:id`, download(useCases, edge.logger));
}
