/** Product requests, deliveries and refunds. */
export const ordersMessages = {
  chooseCourier: { en: 'Please choose a delivery employee', ar: 'الرجاء اختيار موظف توصيل' },
  chooseProductRequests: { en: 'Please choose at least one order', ar: 'الرجاء اختيار طلب واحد على الأقل' },
  productRequestNotFound: { en: 'Order not found', ar: 'الطلب غير موجود' },
  addressNotFound: { en: 'Address not found', ar: 'العنوان غير موجود' },
  productUnavailable: { en: 'This product is not available', ar: 'هذا المنتج غير متاح' },
  branchDoesNotSellProduct: {
    en: 'This branch does not sell this product',
    ar: 'هذا الفرع لا يبيع هذا المنتج',
  },
  deliveryNotAvailable: { en: 'This product cannot be delivered', ar: 'لا يمكن توصيل هذا المنتج' },
  deliveryAddressRequired: {
    en: 'Choose a delivery address',
    ar: 'اختر عنوان التوصيل',
  },
  orderNotPending: { en: 'This order is no longer pending', ar: 'هذا الطلب لم يعد قيد الانتظار' },
  cannotCancelOrder: {
    en: 'Only a pending order the branch has not accepted yet can be canceled; ask the branch',
    ar: 'يمكن إلغاء الطلب قيد الانتظار فقط قبل أن يقبله الفرع؛ تواصل مع الفرع',
  },
  notAPickup: {
    en: 'Only a pickup order can be marked picked; deliveries are completed by the courier',
    ar: 'يمكن تعليم طلب الاستلام فقط كمستلم؛ يكمل موظف التوصيل طلبات التوصيل',
  },
  pickupOfDeliveredProduct: {
    en: 'This product is delivered: only a pickup of a product without delivery can be marked picked',
    ar: 'هذا المنتج يُوصَّل: يمكن تعليم الاستلام كمستلم فقط لمنتج بلا توصيل',
  },
  prepMinutesRange: { en: 'Choose 5 to 120 minutes', ar: 'اختر من 5 إلى 120 دقيقة' },
  acceptWithinRange: { en: 'Choose 1 to 60 minutes', ar: 'اختر من 1 إلى 60 دقيقة' },
  cannotAcceptOrder: {
    en: 'Only a new order that is not canceled can be accepted',
    ar: 'يمكن قبول الطلب الجديد غير الملغى فقط',
  },
  cannotMarkReady: {
    en: 'Only an accepted order that is still open can be marked ready',
    ar: 'يمكن تعليم الطلب المقبول الذي لا يزال مفتوحاً فقط كجاهز',
  },
  notAcceptedInTime: {
    en: 'Canceled: the shop did not accept the order in time. Nothing was charged.',
    ar: 'أُلغي: لم يقبل المتجر الطلب في الوقت المحدد. لم يُخصم منك شيء.',
  },
  invalidStatusChange: { en: 'This status change is not allowed', ar: 'تغيير الحالة هذا غير مسموح' },
  invalidDeliveryStatusChange: {
    en: 'A delivery moves only from pending to in progress to done',
    ar: 'ينتقل التوصيل فقط من قيد الانتظار إلى قيد التنفيذ ثم إلى مكتمل',
  },
  cannotAssignDelivery: {
    en: 'Only pending delivery orders whose delivery has not started can be assigned',
    ar: 'يمكن تعيين طلبات التوصيل قيد الانتظار التي لم يبدأ توصيلها فقط',
  },
  notACourier: { en: 'This employee is not a delivery employee', ar: 'هذا الموظف ليس موظف توصيل' },
  courierInactive: { en: 'This delivery employee is not active', ar: 'موظف التوصيل هذا غير مفعل' },
  refundNotAllowed: {
    en: 'Only a completed order can be refunded',
    ar: 'يمكن استرداد الطلب المكتمل فقط',
  },
  noRefunds: { en: 'This merchant does not accept refunds', ar: 'هذا التاجر لا يقبل الاسترداد' },
  refundPeriodOver: {
    en: 'The refund period of this order is over',
    ar: 'انتهت فترة الاسترداد لهذا الطلب',
  },
  refundNotPending: {
    en: 'There is no refund waiting for confirmation',
    ar: 'لا يوجد استرداد بانتظار التأكيد',
  },
  refundConfirmed: { en: 'Refund confirmed', ar: 'تم تأكيد الاسترداد' },
  markedPicked: { en: 'Marked as picked', ar: 'تم التعليم كمستلم' },
} as const satisfies Record<string, { en: string; ar: string }>;
