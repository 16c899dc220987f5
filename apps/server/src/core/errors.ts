import { type MessageKey, needKey, type Permission } from '@loyalty/contract';

export interface FieldError {
  field: string;
  message: string;
}

/** An expected failure with its HTTP status and a message key (translated on the way out). */
export class AppError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 501 | 503,
    readonly key: MessageKey,
    readonly errors?: FieldError[],
    /** Seconds until a retry can succeed (429, 503): sent as Retry-After and as `{seconds}` in the message. */
    readonly retryAfter?: number,
    /** A reopening time (ISO-8601): `{time}` in the message, written for the caller's language, and `reopensAt` in the body. */
    readonly detail?: { reopensAt: string },
  ) {
    super(key);
    this.name = 'AppError';
  }
}

/**
 * A 403 that a manager's override PIN can lift (issue 27), carried in the answer as `needs`: the
 * permission a staff member's set lacks, or `manager` for an action above a threshold.
 */
export class PermissionError extends AppError {
  constructor(readonly needs: Permission | 'manager') {
    super(403, needs === 'manager' ? 'overrideRequired' : needKey(needs));
    this.name = 'PermissionError';
  }
}

export const badRequest = (key: MessageKey = 'badRequest') => new AppError(400, key);
export const unauthenticated = () => new AppError(401, 'unauthenticated');
export const forbidden = (key: MessageKey = 'forbidden') => new AppError(403, key);
export const notFound = (key: MessageKey = 'notFound') => new AppError(404, key);
export const conflict = (key: MessageKey) => new AppError(409, key);
/** A conflict caused by one field's value (a taken mobile): the form shows it under that field. */
export const conflictOn = (field: string, key: MessageKey) => new AppError(409, key, [{ field, message: key }]);
export const invalid = (errors: FieldError[]) => new AppError(422, 'validationFailed', errors);
export const invalidField = (field: string, key: MessageKey) => invalid([{ field, message: key }]);
/** Too many attempts or too busy: the status, a message and when to try again. */
export const retryLater = (status: 429 | 503, key: MessageKey, retryAfterSeconds: number) =>
  new AppError(status, key, undefined, Math.max(1, Math.ceil(retryAfterSeconds)));

/**
 * The client closed its connection before the answer was ready (or while it was being sent): there
 * is nobody to answer, and nothing went wrong on our side. Logged at info level, never as an error.
 */
export class ClientGone extends Error {
  constructor() {
    super('client closed the connection');
    this.name = 'ClientGone';
  }
}
