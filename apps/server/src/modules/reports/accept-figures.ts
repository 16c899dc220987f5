/**
 * The account reports' figures of accepting in time and pausing, per branch (issue 26, docs/domain.md
 * "Account reports"), computed here from the rows the repository reads: a median in SQL is written
 * differently on SQLite and PostgreSQL, and the pauses are intervals between audited changes.
 */
import { NOT_ACCEPTED_IN_TIME } from '@loyalty/contract';

export interface AcceptFigures {
  medianAcceptSeconds: number | null;
  acceptedInTimePercent: number | null;
  autoCanceled: number;
}

export interface AcceptRow {
  branchId: number;
  createdAt: string;
  acceptedAt: string | null;
  cancelReason: string | null;
}

export interface PauseRow {
  id: number;
  branchId: number | null;
  action: string;
  after: string | null;
  createdAt: string;
}

/** The middle value of `xs` (the mean of the two middle ones for an even count); null when empty. */
export function median(xs: number[]): number | null {
  if (xs.length === 0) return null;
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

/**
 * Per branch: the median of accepted − created (seconds), the percent accepted within
 * `limitMinutes` of those accepted or canceled by the sweep, and the sweep's cancellations.
 */
export function acceptFigures(rows: AcceptRow[], limitMinutes: number): Map<number, AcceptFigures> {
  const by = new Map<number, { waits: number[]; inTime: number; autoCanceled: number }>();
  for (const r of rows) {
    const b = by.get(r.branchId) ?? { waits: [], inTime: 0, autoCanceled: 0 };
    by.set(r.branchId, b);
    if (r.acceptedAt !== null) {
      const seconds = (Date.parse(r.acceptedAt) - Date.parse(r.createdAt)) / 1000;
      b.waits.push(seconds);
      if (seconds <= limitMinutes * 60) b.inTime++;
    } else if (r.cancelReason === NOT_ACCEPTED_IN_TIME) b.autoCanceled++;
  }
  const out = new Map<number, AcceptFigures>();
  for (const [branchId, b] of by) {
    const decided = b.waits.length + b.autoCanceled;
    const m = median(b.waits);
    out.set(branchId, {
      medianAcceptSeconds: m === null ? null : Math.round(m),
      acceptedInTimePercent: decided === 0 ? null : Math.round((b.inTime * 100) / decided),
      autoCanceled: b.autoCanceled,
    });
  }
  return out;
}

const pausedUntilOf = (after: string | null): number | null => {
  try {
    const v = after ? (JSON.parse(after) as { pausedUntil?: unknown }).pausedUntil : null;
    return typeof v === 'string' ? Date.parse(v) : null;
  } catch {
    return null;
  }
};

/**
 * Minutes each branch was paused inside [from, to) (either end open; `to` no later than `now`): a
 * pause runs from its audit row to its `pausedUntil`, or to the branch's next pause or resume when
 * that comes first. Rows are oldest first.
 */
export function pausedMinutes(rows: PauseRow[], range: { from?: string; to?: string }, now: Date) {
  const lo = range.from ? Date.parse(range.from) : Number.NEGATIVE_INFINITY;
  const hi = Math.min(range.to ? Date.parse(range.to) : Number.POSITIVE_INFINITY, now.getTime());
  const byBranch = new Map<number, PauseRow[]>();
  for (const r of rows) {
    if (r.branchId === null) continue;
    byBranch.set(r.branchId, [...(byBranch.get(r.branchId) ?? []), r]);
  }
  const out = new Map<number, number>();
  for (const [branchId, list] of byBranch) {
    let ms = 0;
    list.forEach((r, i) => {
      if (r.action !== 'branch.pause') return;
      const until = pausedUntilOf(r.after);
      if (until === null) return;
      const next = list[i + 1] ? Date.parse(list[i + 1].createdAt) : Number.POSITIVE_INFINITY;
      const start = Math.max(Date.parse(r.createdAt), lo);
      const end = Math.min(until, next, hi);
      if (end > start) ms += end - start;
    });
    out.set(branchId, Math.round(ms / 60_000));
  }
  return out;
}
