/**
 * The operator's HTTP surface `/api/admin/...` (DECISIONS §1, §8; README "Operator"): each call of
 * the contract's `operatorEndpoints`, authenticated by `Authorization: Bearer <operator token>`,
 * backed by the same operator service as `npm run admin`, and appended to the operator log with
 * the token's id and the time. Answers `{ data }`, or `{ message }` (401, 404, 409) and
 * `{ message, errors }` (422) like every other call.
 */
import { messageText, operatorEndpoints } from '@loyalty/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { centsToDollars } from '../lib/money';
import { type OperatorActor, OperatorError, type OperatorService } from '../modules/operator/operator.service';
import { requestLanguage } from './register';

type Path = keyof typeof operatorEndpoints;
type Body = Record<string, unknown>;

const merchantOut = (m: {
  id: number;
  name: string;
  mobile: string;
  status: string;
  isLive: number;
  balance: number;
}) => ({
  id: m.id,
  name: m.name,
  mobile: m.mobile,
  status: m.status,
  isLive: m.isLive === 1,
  balance: m.balance,
});
const packageOut = (p: {
  id: number;
  name: string;
  points: number;
  amount: number;
  validto: string | null;
  isActive: number;
}) => ({ id: p.id, name: p.name, points: p.points, amount: p.amount, validto: p.validto, isActive: p.isActive === 1 });

const str = (v: unknown) => (v === undefined || v === null ? undefined : String(v));

/** What each call does, on the parsed body. */
const actions = (op: OperatorService): Record<Path, (b: Body, actor: OperatorActor) => Promise<unknown>> => ({
  'admin/merchant/list': async () => ({ rows: (await op.listMerchants()).map(merchantOut) }),
  'admin/merchant/approve': async (b) => merchantOut(await op.approveMerchant(String(b.mobile))),
  'admin/merchant/suspend': async (b) => merchantOut(await op.suspendMerchant(String(b.mobile))),
  'admin/package/list': async () => ({ rows: (await op.listPackages()).map(packageOut) }),
  'admin/package/add': async (b) =>
    packageOut(
      await op.addPackage({
        name: str(b.name),
        nameAr: str(b.nameAr),
        points: str(b.points),
        amount: str(b.amount),
        description: str(b.description),
        descriptionAr: str(b.descriptionAr),
        validto: str(b.validto),
      }),
    ),
  'admin/invoice/add': async (b) => {
    const i = await op.addInvoice({
      merchant: str(b.merchant),
      name: str(b.name),
      amount: str(b.amount),
      description: str(b.description),
    });
    return { id: i.id, name: i.name, amount: centsToDollars(i.amountCents), merchantId: i.merchantId };
  },
  'admin/ticket/reply': async (b, actor) =>
    (await op.replyTicket(String(b.ticketId), String(b.message), actor)).message,
  'admin/settlement/move': async (b) => {
    const s = await op.moveSettlement(String(b.id), String(b.status));
    return { id: s.id, from: s.from, to: s.to };
  },
});

const bearer = (header: string | undefined): string => {
  const m = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  return m ? m[1] : '';
};

export function registerAdmin(app: FastifyInstance, op: OperatorService): void {
  const run = actions(op);
  for (const [path, def] of Object.entries(operatorEndpoints) as [Path, (typeof operatorEndpoints)[Path]][]) {
    app.post(`/api/${path}`, async (request, reply: FastifyReply) => {
      const lang = requestLanguage(request);
      const actor = await op.actorOfToken(bearer(request.headers.authorization));
      if (!actor) return reply.code(401).send({ message: messageText('unauthenticated', lang) });
      try {
        const body = def.body.parse(request.body ?? {}) as Body;
        const data = def.response.parse(await run[path](body, actor));
        await op.record(actor, path, body);
        return reply.send({ data });
      } catch (err) {
        if (err instanceof OperatorError) return reply.code(err.status).send({ message: err.message });
        throw err; // a ZodError becomes 422 with field errors (error-handler.ts)
      }
    });
  }
}
