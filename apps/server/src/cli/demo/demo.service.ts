import type { Deps } from '../../core/deps';
import { hashPassword } from '../../lib/password';
import { insertBranch } from '../../modules/branches/branch-writes';
import { insertConfirmedCustomer } from '../../modules/customer/customer-account';
import { insertMerchant } from '../../modules/profile/merchant-account';
import { insertStaffMember } from '../../modules/staff/staff-account';
import { seedCatalogue } from './demo-catalogue';
import { DEMO, DEMO_PASSWORD } from './demo-data';
import { seedMoney } from './demo-money';
import { seedOrders } from './demo-orders';
import { type DemoServices, seedRequests } from './demo-requests';

export { DEMO, DEMO_PASSWORD } from './demo-data';
export type { DemoServices } from './demo-requests';

/** Fills the database with a bilingual demo. Running it again adds nothing twice. */
export async function runDemo(deps: Deps, services: DemoServices, print: (line: string) => void): Promise<void> {
  const { store } = deps;
  const repo = store.demo;
  const passwordHash = await hashPassword(DEMO_PASSWORD, deps.hashCost);

  for (const [mi, m] of DEMO.merchants.entries()) {
    let merchantId = await repo.merchantId(m.mobile);
    if (merchantId === undefined) {
      merchantId = await insertMerchant(store, {
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
        acceptWithinMinutes: null,
      });
      print(`merchant ${m.name}: mobile ${m.mobile}, password ${DEMO_PASSWORD}`);
    }
    for (const [bi, { staff, courier, ...b }] of m.branches.entries()) {
      let branchId = await repo.branchId(merchantId, b.branchName);
      if (branchId === undefined) {
        branchId = await insertBranch(store, { ...b, merchantId, isActive: 1 });
        print(`  branch ${b.branchName}`);
      }
      for (const rule of ['merchantUser', 'delivery'] as const) {
        const mobileNum = `974510000${String(mi * 10 + bi * 2 + (rule === 'delivery' ? 1 : 0)).padStart(2, '0')}`;
        if (await repo.staffExists(mobileNum)) continue;
        // each person one name everywhere: the lists, the audit trail and the deliveries all read first and last
        const { fName, lName } = rule === 'merchantUser' ? staff : courier;
        await insertStaffMember(store, {
          merchantId,
          branchId,
          fName,
          mName: '',
          lName,
          mobileNum,
          passwordHash,
          rule,
        });
        print(
          `  ${rule === 'delivery' ? 'courier' : 'staff'} ${fName} ${lName} at ${b.branchName}: mobile ${mobileNum}, password ${DEMO_PASSWORD}`,
        );
      }
    }
  }

  for (const c of DEMO.customers) {
    if (await repo.customer(c.mobile)) continue;
    await insertConfirmedCustomer(store, { ...c, passwordHash });
    print(`customer ${c.name}: mobile ${c.mobile}, password ${DEMO_PASSWORD}`);
  }
  await seedCatalogue(deps, print);
  await seedRequests(deps, services, print);
  await seedOrders(deps, print);
  await seedMoney(deps, print);
  print('Demo ready.');
}
