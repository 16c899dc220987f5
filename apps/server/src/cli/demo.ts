import { nowIso } from '../db/dialect';
import type { Deps } from '../deps';
import { hashPassword } from '../lib/password';
import { seedCatalogue } from './demo-catalogue';
import { seedRequests } from './demo-requests';

export const DEMO_PASSWORD = 'demo1234';

/** The demo's accounts; every mobile logs in with DEMO_PASSWORD (customers too). */
export const DEMO = {
  merchants: [
    {
      name: 'Doha Coffee House',
      mobile: '97450000001',
      branches: [
        {
          branchName: 'West Bay',
          address: 'West Bay, Doha',
          addressAr: 'الخليج الغربي، الدوحة',
          phone: '97444000001',
          lat: 25.3245,
          long: 51.5302,
        },
        {
          branchName: 'The Pearl',
          address: 'Porto Arabia, The Pearl',
          addressAr: 'بورتو أرابيا، اللؤلؤة',
          phone: '97444000002',
          lat: 25.37,
          long: 51.551,
        },
      ],
    },
    {
      name: 'Souq Sweets',
      mobile: '97450000002',
      branches: [
        {
          branchName: 'Souq Waqif',
          address: 'Souq Waqif, Doha',
          addressAr: 'سوق واقف، الدوحة',
          phone: '97444000003',
          lat: 25.2867,
          long: 51.5333,
        },
      ],
    },
  ],
  customers: [
    { name: 'Mariam Al-Kuwari', mobile: '97466000001' },
    { name: 'Omar Haddad', mobile: '97466000002' },
    { name: 'Sara Nasser', mobile: '97466000003' },
  ],
} as const;

/** Fills the database with a bilingual demo. Running it again adds nothing twice. */
export async function runDemo(deps: Deps, print: (line: string) => void): Promise<void> {
  const { db } = deps;
  const passwordHash = await hashPassword(DEMO_PASSWORD, deps.hashCost);
  const now = nowIso();
  let staffNo = 0;

  for (const [mi, m] of DEMO.merchants.entries()) {
    let merchant = await db.selectFrom('merchants').select(['id']).where('mobile', '=', m.mobile).executeTakeFirst();
    if (!merchant) {
      merchant = await db
        .insertInto('merchants')
        .values({
          name: m.name,
          mobile: m.mobile,
          passwordHash,
          status: 'approved',
          isLive: 1,
          balance: 0,
          currency: 'USD',
          logo: null,
          hotLine: `9744400000${mi + 1}`,
          refundPeriod: 14,
          commissionPercentage: 5,
          taxRegistrationNumber: `TRN-${1000 + mi}`,
          refundRules: 'Refunds within 14 days with the receipt.',
          createdAt: now,
          updatedAt: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      print(`merchant ${m.name}: mobile ${m.mobile}, password ${DEMO_PASSWORD}`);
    }
    for (const [bi, b] of m.branches.entries()) {
      let branch = await db
        .selectFrom('branches')
        .select('id')
        .where('merchantId', '=', merchant.id)
        .where('branchName', '=', b.branchName)
        .executeTakeFirst();
      if (!branch) {
        branch = await db
          .insertInto('branches')
          .values({ ...b, merchantId: merchant.id, isActive: 1, createdAt: now, updatedAt: now })
          .returning('id')
          .executeTakeFirstOrThrow();
        print(`  branch ${b.branchName}`);
      }
      for (const rule of ['merchantUser', 'delivery'] as const) {
        staffNo += 1;
        const mobileNum = `974510000${String(mi * 10 + bi * 2 + (rule === 'delivery' ? 1 : 0)).padStart(2, '0')}`;
        const exists = await db
          .selectFrom('merchantUsers')
          .select('id')
          .where('mobileNum', '=', mobileNum)
          .executeTakeFirst();
        if (exists) continue;
        const [fName, lName] = rule === 'merchantUser' ? ['Ahmed', `Staff${staffNo}`] : ['Yousef', `Courier${staffNo}`];
        await db
          .insertInto('merchantUsers')
          .values({
            merchantId: merchant.id,
            branchId: branch.id,
            fName,
            mName: 'Ali',
            lName,
            mobileNum,
            passwordHash,
            rule,
            isActive: 1,
            createdAt: now,
            updatedAt: now,
          })
          .execute();
        print(
          `  ${rule === 'delivery' ? 'courier' : 'staff'} ${fName} ${lName} at ${b.branchName}: mobile ${mobileNum}, password ${DEMO_PASSWORD}`,
        );
      }
    }
  }

  for (const c of DEMO.customers) {
    const exists = await db.selectFrom('customers').select('id').where('mobile', '=', c.mobile).executeTakeFirst();
    if (exists) continue;
    await db
      .insertInto('customers')
      .values({
        ...c,
        passwordHash,
        currency: 'USD',
        balance: 0,
        mustChangePassword: 0,
        registeredByMerchantId: null,
        registeredBranchId: null,
        createdAt: now,
        updatedAt: now,
      })
      .execute();
    print(`customer ${c.name}: mobile ${c.mobile}, password ${DEMO_PASSWORD}`);
  }
  await seedCatalogue(deps, print);
  await seedRequests(deps, print);
  print('Demo ready.');
}
