/** What the operator types (command line and console), checked: text, dollars; and how a refusal is told. */
/** A refused operator action: a clear message, and the HTTP status `/api/admin/...` answers with. */
export class OperatorError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 404 | 409 = 400,
  ) {
    super(message);
  }
}

/** A settlement moves only initial → pending → paid (docs/domain.md). */
export const SETTLEMENT_STEP = { pending: 'initial', paid: 'pending' } as const;

/** Dollars as the operator types them ("12", "12.5", "12.50"): positive, two decimals at most; answers cents. */
export function parseDollars(value: string, what: string): number {
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(value.trim()))
    throw new OperatorError(`${what} must be an amount in dollars such as 25 or 25.50, not ${value}`);
  const cents = Math.round(Number(value) * 100);
  if (cents <= 0) throw new OperatorError(`${what} must be more than 0`);
  return cents;
}

export function requiredText(value: string | undefined, what: string, max = 100): string {
  const clean = (value ?? '').trim();
  if (!clean) throw new OperatorError(`${what} is required`);
  if (clean.length > max) throw new OperatorError(`${what} has at most ${max} characters`);
  return clean;
}

export const optionalText = (value: string | undefined, what: string, max = 500) =>
  value === undefined || value.trim() === '' ? null : requiredText(value, what, max);

export interface NewPackage {
  name?: string;
  nameAr?: string;
  points?: string;
  amount?: string;
  description?: string;
  descriptionAr?: string;
  validto?: string;
}

/** How long an operator token works unless told otherwise, and at most (docs/security.md, "Operator tokens"). */
export const OPERATOR_TOKEN_DAYS = 30;
export const OPERATOR_TOKEN_MAX_DAYS = 365;

/**
 * Who did an operator action, as the log records it: the command line, an operator token, or an
 * operator signed in to the console (`operator:<id>`).
 */
export type OperatorActor = 'cli' | `token:${number}` | `operator:${number}`;
