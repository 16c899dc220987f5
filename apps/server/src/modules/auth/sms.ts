import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { nowIso } from '../../db/dialect';
import type { Database } from '../../db/schema';

/** Sends text messages. The default writes to the server log and the sms_outbox table. */
export interface SmsSender {
  send(to: string, body: string): Promise<void>;
}

export const outboxSmsSender = (db: Kysely<Database>, log: FastifyBaseLogger): SmsSender => ({
  async send(to, body) {
    await db.insertInto('smsOutbox').values({ toMobile: to, body, createdAt: nowIso() }).execute();
    log.info({ to }, `SMS to ${to}: ${body}`);
  },
});
