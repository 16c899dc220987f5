/** Branches, employees and logins made through the API, for the staff and matrix tests. */

import type { EmployeeRule, SessionResponse } from '@loyalty/contract';
import { afterAll, beforeAll } from 'vitest';
import { type MerchantFixture, merchantFixture, nextMobile, startTestServer, type TestServer } from './harness';

export async function addBranch(t: TestServer, token: string, branchName: string): Promise<number> {
  const res = await t.call(
    'merchant/addBranch',
    {
      branchName,
      phone: '97444123456',
      address: `${branchName} street`,
      addressAr: `شارع ${branchName}`,
      lat: 25.3,
      long: 51.5,
    },
    { token },
  );
  if (res.status !== 200) throw new Error(`addBranch failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.id;
}

export interface EmployeeFixture {
  id: number;
  mobileNum: string;
  password: string;
  fName: string;
  rule: EmployeeRule;
  branchId: number;
}

export async function addEmployee(
  t: TestServer,
  token: string,
  v: { branchId: number; rule?: EmployeeRule; fName?: string },
): Promise<EmployeeFixture> {
  const e = {
    mobileNum: nextMobile('9743'),
    password: 'staff-pass-1',
    fName: v.fName ?? 'Emp',
    rule: v.rule ?? 'merchantUser',
    branchId: v.branchId,
  };
  const res = await t.call('merchant/addEmployee', { ...e, mName: 'M', lName: 'L' }, { token });
  if (res.status !== 200) throw new Error(`addEmployee failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { ...e, id: res.body.data.id };
}

export async function login(t: TestServer, username: string, password: string): Promise<SessionResponse> {
  const res = await t.call('merchant/login', { username, password });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}

export interface StaffWorld {
  t: TestServer;
  m: MerchantFixture;
  branchA: number;
  branchB: number;
}

/** A test server with one approved merchant and its two branches, Main and Second. */
export async function staffWorld(): Promise<StaffWorld> {
  const t = await startTestServer();
  const m = await merchantFixture(t);
  return { t, m, branchA: await addBranch(t, m.token, 'Main'), branchB: await addBranch(t, m.token, 'Second') };
}

/** Builds a staff world before a file's tests and closes it after them. */
export function useStaffWorld(): StaffWorld {
  const w = {} as StaffWorld;
  beforeAll(async () => {
    Object.assign(w, await staffWorld());
  });
  afterAll(async () => w.t?.close());
  return w;
}
