/** Signed-in callers of every role for the proof suites: one per role, each with its own session. */
import type { EndpointDef, Role } from '@loyalty/contract';
import { PERMISSIONS } from '@loyalty/contract';
import { merchantFixture, signUpCustomer, staffLogin, type TestServer } from '../harness';
import { addBranch } from '../staff-fixtures';

export type Tokens = Partial<Record<Role, string>>;

export async function tokensOfEveryRole(t: TestServer): Promise<Tokens> {
  const m = await merchantFixture(t);
  const branch = await addBranch(t, m.token, 'Proof');
  const customer = (await signUpCustomer(t, { name: 'Proof Customer', password: 'proof-pass-1' })).token;
  const staff = await staffLogin(t, m.id, branch, 'merchantUser');
  // every permission (issue 27), so that a call the default set does not open reaches its validation
  const set = await t.call(
    'merchant/permissionSet/save',
    { name: 'Every right', permissions: [...PERMISSIONS] },
    { token: m.token },
  );
  await t.db
    .updateTable('merchantUsers')
    .set({ permissionSetId: set.body.data.id })
    .where('id', '=', staff.id)
    .execute();
  return {
    merchant: m.token,
    merchantUser: staff.token,
    delivery: (await staffLogin(t, m.id, branch, 'delivery')).token,
    user: customer,
  };
}

/** A token of a role the call allows (none for public calls). */
export const tokenFor = (def: EndpointDef, tokens: Tokens): string | undefined =>
  def.roles === 'public' ? undefined : def.roles.map((r) => tokens[r]).find((x) => x !== undefined);
