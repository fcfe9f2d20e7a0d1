import fp from 'fastify-plugin';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, rateLimitedError } from '../lib/errors';
import { reportError } from '../lib/error-reporting';
import { hasSqlState, isDatabaseUnavailable } from '../lib/db-errors';
import { normalizeLocale } from '@bilheteira/shared/locales';
import { hasMessage, translate } from '../i18n/messages';
import '../i18n/common.messages';
import { redactUrl } from '../lib/redact-url';

interface ValidationIssue {
  keyword: string;
  instancePath: string;
  message?: string;
  params: Record<string, unknown>;
}

/** Maps a zod issue to a message key: the schema's own key if it gave one, else by code. */
function issueMessageKey(issue: ValidationIssue): string {
  if (issue.message && hasMessage(issue.message)) return issue.message;
  if (issue.keyword === 'invalid_type' && issue.params.input === undefined) return 'validation.required';
  if (/received undefined/.test(issue.message ?? '')) return 'validation.required';
  if (issue.keyword === 'too_small') return 'validation.too_small';
  if (issue.keyword === 'too_big') return 'validation.too_big';
  return 'validation.invalid';
}

const FASTIFY_CODE_TO_KEY: Record<string, [number, string, string]> = {
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'payload_too_large', 'error.payload_too_large'],
  FST_REQ_FILE_TOO_LARGE: [413, 'payload_too_large', 'error.payload_too_large'],
  FST_PARTS_LIMIT: [413, 'payload_too_large', 'error.payload_too_large'],
  FST_FILES_LIMIT: [413, 'payload_too_large', 'error.payload_too_large'],
  FST_FIELDS_LIMIT: [413, 'payload_too_large', 'error.payload_too_large'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'unsupported_media_type', 'error.unsupported_media_type'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'bad_request', 'error.bad_request'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'bad_request', 'error.bad_request'],
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'bad_request', 'error.bad_request'],
  FST_INVALID_MULTIPART_CONTENT_TYPE: [400, 'bad_request', 'error.bad_request'],
  FST_ERR_BAD_URL: [400, 'bad_request', 'error.bad_request'],
  FST_ERR_MAX_PARAM_LENGTH: [414, 'uri_too_long', 'error.bad_request'],
};

/**
 * Errors the router raises before any hook runs (a malformed %-escape, a path parameter
 * over the length limit): the same localised error shape instead of Fastify's own body.
 */
export function frameworkErrorHandler(error: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  const header = req.headers['x-locale'];
  req.locale = normalizeLocale(Array.isArray(header) ? header[0] : header);
  const mapped = FASTIFY_CODE_TO_KEY[error.code] ?? [400, 'bad_request', 'error.bad_request'];
  return sendError(req, reply, mapped[0], mapped[1], mapped[2]);
}

/** A truncated or malformed multipart body (busboy's errors carry no code): bad input, not a 500. */
function isMalformedMultipart(error: unknown, req: FastifyRequest): boolean {
  const message = (error as { message?: string }).message ?? '';
  return (
    /^multipart\/form-data/i.test(req.headers['content-type'] ?? '') &&
    /multipart|boundary|part header|unexpected end of form/i.test(message)
  );
}

export function sendError(
  req: FastifyRequest,
  reply: FastifyReply,
  status: number,
  code: string,
  messageKey: string,
  params: Record<string, unknown> = {},
  fieldErrors: Record<string, string[]> = {},
  details?: Record<string, unknown>,
) {
  const errors: Record<string, string[]> = {};
  for (const [field, keys] of Object.entries(fieldErrors)) {
    errors[field] = keys.map((k) => translate(req.locale, k, params));
  }
  return reply.status(status).send({
    message: translate(req.locale, messageKey, params),
    code,
    errors,
    ...(details ? { details } : {}),
  });
}

/**
 * The one error handler (DESIGN §3): localised message, stable code, per-field errors,
 * never a stack trace, and never a 5xx for bad input.
 */
export const errorHandlerPlugin = fp(async (app) => {
  app.setErrorHandler((error: FastifyError | AppError, req, reply) => {
    if (error instanceof AppError) {
      if (error.statusCode === 429 && error.params.seconds) {
        reply.header('retry-after', String(error.params.seconds));
      }
      return sendError(
        req,
        reply,
        error.statusCode,
        error.code,
        error.messageKey,
        error.params,
        error.fieldErrors,
        error.details,
      );
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fieldErrors: Record<string, string[]> = {};
      const params: Record<string, unknown> = {};
      for (const issue of error.validation as unknown as ValidationIssue[]) {
        const field = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || '_';
        (fieldErrors[field] ??= []).push(issueMessageKey(issue));
        Object.assign(params, issue.params);
      }
      return sendError(req, reply, 400, 'validation_failed', 'error.validation', params, fieldErrors);
    }
    const fastifyCode = (error as FastifyError).code;
    const mapped = fastifyCode ? FASTIFY_CODE_TO_KEY[fastifyCode] : undefined;
    if (mapped) return sendError(req, reply, mapped[0], mapped[1], mapped[2]);
    const status = (error as FastifyError).statusCode;
    if (status === 429) {
      const limited = rateLimitedError(60);
      return sendError(req, reply, 429, limited.code, limited.messageKey, limited.params);
    }
    if (status && status >= 400 && status < 500) {
      return sendError(
        req,
        reply,
        status,
        status === 404 ? 'not_found' : 'bad_request',
        status === 404 ? 'error.not_found' : 'error.bad_request',
      );
    }
    if (isMalformedMultipart(error, req))
      return sendError(req, reply, 400, 'bad_request', 'error.bad_request');
    if (isDataException(error)) {
      // e.g. a NUL character or an out-of-range number that validation let through
      req.log.warn({ err: error }, 'database refused input data');
      return sendError(req, reply, 400, 'bad_request', 'error.bad_request');
    }
    if (isDatabaseUnavailable(error)) {
      req.log.warn({ err: error }, 'database unavailable');
      reply.header('retry-after', '2');
      return sendError(req, reply, 503, 'unavailable', 'error.unavailable');
    }
    req.log.error({ err: error }, 'unhandled error');
    reportError(error, { method: req.method, url: redactUrl(req.url.split('?')[0]!), reqId: req.id });
    return sendError(req, reply, 500, 'internal', 'error.internal');
  });
});

/**
 * PostgreSQL class 22 "data exception" (invalid byte sequence such as NUL in text, numeric
 * out of range, invalid datetime…): the input was bad, so a 400, never a 500.
 */
function isDataException(error: unknown): boolean {
  return hasSqlState(error, (code) => /^22[0-9A-Z]{3}$/.test(code));
}
