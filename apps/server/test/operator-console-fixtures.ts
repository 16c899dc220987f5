/** Operator accounts for the console's tests: made through the service, signed in with password and TOTP. */
import { clock, type OperatorRole } from '@loyalty/contract';
import { totpCode } from '../src/lib/totp';
import { nextMobile, type TestServer } from './harness';

export const OPERATOR_PASSWORD = 'console-pass-1';

/** The business clock, frozen and moved by hand: each sign-in a step later, so no code is a replay. */
let now = Date.now();
export const freezeClock = () => {
  now = Date.now();
  clock.set(() => new Date(now));
};
export const advance = (ms: number) => {
  now += ms;
};

export async function adminCall(
  t: Pick<TestServer, 'url'>,
  path: string,
  body: Record<string, unknown> = {},
  token?: string,
) {
  const res = await fetch(`${t.url}/api/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token && { authorization: `Bearer ${token}` }) },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as any };
}

export const secretOf = (otpauthUri: string) => new URL(otpauthUri).searchParams.get('secret') ?? '';

/** Signs in (a step after the last sign-in, so the code is fresh); answers the response. */
export async function login(
  t: Pick<TestServer, 'url'>,
  mobile: string,
  secret: string,
  over: Record<string, string> = {},
) {
  advance(31_000);
  return adminCall(t, 'admin/login', {
    username: mobile,
    password: OPERATOR_PASSWORD,
    otp: totpCode(secret, clock.now().getTime()),
    ...over,
  });
}

export interface ConsoleOperator {
  id: number;
  mobile: string;
  name: string;
  secret: string;
  token: string;
}

/** An operator of a role, made through the service and signed in to the console. */
export async function consoleOperator(
  t: TestServer,
  role: OperatorRole,
  name = `Op ${role}`,
): Promise<ConsoleOperator> {
  const mobile = nextMobile('9745');
  const { operator, otpauthUri } = await t.services.operatorAccounts.add({
    mobile,
    name,
    role,
    password: OPERATOR_PASSWORD,
  });
  const secret = secretOf(otpauthUri);
  const res = await login(t, mobile, secret);
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { id: operator.id, mobile, name, secret, token: res.body.data.token };
}
