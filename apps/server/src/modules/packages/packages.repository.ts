import type { Kysely } from 'kysely';
import { nowIso } from '../../db/dialect';
import type {
  Database,
  InvoicesTable,
  PackageRequestsTable,
  PackagesTable,
  PaymentAttemptsTable,
} from '../../db/schema';

type Page = { limit: number; offset: number };

const packageColumns = [
  'id',
  'name',
  'nameAr',
  'description',
  'descriptionAr',
  'amountCents',
  'points',
  'validto',
  'isActive',
  'createdAt',
] as const;

/** The only SQL of packages, payment attempts, package purchases and invoices. `db` may be a transaction. */
export const packagesRepository = (db: Kysely<Database>) => {
  const purchases = (merchantId: number) =>
    db
      .selectFrom('packageRequests as pr')
      .innerJoin('packages as p', 'p.id', 'pr.packageId')
      .leftJoin('invoices as i', 'i.packageRequestId', 'pr.id')
      .where('pr.merchantId', '=', merchantId);

  const purchaseColumns = (q: ReturnType<typeof purchases>) =>
    q.select([
      'pr.id',
      'pr.points',
      'pr.amountCents',
      'pr.paymentType',
      'pr.status',
      'pr.createdAt',
      'pr.cardId',
      'pr.cardBrand',
      'pr.cardLast4',
      'p.id as packageId',
      'p.name as packageName',
      'p.nameAr as packageNameAr',
      'p.description as packageDescription',
      'p.descriptionAr as packageDescriptionAr',
      'p.amountCents as packageAmountCents',
      'p.points as packagePoints',
      'p.validto as packageValidto',
      'p.isActive as packageIsActive',
      'p.createdAt as packageCreatedAt',
      'i.id as invoiceId',
      'i.name as invoiceName',
      'i.nameAr as invoiceNameAr',
      'i.description as invoiceDescription',
      'i.descriptionAr as invoiceDescriptionAr',
      'i.amountCents as invoiceAmountCents',
      'i.status as invoiceStatus',
      'i.createdAt as invoiceCreatedAt',
    ]);

  return {
    // packages for sale
    async forSale(today: string, page: Page) {
      const sale = db
        .selectFrom('packages')
        .where('isActive', '=', 1)
        .where((eb) => eb.or([eb('validto', 'is', null), eb('validto', '>=', today)]));
      const count = await sale.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      const rows = await sale
        .select(packageColumns)
        .orderBy('amountCents')
        .orderBy('id')
        .limit(page.limit)
        .offset(page.offset)
        .execute();
      return { rows, count: Number(count.n) };
    },

    activePackage: (id: number) =>
      db
        .selectFrom('packages')
        .select(packageColumns)
        .where('id', '=', id)
        .where('isActive', '=', 1)
        .executeTakeFirst(),

    insertPackage: (v: Omit<PackagesTable, 'id' | 'createdAt' | 'updatedAt' | 'isActive'>) => {
      const now = nowIso();
      return db
        .insertInto('packages')
        .values({ ...v, isActive: 1, createdAt: now, updatedAt: now })
        .returning(packageColumns)
        .executeTakeFirstOrThrow();
    },

    allPackages: () => db.selectFrom('packages').select(packageColumns).orderBy('id').execute(),

    packageById: (id: number) =>
      db.selectFrom('packages').select(packageColumns).where('id', '=', id).executeTakeFirst(),

    /** The operator's change of a package (the fields given); deactivating sets isActive 0. */
    updatePackage: (id: number, v: Partial<Omit<PackagesTable, 'id' | 'createdAt' | 'updatedAt'>>) =>
      db
        .updateTable('packages')
        .set({ ...v, updatedAt: nowIso() })
        .where('id', '=', id)
        .execute(),

    packageByName: (name: string) =>
      db.selectFrom('packages').select(packageColumns).where('name', '=', name).executeTakeFirst(),

    // payment attempts: one per (merchant, idempotency key)
    attempt: (merchantId: number, key: string) =>
      db
        .selectFrom('paymentAttempts')
        .selectAll()
        .where('merchantId', '=', merchantId)
        .where('idempotencyKey', '=', key)
        .executeTakeFirst(),

    /** Inserts a pending attempt, or throws a unique violation when the key is taken. */
    insertAttempt: (
      v: Omit<PaymentAttemptsTable, 'id' | 'status' | 'chargeId' | 'lockedAt' | 'createdAt' | 'updatedAt'>,
    ) => {
      const now = nowIso();
      return db
        .insertInto('paymentAttempts')
        .values({ ...v, status: 'pending', chargeId: null, lockedAt: now, createdAt: now, updatedAt: now })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    /** Takes over a pending attempt whose lock is older than `staleBefore`; true when this call got it. */
    async takeOver(id: number, lockId: string, staleBefore: string) {
      const res = await db
        .updateTable('paymentAttempts')
        .set({ lockId, lockedAt: nowIso(), updatedAt: nowIso() })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .where('lockedAt', '<', staleBefore)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },

    /** Gives a pending attempt back (its outcome unknown) so that a retry may take it over at once. */
    release: (id: number, lockId: string) =>
      db
        .updateTable('paymentAttempts')
        .set({ lockedAt: '1970-01-01T00:00:00.000Z', updatedAt: nowIso() })
        .where('id', '=', id)
        .where('lockId', '=', lockId)
        .where('status', '=', 'pending')
        .execute(),

    /** A declined attempt leaves nothing behind. */
    deleteAttempt: (id: number, lockId: string) =>
      db
        .deleteFrom('paymentAttempts')
        .where('id', '=', id)
        .where('lockId', '=', lockId)
        .where('status', '=', 'pending')
        .execute(),

    /** pending → succeeded, only by the worker holding the lock; true when this call made the change. */
    async completeAttempt(id: number, lockId: string, chargeId: string) {
      const res = await db
        .updateTable('paymentAttempts')
        .set({ status: 'succeeded', chargeId, updatedAt: nowIso() })
        .where('id', '=', id)
        .where('lockId', '=', lockId)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },

    // purchases
    insertPurchase: (v: Omit<PackageRequestsTable, 'id' | 'createdAt' | 'status'>) =>
      db
        .insertInto('packageRequests')
        .values({ ...v, status: 'paid', createdAt: nowIso() })
        .returning('id')
        .executeTakeFirstOrThrow(),

    purchaseIdOfAttempt: async (attemptId: number) =>
      (await db.selectFrom('packageRequests').select('id').where('paymentAttemptId', '=', attemptId).executeTakeFirst())
        ?.id,

    async purchases(merchantId: number, page: Page) {
      const count = await purchases(merchantId)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      const rows = await purchaseColumns(purchases(merchantId))
        .orderBy('pr.createdAt', 'desc')
        .orderBy('pr.id', 'desc')
        .limit(page.limit)
        .offset(page.offset)
        .execute();
      return { rows, count: Number(count.n) };
    },

    purchase: (merchantId: number, id: number) =>
      purchaseColumns(purchases(merchantId)).where('pr.id', '=', id).executeTakeFirst(),

    // invoices
    insertInvoice: (v: Omit<InvoicesTable, 'id' | 'createdAt'>) =>
      db
        .insertInto('invoices')
        .values({ ...v, createdAt: nowIso() })
        .returning([
          'id',
          'merchantId',
          'packageRequestId',
          'name',
          'nameAr',
          'description',
          'descriptionAr',
          'amountCents',
          'status',
          'createdAt',
        ])
        .executeTakeFirstOrThrow(),

    async invoices(merchantId: number, page: Page) {
      const count = await db
        .selectFrom('invoices')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('merchantId', '=', merchantId)
        .executeTakeFirstOrThrow();
      const rows = await db
        .selectFrom('invoices')
        .selectAll()
        .where('merchantId', '=', merchantId)
        .orderBy('createdAt', 'desc')
        .orderBy('id', 'desc')
        .limit(page.limit)
        .offset(page.offset)
        .execute();
      return { rows, count: Number(count.n) };
    },

    invoice: (merchantId: number, id: number) =>
      db
        .selectFrom('invoices')
        .selectAll()
        .where('merchantId', '=', merchantId)
        .where('id', '=', id)
        .executeTakeFirst(),

    merchantBalance: async (merchantId: number) =>
      (await db.selectFrom('merchants').select('balance').where('id', '=', merchantId).executeTakeFirstOrThrow())
        .balance,
  };
};

export type PackageRow = Awaited<ReturnType<ReturnType<typeof packagesRepository>['insertPackage']>>;
export type PurchaseRow = NonNullable<Awaited<ReturnType<ReturnType<typeof packagesRepository>['purchase']>>>;
export type InvoiceRow = NonNullable<Awaited<ReturnType<ReturnType<typeof packagesRepository>['invoice']>>>;
export type AttemptRow = NonNullable<Awaited<ReturnType<ReturnType<typeof packagesRepository>['attempt']>>>;
