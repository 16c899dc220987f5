import { formatOpensAt, messageText } from '@loyalty/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import { ZodError, type z } from 'zod';
import { AppError, ClientGone, type FieldError, PermissionError } from '../core/errors';
import { clientGone, requestLanguage } from './register';

function zodFieldErrors(error: ZodError): FieldError[] {
  const out: FieldError[] = [];
  for (const issue of error.issues as z.core.$ZodIssue[]) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) out.push({ field: [...issue.path, key].join('.'), message: 'unknownField' });
    } else {
      out.push({ field: issue.path.map(String).join('.'), message: issue.message });
    }
  }
  // one message a field: the first
  return out.filter((e, i) => out.findIndex((o) => o.field === e.field) === i);
}

const clientErrorStatus = (err: FastifyError): number => {
  switch (err.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
    case 'FST_FILES_LIMIT':
      return 413;
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 415;
    default:
      return 400;
  }
};

/**
 * One error handler: expected errors keep their status and a translated message, validation
 * failures become 422 with field errors, a client that left is noted at info level, anything
 * unknown is logged with the request id and answered as a plain 500 without details.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError | ZodError, request, reply) => {
    const lang = requestLanguage(request);
    if (error instanceof ZodError) {
      const errors = zodFieldErrors(error).map((e) => ({ field: e.field, message: messageText(e.message, lang) }));
      return reply.code(422).send({ message: messageText('validationFailed', lang), errors });
    }
    if (error instanceof AppError) {
      const body: Record<string, unknown> = { message: messageText(error.key, lang) };
      if (error.retryAfter !== undefined) {
        reply.header('retry-after', String(error.retryAfter));
        body.message = String(body.message).replace('{seconds}', String(error.retryAfter));
      }
      if (error.detail) {
        body.message = String(body.message).replace('{time}', formatOpensAt(error.detail.reopensAt, lang));
        body.reopensAt = error.detail.reopensAt;
      }
      if (error instanceof PermissionError) body.needs = error.needs;
      if (error.errors)
        body.errors = error.errors.map((e) => ({ field: e.field, message: messageText(e.message, lang) }));
      return reply.code(error.status).send(body);
    }
    // a client that closed its connection before or while the answer went out (a compressed
    // answer's stream then ends early): nobody to answer, nothing wrong here
    if (
      error instanceof ClientGone ||
      ((error as FastifyError).code === 'ERR_STREAM_PREMATURE_CLOSE' && clientGone(request))
    ) {
      request.log.info({ reqId: request.id }, 'client closed the connection before the answer');
      return reply.code(499).send();
    }
    const status = (error as FastifyError).statusCode;
    if (status && status >= 400 && status < 500) {
      const code = clientErrorStatus(error as FastifyError);
      const key = code === 413 ? 'payloadTooLarge' : code === 429 ? 'tooManyAttempts' : 'badRequest';
      return reply.code(code).send({ message: messageText(key, lang) });
    }
    request.log.error({ err: error, reqId: request.id }, 'unhandled error');
    return reply.code(500).send({ message: messageText('internalError', lang), requestId: request.id });
  });
}
