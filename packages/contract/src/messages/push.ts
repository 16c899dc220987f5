/** Push notifications (the screens' messages of SPEC §8 and the notifications the server sends), and offline. */
export const pushMessages = {
  pushPermissionDenied: { en: 'Push Notification permission denied', ar: 'تم رفض إذن الإشعارات' },
  pushRegistrationError: { en: 'Error on registration', ar: 'حدث خطأ أثناء التسجيل' },
  pushUnsupported: {
    en: 'This browser cannot receive notifications',
    ar: 'هذا المتصفح لا يستقبل الإشعارات',
  },
  invalidPushSubscription: { en: 'This device registration is not valid', ar: 'تسجيل هذا الجهاز غير صالح' },
  pushNotRegistered: {
    en: 'This device is not registered for notifications',
    ar: 'هذا الجهاز غير مسجل لاستقبال الإشعارات',
  },
  pushOfferRequestTitle: { en: 'New offer request', ar: 'طلب عرض جديد' },
  pushOfferRequestBody: { en: '{name} asked for {subject}', ar: 'طلب {name} العرض {subject}' },
  pushRedeemTitle: { en: 'New redeem request', ar: 'طلب استبدال جديد' },
  pushRedeemBody: { en: '{name} wants to redeem {subject} points', ar: 'يريد {name} استبدال {subject} نقطة' },
  pushProductRequestTitle: { en: 'New product request', ar: 'طلب منتج جديد' },
  pushProductRequestBody: { en: '{name} ordered {subject}', ar: 'طلب {name} المنتج {subject}' },
  pushDeliveryTitle: { en: 'New delivery assigned', ar: 'تم إسناد توصيل جديد' },
  pushDeliveryBody: { en: 'Deliver {subject} to {name}', ar: 'قم بتوصيل {subject} إلى {name}' },
  pushAcceptReminderTitle: { en: 'An order is waiting to be accepted', ar: 'طلب بانتظار القبول' },
  pushAcceptReminderBody: {
    en: '{name} ordered {subject}: accept it before it is canceled',
    ar: 'طلب {name} المنتج {subject}: اقبله قبل أن يُلغى',
  },
  pushReadyTitle: { en: 'Order ready', ar: 'الطلب جاهز' },
  pushReadyBody: { en: '{subject} for {name} is ready to collect', ar: '{subject} لـ {name} جاهز للاستلام' },
  pushTicketReplyTitle: { en: 'New reply on your ticket', ar: 'رد جديد على تذكرتك' },
  pushTestTitle: { en: 'Test notification', ar: 'إشعار تجريبي' },
  pushTestBody: {
    en: 'Notifications work on this device.',
    ar: 'الإشعارات تعمل على هذا الجهاز.',
  },
  pushTestSent: { en: 'Test notification sent', ar: 'تم إرسال الإشعار التجريبي' },
  serverUnreachable: {
    en: 'The server cannot be reached. Check your connection and try again.',
    ar: 'تعذر الوصول إلى الخادم. تحقق من اتصالك وحاول مرة أخرى.',
  },
  offlineNotice: {
    en: 'You are offline: the server cannot be reached. What you see may be out of date.',
    ar: 'أنت غير متصل: تعذر الوصول إلى الخادم. قد لا تكون البيانات المعروضة محدثة.',
  },
} as const satisfies Record<string, { en: string; ar: string }>;
