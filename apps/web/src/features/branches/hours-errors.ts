import { ApiError } from '../../lib/api';

/** A 422's field errors by field (`closedDates.0` is shown on `closedDates`). */
export const applyServerErrors = (e: unknown): Record<string, string> =>
  e instanceof ApiError ? Object.fromEntries(e.errors.map((x) => [x.field.split('.')[0] ?? x.field, x.message])) : {};
