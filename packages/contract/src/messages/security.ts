/** Sign-in protection, passwords and one-time codes. */
export const securityMessages = {
  passwordTooCommon: {
    en: 'This password is too common, please choose another',
    ar: 'كلمة المرور هذه شائعة جداً، الرجاء اختيار غيرها',
  },
  passwordBlank: { en: 'The password cannot be only spaces', ar: 'لا يمكن أن تتكون كلمة المرور من مسافات فقط' },
  passwordControlChars: {
    en: 'The password contains characters that cannot be typed',
    ar: 'تحتوي كلمة المرور على أحرف غير صالحة',
  },
  busy: { en: 'The server is busy, please try again in a moment', ar: 'الخادم مشغول، الرجاء المحاولة بعد لحظات' },
  /** `{seconds}` is replaced by the wait the server also sends as Retry-After (a no-break space keeps the unit with it). */
  tooManySignIns: {
    en: 'Too many sign-in attempts, try again in {seconds}\u00a0s',
    ar: 'محاولات دخول كثيرة، حاول مرة أخرى بعد {seconds}\u00a0ثانية',
  },
  tooManyCodes: {
    en: 'Too many codes requested from this network, please try again later',
    ar: 'طلبات رموز كثيرة من هذه الشبكة، الرجاء المحاولة لاحقاً',
  },
  tooManySignups: {
    en: 'Too many new accounts from this network, please try again later',
    ar: 'حسابات جديدة كثيرة من هذه الشبكة، الرجاء المحاولة لاحقاً',
  },
  oneTimeCodeExpired: {
    en: 'This one-time code has expired, ask the shop to send a new one',
    ar: 'انتهت صلاحية هذا الرمز المؤقت، اطلب من المتجر إرسال رمز جديد',
  },
} as const satisfies Record<string, { en: string; ar: string }>;
