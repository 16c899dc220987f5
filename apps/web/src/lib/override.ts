/**
 * The manager override (issue 27, docs/domain.md "Permission sets"): which refusals a manager's PIN
 * can turn into a yes, and which are the PIN's own refusals. A staff call their set does not allow
 * answers 403 with `needs` (the permission); a redeem above the merchant's threshold answers 403
 * `overrideRequired` with `needs: manager`;
 * a wrong, locked or missing PIN answers 403 with its own message.
 */
import { ApiError } from './api';
import { loadedTexts } from './form-errors';

const is403 = (error: unknown): error is ApiError => error instanceof ApiError && error.status === 403;

/** A refusal the manager's PIN can lift: a missing permission, or a threshold. */
export const needsManager = (error: unknown): boolean => is403(error) && error.needs !== undefined;

/** The PIN's own refusal: wrong, locked after too many wrong, or never set. */
export const isPinRefusal = (error: unknown): boolean =>
  is403(error) &&
  (['overridePinWrong', 'overridePinLocked', 'overridePinNotSet'] as const).some((key) =>
    loadedTexts(key).includes(error.message),
  );
