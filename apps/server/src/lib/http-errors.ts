import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, type AppErrorDetail } from './app-error.ts';
import type { ErrorEnvelope } from './envelope.ts';

const INTERNAL_MESSAGE =
  'Something went wrong on our side. Please try again; if it keeps happening, contact support with the request id.';

/** Turns whatever was thrown into the one error type clients see. Nothing else leaks out. */
export function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;

  if (hasZodFastifySchemaValidationErrors(error)) {
    const context = (error as { validationContext?: string }).validationContext ?? 'body';
    const details: AppErrorDetail[] = error.validation.map((v) => {
      const field = v.instancePath.replace(/^\//, '').replaceAll('/', '.');
      // A missing body, or an array or text where an object belongs, says so plainly.
      const isWholeBodyMistyped =
        context === 'body' &&
        field === '' &&
        v.keyword === 'invalid_type' &&
        (v.params as { expected?: unknown }).expected === 'object';
      return {
        path: context === 'body' ? field : [context, field].filter(Boolean).join('.'),
        message: isWholeBodyMistyped
          ? 'Send the request body as a JSON object.'
          : (v.message ?? 'Invalid value.'),
      };
    });
    const summary = details.map((d) => (d.path ? `${d.path}: ${d.message}` : d.message)).join('; ');
    return new AppError('VALIDATION_FAILED', `Invalid request. ${summary}`, { details });
  }

  const fastifyError = error as Partial<FastifyError> | null;
  switch (fastifyError?.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new AppError('PAYLOAD_TOO_LARGE', 'The request body is too large.');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new AppError(
        'UNSUPPORTED_MEDIA_TYPE',
        'Send the request body as JSON (Content-Type: application/json).',
      );
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new AppError('BAD_REQUEST', 'The request body does not match its Content-Length.');
    default:
      break;
  }
  if (error instanceof SyntaxError || fastifyError?.code === 'FST_ERR_CTP_INVALID_JSON_BODY') {
    return new AppError('BAD_REQUEST', 'The request body is not valid JSON.');
  }
  const status = fastifyError?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return new AppError('BAD_REQUEST', 'The request could not be understood.', {
      logMessage: fastifyError?.message,
    });
  }
  return new AppError('INTERNAL', INTERNAL_MESSAGE, { cause: error, logMessage: String(error) });
}

export function sendError(request: FastifyRequest, reply: FastifyReply, error: AppError) {
  const body: ErrorEnvelope = {
    code: error.status,
    error: error.code,
    message: error.userMessage,
    request_id: request.id,
  };
  if (error.details.length > 0) body.errors = [...error.details];
  return reply.code(error.status).headers(error.headers).type('application/json').send(body);
}

export function registerErrorHandling(app: FastifyInstance, options: { spaIndex: string | null }) {
  app.setErrorHandler((error, request, reply) => {
    const appError = toAppError(error);
    if (appError.status >= 500) {
      request.log.error({ err: error, requestId: request.id }, 'request failed');
    } else {
      request.log.info({ code: appError.code, reason: appError.message }, 'request refused');
    }
    return sendError(request, reply, appError);
  });

  app.setNotFoundHandler((request, reply) => {
    const wantsPage =
      request.method === 'GET' &&
      options.spaIndex !== null &&
      !request.url.startsWith('/api/') &&
      // A missing build file (a chunk of an older release, a source map not served) is a 404,
      // not the app's page: a dynamic import must fail rather than receive HTML.
      !request.url.startsWith('/assets/') &&
      (request.headers.accept ?? '').includes('text/html');
    if (wantsPage) {
      // Client-side routes: the single-page app decides what to show, including "not found".
      return reply.type('text/html').header('cache-control', 'no-cache').send(options.spaIndex);
    }
    return sendError(
      request,
      reply,
      new AppError('NOT_FOUND', `No such endpoint: ${request.method} ${request.url.split('?')[0]}`),
    );
  });
}
