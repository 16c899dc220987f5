/**
 * Whether a branch takes orders now (docs/domain.md, "Busy and opening hours"): its pause and its
 * opening hours, read with the business clock. The branches module owns the rule; the ordering
 * services (product orders, offer requests) call `refuseWhenClosed` with the branch row they read.
 */
import { clock, type OpeningHours, type OpenState, openState } from '@loyalty/contract';
import { AppError } from '../../core/errors';

export interface BranchTimes {
  pausedUntil: string | null;
  openingHours: string | null;
}

export const hoursOf = (json: string | null): OpeningHours | null => (json ? (JSON.parse(json) as OpeningHours) : null);

export const branchOpenState = (b: BranchTimes, now = clock.now()): OpenState =>
  openState(hoursOf(b.openingHours), b.pausedUntil, now);

/** 409 while paused or outside the hours, with the time it reopens in the caller's language. */
export function refuseWhenClosed(b: BranchTimes): void {
  const state = branchOpenState(b);
  if (state.isOpen) return;
  if (state.opensAt === null) throw new AppError(409, 'branchClosed');
  throw new AppError(409, 'branchClosedUntil', undefined, undefined, { reopensAt: state.opensAt });
}
