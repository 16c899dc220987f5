import type { ApiParsedBody, Language } from '@loyalty/contract';
import type { MerchantCaller } from '../../core/caller';
import type { ServiceDeps } from '../../core/deps';
import { csvTable as csv } from '../../lib/csv';

const dollars = (cents: number) => cents / 100;

/**
 * CSV exports of the lists (docs/domain.md, "Exports"): the list's own scope (staff: their branch)
 * and filters, newest first, read page by page from the database and streamed as they are read.
 */
export function exportsService({ store }: ServiceDeps<'exports'>) {
  const repo = store.exports;
  return {
    offerRequests: (caller: MerchantCaller, f: ApiParsedBody<'merchant/export/offer-requests.csv'>, lang: Language) =>
      csv(lang, repo.offerRequests(caller, f), [
        { en: 'Request', ar: 'الطلب', value: (r) => r.id },
        { en: 'Code', ar: 'الرمز', value: (r) => r.code },
        { en: 'Status', ar: 'الحالة', value: (r) => r.status },
        { en: 'Offer', ar: 'العرض', value: (r) => (lang === 'ar' && r.titleAr ? r.titleAr : r.title) },
        { en: 'Customer', ar: 'العميل', value: (r) => r.userName },
        { en: 'Mobile', ar: 'الجوال', value: (r) => r.userMobile },
        { en: 'Branch', ar: 'الفرع', value: (r) => (lang === 'ar' && r.branchNameAr ? r.branchNameAr : r.branchName) },
        { en: 'Paid with', ar: 'طريقة الدفع', value: (r) => r.payWith },
        { en: 'Price', ar: 'السعر', value: (r) => dollars(r.priceCents) },
        { en: 'Points', ar: 'النقاط', value: (r) => r.points },
        { en: 'Requested at', ar: 'تاريخ الطلب', value: (r) => r.createdAt },
        { en: 'Approved at', ar: 'تاريخ الموافقة', value: (r) => r.approvedAt },
      ]),

    redeems: (caller: MerchantCaller, lang: Language) =>
      csv(lang, repo.redeems(caller), [
        { en: 'Request', ar: 'الطلب', value: (r) => r.id },
        { en: 'Approved', ar: 'تمت الموافقة', value: (r) => r.isApproved === 1 },
        { en: 'Points', ar: 'النقاط', value: (r) => r.amount },
        { en: 'Customer', ar: 'العميل', value: (r) => r.userName },
        { en: 'Mobile', ar: 'الجوال', value: (r) => r.userMobile },
        { en: 'Branch', ar: 'الفرع', value: (r) => (lang === 'ar' && r.branchNameAr ? r.branchNameAr : r.branchName) },
        { en: 'Requested at', ar: 'تاريخ الطلب', value: (r) => r.createdAt },
        { en: 'Approved at', ar: 'تاريخ الموافقة', value: (r) => r.approvedAt },
      ]),

    productRequests: (
      caller: MerchantCaller,
      f: ApiParsedBody<'merchant/export/product-requests.csv'>,
      lang: Language,
    ) =>
      csv(lang, repo.productRequests(caller, f), [
        { en: 'Order', ar: 'الطلب', value: (r) => r.id },
        { en: 'Type', ar: 'النوع', value: (r) => r.type },
        { en: 'Status', ar: 'الحالة', value: (r) => r.status },
        { en: 'Delivery status', ar: 'حالة التوصيل', value: (r) => r.deliveryStatus },
        {
          en: 'Product',
          ar: 'المنتج',
          value: (r) => (lang === 'ar' && r.productNameAr ? r.productNameAr : r.productName),
        },
        { en: 'Customer', ar: 'العميل', value: (r) => r.userName },
        { en: 'Mobile', ar: 'الجوال', value: (r) => r.userMobile },
        { en: 'Branch', ar: 'الفرع', value: (r) => (lang === 'ar' && r.branchNameAr ? r.branchNameAr : r.branchName) },
        { en: 'Paid with', ar: 'طريقة الدفع', value: (r) => r.payWith },
        { en: 'Price', ar: 'السعر', value: (r) => dollars(r.priceCents) },
        { en: 'Points', ar: 'النقاط', value: (r) => r.points },
        { en: 'Ordered at', ar: 'تاريخ الطلب', value: (r) => r.createdAt },
        { en: 'Done at', ar: 'تاريخ الإنجاز', value: (r) => r.doneAt },
      ]),

    settlements: (caller: MerchantCaller, f: ApiParsedBody<'merchant/export/settlements.csv'>, lang: Language) =>
      csv(lang, repo.settlements(caller.merchantId, f), [
        { en: 'Settlement', ar: 'التسوية', value: (r) => r.id },
        { en: 'Status', ar: 'الحالة', value: (r) => r.status },
        { en: 'Amount', ar: 'المبلغ', value: (r) => dollars(r.amountCents) },
        { en: 'Order', ar: 'الطلب', value: (r) => r.productRequestId },
        { en: 'Customer', ar: 'العميل', value: (r) => r.userName },
        { en: 'Mobile', ar: 'الجوال', value: (r) => r.userMobile },
        { en: 'Created at', ar: 'تاريخ الإنشاء', value: (r) => r.createdAt },
      ]),

    invoices: (caller: MerchantCaller, lang: Language) =>
      csv(lang, repo.invoices(caller.merchantId), [
        { en: 'Invoice', ar: 'الفاتورة', value: (r) => r.id },
        { en: 'Name', ar: 'الاسم', value: (r) => r.name },
        { en: 'Description', ar: 'الوصف', value: (r) => r.description },
        { en: 'Amount', ar: 'المبلغ', value: (r) => dollars(r.amountCents) },
        { en: 'Status', ar: 'الحالة', value: (r) => r.status },
        { en: 'Package purchase', ar: 'شراء الباقة', value: (r) => r.packageRequestId },
        { en: 'Created at', ar: 'تاريخ الإنشاء', value: (r) => r.createdAt },
      ]),

    pointsHistory: (caller: MerchantCaller, lang: Language) =>
      csv(lang, repo.pointsHistory(caller.merchantId), [
        { en: 'Entry', ar: 'القيد', value: (r) => r.id },
        { en: 'Date', ar: 'التاريخ', value: (r) => r.createdAt },
        { en: 'Points', ar: 'النقاط', value: (r) => r.delta },
        { en: 'Balance after', ar: 'الرصيد بعدها', value: (r) => r.balanceAfter },
        { en: 'Reason', ar: 'السبب', value: (r) => r.reason },
        { en: 'Reference', ar: 'المرجع', value: (r) => r.reference },
      ]),
  };
}

export type ExportsService = ReturnType<typeof exportsService>;
