/** The customer can follow (issue 26, point 4): the timeline's steps and the tracking answers. */
export const trackingMessages = {
  trackingNotFound: {
    en: 'This tracking link is not valid or has expired',
    ar: 'رابط التتبع هذا غير صالح أو انتهت صلاحيته',
  },
  deliveryNotOpen: {
    en: 'This delivery is not open: its position is no longer shared',
    ar: 'هذا التوصيل غير مفتوح: لم يعد موقعه يُشارك',
  },
  trackStepCreated: { en: 'Order placed', ar: 'تم تقديم الطلب' },
  trackStepAccepted: { en: 'Accepted by the branch', ar: 'قبله الفرع' },
  trackStepReady: { en: 'Ready', ar: 'جاهز' },
  trackStepAssigned: { en: 'Courier assigned', ar: 'تم تعيين المندوب' },
  trackStepOnTheWay: { en: 'On the way', ar: 'في الطريق' },
  trackStepDelivered: { en: 'Delivered', ar: 'تم التوصيل' },
  trackStepCanceled: { en: 'Canceled', ar: 'أُلغي' },
  trackStepRejected: { en: 'Rejected by the branch', ar: 'رفضه الفرع' },
};
