/** Cards, packages, invoices, settlements and reports. (Card field messages of SPEC §5 are in common.ts.) */
export const moneyMessages = {
  chooseCard: { en: 'Please choose a card', ar: 'الرجاء اختيار بطاقة' },
  invalidCardNumber: { en: 'Enter a valid card number', ar: 'أدخل رقم بطاقة صالحاً' },
  cardNotAccepted: {
    en: 'This card could not be saved, please check its details',
    ar: 'تعذر حفظ هذه البطاقة، الرجاء التحقق من بياناتها',
  },
  cardNotFound: { en: 'Card not found', ar: 'البطاقة غير موجودة' },
  defaultCardDelete: {
    en: 'The default card cannot be deleted while you have other cards; make another card the default first',
    ar: 'لا يمكن حذف البطاقة الافتراضية ما دامت لديك بطاقات أخرى؛ اجعل بطاقة أخرى افتراضية أولاً',
  },
  defaultCardSet: { en: 'Default card updated', ar: 'تم تحديث البطاقة الافتراضية' },
  cardDeclined: {
    en: 'The card was declined; nothing was charged',
    ar: 'تم رفض البطاقة؛ لم يتم خصم أي مبلغ',
  },
  paymentFailed: {
    en: 'The payment could not be completed, please try again',
    ar: 'تعذر إتمام الدفع، الرجاء المحاولة مرة أخرى',
  },
  paymentKeyReused: {
    en: 'This payment was already used for another purchase',
    ar: 'تم استخدام هذه الدفعة لعملية شراء أخرى',
  },
  paymentInProgress: {
    en: 'This payment is still being processed, please check your purchases in a moment',
    ar: 'لا تزال هذه الدفعة قيد المعالجة، الرجاء مراجعة مشترياتك بعد قليل',
  },
  balanceLimit: {
    en: 'This would take the balance over the most points it can hold (2,000,000,000 P); nothing was charged',
    ar: 'سيتجاوز ذلك أقصى عدد من النقاط يمكن أن يحمله الرصيد (2,000,000,000 نقطة)؛ لم يتم خصم أي مبلغ',
  },
  packageNotFound: { en: 'Package not found', ar: 'الباقة غير موجودة' },
  packageExpired: {
    en: 'This package is no longer for sale',
    ar: 'هذه الباقة لم تعد متاحة للبيع',
  },
  packageBought: { en: 'Package bought successfully', ar: 'تم شراء الباقة بنجاح' },
  purchaseNotFound: { en: 'Purchase not found', ar: 'عملية الشراء غير موجودة' },
  invoiceNotFound: { en: 'Invoice not found', ar: 'الفاتورة غير موجودة' },
  settlementNotFound: { en: 'Settlement not found', ar: 'التسوية غير موجودة' },
  dateRangeReversed: {
    en: 'The start date must not be after the end date',
    ar: 'يجب ألا يكون تاريخ البداية بعد تاريخ النهاية',
  },
} as const satisfies Record<string, { en: string; ar: string }>;
