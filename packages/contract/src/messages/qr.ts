/** Signed request codes and scan-to-approve (docs/domain.md, "Signed request codes"). */
export const qrMessages = {
  qrForged: {
    en: 'This code is not valid: it was not issued by this app',
    ar: 'هذا الرمز غير صالح: لم يصدر عن هذا التطبيق',
  },
  qrExpired: {
    en: 'This code has expired: ask the customer to refresh it',
    ar: 'انتهت صلاحية هذا الرمز: اطلب من العميل تحديثه',
  },
  qrOtherMerchant: {
    en: 'This code belongs to another merchant',
    ar: 'هذا الرمز يخص تاجراً آخر',
  },
  qrOtherBranch: {
    en: 'This code is for a request at another branch',
    ar: 'هذا الرمز لطلب في فرع آخر',
  },
  qrAlreadyUsed: {
    en: 'This request was already approved or used',
    ar: 'تمت الموافقة على هذا الطلب أو استخدامه مسبقاً',
  },
  idempotencyKeyReused: {
    en: 'This idempotency key was already used for another call',
    ar: 'مفتاح عدم التكرار هذا مستخدم مسبقاً لطلب آخر',
  },
  qrCodeRequired: { en: 'Scan or enter a code', ar: 'امسح رمزاً أو أدخله' },
} as const satisfies Record<string, { en: string; ar: string }>;
