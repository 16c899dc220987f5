import type { ProductRequest } from '@loyalty/contract';

/** The locale key of a request status (`refund.pending` → `refundPending`). */
export const statusKey = (status: ProductRequest['status']) =>
  ({
    pending: 'pending',
    done: 'done',
    canceled: 'canceled',
    'refund.pending': 'refundPending',
    'refund.done': 'refundDone',
    rejected: 'rejected',
  })[status];

export const statusColor = (status: ProductRequest['status']) =>
  ({
    pending: 'orange',
    done: 'teal',
    canceled: 'red',
    'refund.pending': 'grape',
    'refund.done': 'gray',
    rejected: 'red',
  })[status];
