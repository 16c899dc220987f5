/**
 * Every message the server can send and every validation message of SPEC §5 and §8, in both
 * languages. Schemas and services use the keys; the server answers in the caller's language and
 * the web app resolves the same keys through i18next, so a message is written once.
 */
export const messages = {
  // validation (SPEC §5)
  required: { en: 'Field is required', ar: 'هذا الحقل مطلوب' },
  chooseBranch: { en: 'Please choose a branch', ar: 'الرجاء اختيار فرع' },
  tagsRequired: { en: 'Tags are required', ar: 'الوسوم مطلوبة' },
  descriptionLength: {
    en: 'Description must be more than 30 and less than 300 characters',
    ar: 'يجب أن يكون الوصف أكثر من 30 وأقل من 300 حرف',
  },
  descriptionArLength: {
    en: 'Arabic description must be more than 30 and less than 300 characters',
    ar: 'يجب أن يكون الوصف العربي أكثر من 30 وأقل من 300 حرف',
  },
  maxImages: { en: 'You could upload up to 5 images', ar: 'يمكنك رفع 5 صور كحد أقصى' },
  oneImage: { en: 'Only one image can be uploaded', ar: 'يمكن رفع صورة واحدة فقط' },
  invalidPhone: { en: 'Invalid Phone Num', ar: 'رقم الهاتف غير صالح' },
  nameRequired: { en: 'Name is a required field', ar: 'الاسم حقل مطلوب' },
  passwordRequired: { en: 'Password is a required field', ar: 'كلمة المرور حقل مطلوب' },
  passwordTooShort: {
    en: 'Password must be at least 6 characters',
    ar: 'يجب ألا تقل كلمة المرور عن 6 أحرف',
  },
  acceptPrivacy: { en: 'Accept privacy policy', ar: 'يجب الموافقة على سياسة الخصوصية' },
  passwordsDontMatch: { en: "Passwords don't match!", ar: 'كلمتا المرور غير متطابقتين!' },
  numberRequired: { en: 'Number is a required field', ar: 'الرقم حقل مطلوب' },
  mustBeNumber: { en: 'Must be a number', ar: 'يجب أن يكون رقماً' },
  mustBeWholeNumber: { en: 'Must be a whole number', ar: 'يجب أن يكون عدداً صحيحاً' },
  mustBePositive: { en: 'Must be zero or more', ar: 'يجب أن يكون صفراً أو أكثر' },
  mustBeNumeric: { en: 'Digits only', ar: 'أرقام فقط' },
  invalidDate: { en: 'Enter a valid date', ar: 'أدخل تاريخاً صالحاً' },
  endBeforeStart: {
    en: 'End date must not be before the start date',
    ar: 'يجب ألا يسبق تاريخ الانتهاء تاريخ البدء',
  },
  invalidId: { en: 'Invalid id', ar: 'معرّف غير صالح' },
  invalidValue: { en: 'Invalid value', ar: 'قيمة غير صالحة' },
  tooLong: { en: 'Too long', ar: 'طويل جداً' },
  invalidLatitude: { en: 'Invalid latitude', ar: 'خط عرض غير صالح' },
  invalidLongitude: { en: 'Invalid longitude', ar: 'خط طول غير صالح' },
  validName: { en: 'Enter a Valid Name', ar: 'أدخل اسماً صالحاً' },
  cardNumberLength: { en: 'Should be 16 characters', ar: 'يجب أن يكون 16 رقماً' },
  validYearMonth: {
    en: 'Please enter a valid year and month',
    ar: 'الرجاء إدخال سنة وشهر صالحين',
  },
  validYear: { en: 'Please enter a valid year', ar: 'الرجاء إدخال سنة صالحة' },
  validMonth: { en: 'Please enter a valid month', ar: 'الرجاء إدخال شهر صالح' },
  invalidCvv: { en: 'Invalid CVV', ar: 'رمز التحقق غير صالح' },
  cvvLength: { en: 'Should be 3 characters', ar: 'يجب أن يكون 3 أرقام' },
  enterValidName: { en: 'Please enter valid name', ar: 'الرجاء إدخال اسم صالح' },
  enterValidPassword: { en: 'Please enter valid password', ar: 'الرجاء إدخال كلمة مرور صالحة' },
  enterValidMobile: {
    en: 'Please enter valid mobile number',
    ar: 'الرجاء إدخال رقم جوال صالح',
  },
  codeRequired: { en: 'Enter the 6-digit code', ar: 'أدخل الرمز المكون من 6 أرقام' },
  unknownField: { en: 'Unknown field', ar: 'حقل غير معروف' },
  // wire / server errors (SPEC §8, DECISIONS §2 and §5)
  validationFailed: { en: 'Please check the highlighted fields', ar: 'يرجى مراجعة الحقول المحددة' },
  unauthenticated: {
    en: 'Your session has ended, please log in again',
    ar: 'انتهت جلستك، الرجاء تسجيل الدخول مرة أخرى',
  },
  forbidden: {
    en: 'You are not allowed to do this',
    ar: 'غير مسموح لك بتنفيذ هذا الإجراء',
  },
  notAuthorizedApp: {
    en: 'You are not authorized to access this App',
    ar: 'غير مصرح لك باستخدام هذا التطبيق',
  },
  underReview: {
    en: 'Your account is under review',
    ar: 'حسابك قيد المراجعة',
  },
  accountSuspended: {
    en: 'This account is suspended, please contact support',
    ar: 'هذا الحساب موقوف، الرجاء التواصل مع الدعم',
  },
  accountInactive: {
    en: 'This account is not active',
    ar: 'هذا الحساب غير مفعل',
  },
  notFound: { en: 'Not found', ar: 'غير موجود' },
  routeNotFound: { en: 'This call does not exist', ar: 'هذا الطلب غير موجود' },
  notImplemented: {
    en: 'This feature is not available yet',
    ar: 'هذه الميزة غير متاحة بعد',
  },
  internalError: {
    en: 'Something went wrong, please try again',
    ar: 'حدث خطأ ما، الرجاء المحاولة مرة أخرى',
  },
  badRequest: { en: 'The request could not be read', ar: 'تعذرت قراءة الطلب' },
  payloadTooLarge: { en: 'The file is too large (5 MB at most)', ar: 'الملف كبير جداً (5 ميغابايت كحد أقصى)' },
  tooManyAttempts: {
    en: 'Too many attempts, please try again later',
    ar: 'محاولات كثيرة، الرجاء المحاولة لاحقاً',
  },
  loginFailed: {
    en: 'Enter valid mobile number and password',
    ar: 'أدخل رقم جوال وكلمة مرور صحيحين',
  },
  failedToLogin: { en: 'Failed to login', ar: 'فشل تسجيل الدخول' },
  failedToCreateAccount: { en: 'Failed to create new account', ar: 'فشل إنشاء حساب جديد' },
  mobileTaken: {
    en: 'This mobile number already has an account',
    ar: 'رقم الجوال هذا لديه حساب بالفعل',
  },
  wrongCurrentPassword: {
    en: 'The current password is not correct',
    ar: 'كلمة المرور الحالية غير صحيحة',
  },
  codeSent: {
    en: 'If this number has an account, a verification code was sent to it',
    ar: 'إذا كان لهذا الرقم حساب، فقد تم إرسال رمز التحقق إليه',
  },
  codeInvalid: {
    en: 'The code is not valid or has expired',
    ar: 'الرمز غير صالح أو منتهي الصلاحية',
  },
  mustChangePassword: {
    en: 'Please choose a new password before continuing',
    ar: 'الرجاء اختيار كلمة مرور جديدة قبل المتابعة',
  },
  notApprovedCannotGoLive: {
    en: 'Your account must be approved before going live',
    ar: 'يجب اعتماد حسابك قبل التفعيل',
  },
  invalidImage: {
    en: 'The file is not a supported image (JPEG, PNG, WebP or GIF)',
    ar: 'الملف ليس صورة مدعومة (JPEG أو PNG أو WebP أو GIF)',
  },
  noImage: { en: 'Choose an image to upload', ar: 'اختر صورة لرفعها' },
  branchNotFound: { en: 'Branch not found', ar: 'الفرع غير موجود' },
  tagNotFound: { en: 'Tag not found', ar: 'الوسم غير موجود' },
  offerNotFound: { en: 'Offer not found', ar: 'العرض غير موجود' },
  productNotFound: { en: 'Product not found', ar: 'المنتج غير موجود' },
  employeeNotFound: { en: 'Employee not found', ar: 'الموظف غير موجود' },
  requestNotFound: { en: 'Request not found', ar: 'الطلب غير موجود' },
  merchantNotFound: { en: 'Merchant not found', ar: 'التاجر غير موجود' },
  offerExpired: { en: 'This offer has expired', ar: 'انتهت صلاحية هذا العرض' },
  offerNotStarted: { en: 'This offer has not started yet', ar: 'هذا العرض لم يبدأ بعد' },
  offerSoldOut: { en: 'This offer is sold out', ar: 'نفدت كمية هذا العرض' },
  offerInactive: { en: 'This offer is not active', ar: 'هذا العرض غير مفعل' },
  branchDoesNotCarryOffer: {
    en: 'This branch does not carry this offer',
    ar: 'هذا الفرع لا يقدم هذا العرض',
  },
  branchInactive: { en: 'This branch is not active', ar: 'هذا الفرع غير مفعل' },
  merchantNotLive: { en: 'This merchant is not live', ar: 'هذا التاجر غير متاح حالياً' },
  notEnoughPoints: {
    en: 'The customer does not have enough points',
    ar: 'لا يملك العميل نقاطاً كافية',
  },
  merchantNotEnoughPoints: {
    en: 'Not enough points in the balance',
    ar: 'لا توجد نقاط كافية في الرصيد',
  },
  alreadyApproved: { en: 'Already approved', ar: 'تمت الموافقة مسبقاً' },
  outOfStock: { en: 'This product is out of stock', ar: 'هذا المنتج غير متوفر' },
  // success toasts (SPEC §8)
  addedSuccessfully: { en: 'Added successfully', ar: 'تمت الإضافة بنجاح' },
  updated: { en: 'Updated!', ar: 'تم التحديث!' },
  updatedSuccessfully: { en: 'Updated successfully', ar: 'تم التحديث بنجاح' },
  assignedSuccessfully: { en: 'Assigned successfully', ar: 'تم التعيين بنجاح' },
  cardAdded: { en: 'Card added successfully', ar: 'تمت إضافة البطاقة بنجاح' },
  deletedSuccessfully: { en: 'Deleted successfully', ar: 'تم الحذف بنجاح' },
  ticketCreated: { en: 'Ticket created successfully', ar: 'تم إنشاء التذكرة بنجاح' },
  closedSuccessfully: { en: 'Closed successfully', ar: 'تم الإغلاق بنجاح' },
  repliedSuccessfully: { en: 'Replied successfully', ar: 'تم الرد بنجاح' },
  loggedIn: { en: 'Logged in', ar: 'تم تسجيل الدخول' },
  loggedOut: { en: 'Logged out', ar: 'تم تسجيل الخروج' },
  successful: { en: 'Successful', ar: 'تمت العملية بنجاح' },
  passwordChanged: { en: 'Password changed', ar: 'تم تغيير كلمة المرور' },
  imageChanged: { en: 'Image changed successfully', ar: 'تم تغيير الصورة بنجاح' },
  approvedSuccessfully: { en: 'Approved successfully', ar: 'تمت الموافقة بنجاح' },
} as const satisfies Record<string, { en: string; ar: string }>;

export type MessageKey = keyof typeof messages;

export const isMessageKey = (value: string): value is MessageKey => Object.hasOwn(messages, value);

/** The text of a key in a language; a string that is not a key is returned as it is. */
export const messageText = (keyOrText: string, lang: 'en' | 'ar' = 'en'): string =>
  isMessageKey(keyOrText) ? messages[keyOrText][lang] : keyOrText;
