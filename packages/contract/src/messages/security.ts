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
  tooManyTextsToNumber: {
    en: 'Too many codes were sent to this number, please try again later',
    ar: 'أُرسلت رموز كثيرة إلى هذا الرقم، الرجاء المحاولة لاحقاً',
  },
  tooManyWalkIns: {
    en: 'You have registered many customers in the last hour; please try again later',
    ar: 'سجّلت عملاء كثيرين خلال الساعة الماضية، الرجاء المحاولة لاحقاً',
  },
  tooManyWalkInsMerchant: {
    en: 'Your shop has registered as many customers as it can today; please try again tomorrow',
    ar: 'سجّل متجرك أقصى عدد من العملاء لهذا اليوم، الرجاء المحاولة غداً',
  },
  passwordCheckRunning: {
    en: 'Your password is already being checked, please wait a moment',
    ar: 'يجري التحقق من كلمة المرور، الرجاء الانتظار لحظة',
  },
  currentPasswordForMobile: {
    en: 'Enter your current password to change the mobile number',
    ar: 'أدخل كلمة المرور الحالية لتغيير رقم الجوال',
  },
  phoneNotVerified: {
    en: 'Confirm your mobile number with the code we texted you before signing in',
    ar: 'أكّد رقم جوالك بالرمز الذي أرسلناه إليك قبل تسجيل الدخول',
  },
  tooManyStreams: {
    en: 'Too many live updates are open for this sign-in; close another tab first',
    ar: 'تحديثات مباشرة كثيرة مفتوحة لهذا الدخول، أغلق تبويباً آخر أولاً',
  },
  tokenInUrl: {
    en: 'A session token is never accepted in a web address; get a stream ticket first',
    ar: 'لا يُقبل رمز الجلسة في عنوان الويب أبداً، احصل على تذكرة البث أولاً',
  },
  pushHostNotAllowed: {
    en: 'Notifications can only be delivered through a browser push service',
    ar: 'لا يمكن إرسال الإشعارات إلا عبر خدمة إشعارات المتصفح',
  },
  pushNotApproved: {
    en: 'Notifications start once your account is approved',
    ar: 'تبدأ الإشعارات بعد الموافقة على حسابك',
  },
  fileNotAccepted: {
    en: 'This request does not take files',
    ar: 'هذا الطلب لا يقبل الملفات',
  },
} as const satisfies Record<string, { en: string; ar: string }>;
