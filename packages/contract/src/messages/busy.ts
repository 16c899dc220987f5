/** Busy and opening hours, proof of delivery (issue 26, points 2 and 3). */
export const busyMessages = {
  pauseMinutes: { en: 'A pause lasts 15 to 240 minutes', ar: 'يستمر الإيقاف من 15 إلى 240 دقيقة' },
  hoursRange: {
    en: 'Enter the hours as HH:MM-HH:MM (18:00-02:00 runs past midnight), or closed',
    ar: 'أدخل الساعات بصيغة HH:MM-HH:MM (‏18:00-02:00 يمتد بعد منتصف الليل)، أو مغلق',
  },
  branchClosedUntil: {
    en: 'This branch is closed for now; it reopens at {time}',
    ar: 'هذا الفرع مغلق الآن؛ يعاد فتحه في {time}',
  },
  branchClosed: { en: 'This branch is closed for now', ar: 'هذا الفرع مغلق الآن' },
  pinRequired: { en: "Enter the customer's 4-digit code", ar: 'أدخل رمز العميل المكون من 4 أرقام' },
  wrongPin: { en: 'This code is not right', ar: 'هذا الرمز غير صحيح' },
  pinLocked: {
    en: 'Too many wrong codes: the merchant must confirm the handover',
    ar: 'رموز خاطئة كثيرة: يجب أن يؤكد التاجر التسليم',
  },
};
