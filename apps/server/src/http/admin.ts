/**
 * The operator's HTTP surface `/api/admin/...` (DECISIONS §1, §8; README "Operator"): each call of
 * the contract's `operatorEndpoints`. `admin/login` opens a console session (password and
 * authenticator code); every other call needs `Authorization: Bearer <token>`: a console session's
 * token (the operator's role), or an operator token for scripts (role admin). A role not in the
 * call's `operatorRoles` answers 403. Every change is written to the operator log with the
 * operator's id and the request's address, in the change's transaction (the services write it);
 * reads (lists, details, the home) are not logged.
 * Answers `{ data }`, or `{ message }` (401, 403, 404, 409, 429) and `{ message, errors }` (422).
 */
import { messageText, type OperatorPath, operatorEndpoints } from '@loyalty/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { OperatorError } from '../modules/operator/operator.service';
import { type AdminCaller, type AdminServices, adminActions } from './admin-actions';
import { requestLanguage } from './register';

type Def = (typeof operatorEndpoints)[OperatorPath];

const bearer = (header: string | undefined): string => {
  const m = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  return m ? m[1] : '';
};

/** Calls that only read: not written to the log. */
const READS = /(\/list|\/show|\/home|\/me)$/;
/** Fields never written to the log. */
const SECRET = new Set(['password', 'otp']);
const logDetail = (body: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(body).filter(([k]) => !SECRET.has(k)));

async function callerOf(s: AdminServices, request: FastifyRequest, path: string): Promise<AdminCaller | undefined> {
  const token = bearer(request.headers.authorization);
  const entry = (actor: string, operatorId: number) => ({
    actor,
    operatorId,
    ip: request.ip ?? null,
    action: path,
    detail: logDetail((request.body ?? {}) as Record<string, unknown>),
  });
  const session = await s.operatorAccounts.resolve(token);
  if (session) {
    const actor = `operator:${session.operator.id}` as const;
    return {
      actor,
      operatorId: session.operator.id,
      role: session.operator.role,
      sessionId: session.sessionId,
      entry: entry(actor, session.operator.id),
    };
  }
  const actor = await s.operator.actorOfToken(token);
  if (!actor) return undefined;
  const operatorId = await s.operator.operatorIdOf(actor);
  return { actor, operatorId, role: 'admin', sessionId: null, entry: entry(actor, operatorId) };
}

export function registerAdmin(app: FastifyInstance, s: AdminServices): void {
  const run = adminActions(s);
  const reply401 = (reply: FastifyReply, request: FastifyRequest) =>
    reply.code(401).send({ message: messageText('unauthenticated', requestLanguage(request)) });

  app.post('/api/admin/login', async (request, reply) => {
    const body = operatorEndpoints['admin/login'].body.parse(request.body ?? {});
    const { token, operator } = await s.operatorAccounts.login(body, request.ip, {
      ip: request.ip ?? null,
      action: 'admin/login',
      detail: {},
    });
    return reply.send({ data: operatorEndpoints['admin/login'].response.parse({ token, operator }) });
  });

  for (const [path, def] of Object.entries(operatorEndpoints) as [OperatorPath, Def][]) {
    if (path === 'admin/login') continue;
    const action = run[path];
    app.post(`/api/${path}`, async (request, reply: FastifyReply) => {
      const lang = requestLanguage(request);
      const caller = await callerOf(s, request, path);
      if (!caller) return reply401(reply, request);
      if (!(def.operatorRoles as readonly string[]).includes(caller.role))
        return reply.code(403).send({ message: messageText('forbidden', lang) });
      try {
        const body = def.body.parse(request.body ?? {}) as Record<string, unknown>;
        caller.entry.detail = logDetail(body);
        const data = def.response.parse(await action(body, caller));
        // every change writes its entry in its own transaction (services); one that did not is a bug
        if (!READS.test(path) && !caller.entry.written) {
          request.log.error({ path }, 'operator action without its log entry in its transaction');
          await s.operatorConsole.record(caller.entry);
        }
        return reply.send({ data });
      } catch (err) {
        if (err instanceof OperatorError) return reply.code(err.status).send({ message: err.message });
        throw err; // AppError → its status and message; ZodError → 422 with field errors (error-handler.ts)
      }
    });
  }
}
