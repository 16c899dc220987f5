/**
 * An order as its customer follows it (docs/domain.md "Following a delivery"): the timeline from the
 * request's own times, the courier's position while the delivery is open, and when the public link
 * expires. Never the customer's name, phone, address or code: the public link answers this too.
 */
import {
  clock,
  type Language,
  type MessageKey,
  messageText,
  TRACKING,
  type Tracking,
  type TrackStep,
  trackPath,
} from '@loyalty/contract';
import type { ProductRequestJoined } from './product-requests.repository';

const LABELS: Record<TrackStep, MessageKey> = {
  created: 'trackStepCreated',
  accepted: 'trackStepAccepted',
  ready: 'trackStepReady',
  assigned: 'trackStepAssigned',
  onTheWay: 'trackStepOnTheWay',
  delivered: 'trackStepDelivered',
  canceled: 'trackStepCanceled',
  rejected: 'trackStepRejected',
};

type Row = ProductRequestJoined;

/** When the order closed (done, canceled, rejected; refunds count from done), null while open. */
export const closedAt = (r: Row): string | null =>
  r.status === 'pending'
    ? null
    : r.status === 'canceled'
      ? (r.canceledAt ?? r.updatedAt)
      : r.status === 'rejected'
        ? (r.rejectedAt ?? r.updatedAt)
        : (r.doneAt ?? r.updatedAt);

/** When the public link stops answering: an hour after the order closed (null while open). */
export const linkExpiresAt = (r: Row): string | null => {
  const closed = closedAt(r);
  return closed === null ? null : new Date(Date.parse(closed) + TRACKING.graceMs).toISOString();
};

export const linkExpired = (r: Row): boolean => {
  const until = linkExpiresAt(r);
  return until !== null && clock.now().getTime() > Date.parse(until);
};

/** A delivery assigned and neither done nor canceled: the courier's position is shared. */
export const deliveryOpen = (r: Pick<Row, 'type' | 'status' | 'deliveryStatus' | 'employeeId'>): boolean =>
  r.type === 'delivery' &&
  r.status === 'pending' &&
  r.employeeId !== null &&
  (r.deliveryStatus === 'pending' || r.deliveryStatus === 'inProgress');

function stepsOf(r: Row): [TrackStep, string | null, boolean][] {
  const done = r.status === 'done' || r.status.startsWith('refund.');
  const steps: [TrackStep, string | null, boolean][] = [
    ['created', r.createdAt, true],
    ['accepted', r.acceptedAt, r.acceptedAt !== null || done],
    ['ready', r.readyAt, r.readyAt !== null || done],
  ];
  if (r.type === 'delivery') {
    steps.push(['assigned', r.assignedAt, r.employeeId !== null || done]);
    steps.push(['onTheWay', r.deliveryStartedAt, r.deliveryStatus === 'inProgress' || done]);
  }
  if (r.status === 'canceled' || r.status === 'rejected') {
    // a closed order shows what it went through, then how it ended
    const reached = steps.filter(([, , ok]) => ok);
    reached.push([r.status, closedAt(r), true]);
    return reached;
  }
  steps.push(['delivered', r.doneAt, done]);
  return steps;
}

export function toTracking(r: Row, token: string, lang: Language): Tracking {
  const steps = stepsOf(r).map(([step, at, reached]) => ({
    step,
    label: messageText(LABELS[step], lang),
    at,
    reached,
  }));
  const current = steps.filter((s) => s.reached).at(-1) ?? steps[0];
  const open = deliveryOpen(r);
  return {
    id: r.id,
    type: r.type,
    status: r.status,
    statusText: current.label,
    productName: r.productName,
    productNameAr: r.productNameAr,
    branchName: r.branchName,
    branchNameAr: r.branchNameAr,
    prepMinutes: r.prepMinutes,
    expectedAt: r.readyBy,
    steps,
    courier:
      open && r.courierLat !== null && r.courierLng !== null && r.courierPositionAt !== null
        ? { lat: r.courierLat, lng: r.courierLng, accuracy: r.courierAccuracy, at: r.courierPositionAt }
        : null,
    trackToken: token,
    trackUrl: trackPath(token),
    expiresAt: linkExpiresAt(r),
  };
}
