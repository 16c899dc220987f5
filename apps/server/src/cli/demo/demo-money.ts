/**
 * The money part of the demo: points packages for sale, a saved card for each demo merchant and,
 * for the first one, a package bought with it (its invoice and ledger credit), plus an invoice from
 * the platform. Cards and the purchase go through the same services as the API (and so through the
 * configured payment gateway). Running it again adds nothing twice.
 */
import type { MerchantCaller } from '../../core/caller';
import type { Deps } from '../../core/deps';
import { cardsService } from '../../modules/cards/cards.service';
import { packagesService } from '../../modules/packages/packages.service';
import { DEMO } from './demo-data';

const PACKAGES = [
  {
    name: 'Starter',
    nameAr: 'باقة البداية',
    description: '500 points to welcome your first customers',
    descriptionAr: '500 نقطة للترحيب بأول عملائك',
    points: 500,
    amountCents: 1000,
  },
  {
    name: 'Business',
    nameAr: 'باقة الأعمال',
    description: '2,000 points for a busy month of offers',
    descriptionAr: '2,000 نقطة لشهر مزدحم بالعروض',
    points: 2000,
    amountCents: 3500,
  },
  {
    name: 'Premium',
    nameAr: 'الباقة المميزة',
    description: '10,000 points for branches across the city',
    descriptionAr: '10,000 نقطة لفروع في أنحاء المدينة',
    points: 10000,
    amountCents: 15000,
  },
] as const;

/** A Luhn-valid test number per demo merchant (the test gateway charges every one of them). */
const CARD_NUMBERS = ['4242 4242 4242 4242', '5555 5555 5555 4444'];

const ownerOf = (merchantId: number): MerchantCaller => ({
  sessionId: 0,
  role: 'merchant',
  id: merchantId,
  type: 'merchant',
  actor: { type: 'merchant', id: merchantId },
  isOwner: true,
  merchantId,
  branchId: undefined,
});

export async function seedMoney(deps: Deps, print: (line: string) => void): Promise<void> {
  const { store } = deps;
  const cards = cardsService(deps);
  const packages = packagesService(deps, cards);

  const byName = new Map<string, number>();
  for (const p of PACKAGES) {
    const existing = await store.packages.packageByName(p.name);
    if (existing) {
      byName.set(p.name, existing.id);
      continue;
    }
    const row = await store.packages.insertPackage({ ...p, validto: null });
    byName.set(p.name, row.id);
    print(`package ${p.name}: ${p.points} P for $${(p.amountCents / 100).toFixed(2)}`);
  }

  for (const [i, m] of DEMO.merchants.entries()) {
    const merchantId = await store.demo.merchantId(m.mobile);
    if (merchantId === undefined) continue;
    const owner = ownerOf(merchantId);
    let { rows } = await cards.list(owner, {});
    if (rows.length === 0) {
      const year = new Date().getUTCFullYear() + 3;
      await cards.add(owner, {
        nameOnCard: m.name.replace(/[^\p{L} ]/gu, '').trim() || 'Demo Merchant',
        cardNumber: CARD_NUMBERS[i % CARD_NUMBERS.length].replaceAll(' ', ''),
        expirationDate: `09-${year}`,
        CVV: '123',
      });
      rows = (await cards.list(owner, {})).rows;
      print(`  ${m.name}: card ${rows[0].cardNumber} saved`);
    }
    if (i === 0) {
      if ((await packages.purchases(owner, {})).count === 0) {
        // one idempotency key for the demo's purchase: bought once, however often the demo runs
        const bought = await packages.buy(owner, {
          packageId: byName.get('Business') as number,
          cardId: rows[0].id,
          paymentType: 'stripe',
          idempotencyKey: 'demo:first-purchase',
        });
        print(`  ${m.name}: bought ${bought.Package.name} (${bought.points} P), balance ${bought.balance} P`);
      }
      const { rows: invoices } = await packages.invoices(owner, {});
      if (!invoices.some((inv) => inv.status === 'issued')) {
        await store.packages.insertInvoice({
          merchantId,
          packageRequestId: null,
          name: 'Platform fee, first quarter',
          nameAr: 'رسوم المنصة، الربع الأول',
          description: 'Listing and support for three months',
          descriptionAr: 'الإدراج والدعم لثلاثة أشهر',
          amountCents: 4900,
          status: 'issued',
        });
        print(`  ${m.name}: invoice "Platform fee, first quarter" recorded`);
      }
    }
  }
}
