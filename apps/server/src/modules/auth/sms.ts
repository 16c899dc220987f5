import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { nowIso } from '../../db/dialect';
import type { Database } from '../../db/schema';

/** Sends text messages. The default queues them in the sms_outbox table for a gateway to pick up. */
export interface SmsSender {
  send(to: string, body: string): Promise<void>;
}

/** The SMS outbox's SQL. */
export const smsRepository = (db: Kysely<Database>) => ({
  enqueue: (toMobile: string, body: string) =>
    db.insertInto('smsOutbox').values({ toMobile, body, createdAt: nowIso() }).execute(),
});

export type SmsRepository = ReturnType<typeof smsRepository>;

/** Writes each message to the outbox; the log names the last digits only, never the text (it may hold a code). */
export const outboxSmsSender = (outbox: SmsRepository, log: FastifyBaseLogger): SmsSender => ({
  async send(to, body) {
    await outbox.enqueue(to, body);
    log.info({ to: `…${to.slice(-4)}` }, 'SMS queued in the outbox');
  },
});
