/** The operator console's messages (issue 25). */
export const operatorMessages = {
  invalidCredentials: {
    en: 'The mobile number, password or authenticator code is not correct',
    ar: 'رقم الجوال أو كلمة المرور أو رمز المصادقة غير صحيح',
  },
  merchantNotSuspended: {
    en: 'Only a suspended merchant can be reinstated',
    ar: 'لا يمكن إعادة تفعيل إلا تاجر موقوف',
  },
  operatorMobileTaken: {
    en: 'An operator with this mobile number already exists',
    ar: 'يوجد مشغل بهذا الرقم بالفعل',
  },
  cannotDisableSelf: {
    en: 'You cannot disable your own account',
    ar: 'لا يمكنك تعطيل حسابك',
  },
  customerNotFound: { en: 'Customer not found', ar: 'العميل غير موجود' },
  tagNameTaken: { en: 'A tag with this name already exists', ar: 'يوجد وسم بهذا الاسم بالفعل' },
  operatorNotFound: { en: 'Operator not found', ar: 'المشغل غير موجود' },
} as const satisfies Record<string, { en: string; ar: string }>;
