/** Staff permission sets and the manager override (issue 27). */
import type { NeedKey } from '../permissions';

const need = (en: string, ar: string) => ({
  en: `You need the permission "${en}" for this; ask a manager`,
  ar: `تحتاج إلى صلاحية "${ar}" لهذا الإجراء؛ اطلب موافقة المدير`,
});

const needMessages: Record<NeedKey, { en: string; ar: string }> = {
  needApproveOfferRequests: need('Approve offer requests', 'الموافقة على طلبات العروض'),
  needApproveRedeems: need('Approve redeems', 'الموافقة على الاستبدال'),
  needReject: need('Reject with a reason', 'الرفض مع ذكر السبب'),
  needProductOrders: need('Accept and change product orders', 'قبول طلبات المنتجات وتغييرها'),
  needRefunds: need('Refunds', 'الاسترداد'),
  needAssignCouriers: need('Assign couriers', 'تعيين المندوبين'),
  needPauseBranch: need('Pause a branch', 'إيقاف الفرع مؤقتاً'),
  needEditProducts: need('Edit products and stock', 'تعديل المنتجات والمخزون'),
  needReports: need('See reports', 'عرض التقارير'),
  needExports: need('Export CSV', 'تصدير CSV'),
  needWalkIns: need('Register walk-in customers', 'تسجيل العملاء الحضوريين'),
};

export const permissionMessages = {
  ...needMessages,
  overrideRequired: {
    en: "This needs a manager's approval: ask a manager to enter the override PIN",
    ar: 'يحتاج هذا إلى موافقة المدير: اطلب من المدير إدخال رمز التجاوز',
  },
  overridePinWrong: { en: 'The manager PIN is not right', ar: 'رمز المدير غير صحيح' },
  overridePinLocked: {
    en: 'Too many wrong manager PINs: the merchant must set the PIN again',
    ar: 'رموز مدير خاطئة كثيرة: يجب على التاجر تعيين الرمز من جديد',
  },
  overridePinNotSet: {
    en: 'The merchant has not set a manager PIN yet',
    ar: 'لم يعيّن التاجر رمز المدير بعد',
  },
  pinSixDigits: { en: 'Enter 6 digits', ar: 'أدخل 6 أرقام' },
  permissionSetNotFound: { en: 'Permission set not found', ar: 'مجموعة الصلاحيات غير موجودة' },
  permissionSetNameTaken: {
    en: 'You already have a permission set with this name',
    ar: 'لديك مجموعة صلاحيات بهذا الاسم بالفعل',
  },
  permissionSetInUse: {
    en: 'Staff members still have this permission set: give them another set first',
    ar: 'ما زال موظفون يستخدمون مجموعة الصلاحيات هذه: امنحهم مجموعة أخرى أولاً',
  },
};
