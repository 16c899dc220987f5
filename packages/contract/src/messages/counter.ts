/** At-the-counter features: live feed, signed codes, rejections, activity and exports. */
export const counterMessages = {
  rejectReasonRequired: { en: 'Give a reason for rejecting', ar: 'اذكر سبب الرفض' },
  requestRejected: { en: 'This request was rejected', ar: 'تم رفض هذا الطلب' },
  requestNotPending: { en: 'This request is no longer pending', ar: 'هذا الطلب لم يعد قيد الانتظار' },
  cannotRejectOrder: {
    en: 'Only a pending order not yet on its way can be rejected',
    ar: 'لا يمكن رفض إلا طلب قيد الانتظار لم يخرج للتوصيل بعد',
  },
} as const satisfies Record<string, { en: string; ar: string }>;
