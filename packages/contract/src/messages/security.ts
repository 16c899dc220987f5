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
} as const satisfies Record<string, { en: string; ar: string }>;
