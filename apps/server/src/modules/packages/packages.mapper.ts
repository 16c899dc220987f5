import type { Invoice, PackageRequest, PointsPackage } from '@loyalty/contract';
import { centsToDollars } from '../../lib/money';
import type { InvoiceRow, PackageRow, PurchaseRow } from './packages.repository';

/** For sale today: active and not past its last day (business calendar). */
export const isAvailable = (p: { isActive: number; validto: string | null }, today: string) =>
  p.isActive === 1 && (p.validto === null || p.validto >= today);

export const toPackage = (p: PackageRow, today: string): PointsPackage => ({
  id: p.id,
  name: p.name,
  nameAr: p.nameAr,
  description: p.description,
  descriptionAr: p.descriptionAr,
  amount: centsToDollars(p.amountCents),
  points: p.points,
  validto: p.validto,
  isAvailable: isAvailable(p, today),
  createdAt: p.createdAt,
});

export const toInvoice = (i: InvoiceRow): Invoice => ({
  id: i.id,
  name: i.name,
  nameAr: i.nameAr,
  description: i.description,
  descriptionAr: i.descriptionAr,
  amount: centsToDollars(i.amountCents),
  status: i.status,
  packageRequestId: i.packageRequestId,
  createdAt: i.createdAt,
});

export const toPackageRequest = (r: PurchaseRow, today: string): PackageRequest => ({
  id: r.id,
  points: r.points,
  amount: centsToDollars(r.amountCents),
  paymentType: r.paymentType,
  status: r.status,
  createdAt: r.createdAt,
  Package: toPackage(
    {
      id: r.packageId,
      name: r.packageName,
      nameAr: r.packageNameAr,
      description: r.packageDescription,
      descriptionAr: r.packageDescriptionAr,
      amountCents: r.packageAmountCents,
      points: r.packagePoints,
      validto: r.packageValidto,
      isActive: r.packageIsActive,
      createdAt: r.packageCreatedAt,
    },
    today,
  ),
  card: { id: r.cardId, brand: r.cardBrand, last4: r.cardLast4 },
  invoice:
    r.invoiceId === null
      ? null
      : {
          id: r.invoiceId,
          name: r.invoiceName ?? '',
          nameAr: r.invoiceNameAr,
          description: r.invoiceDescription,
          descriptionAr: r.invoiceDescriptionAr,
          amount: centsToDollars(r.invoiceAmountCents ?? 0),
          status: r.invoiceStatus ?? 'paid',
          packageRequestId: r.id,
          createdAt: r.invoiceCreatedAt ?? r.createdAt,
        },
});
