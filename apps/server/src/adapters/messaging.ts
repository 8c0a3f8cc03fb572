import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { insertMessage } from './outbox.repo.ts';

export interface SmsSender {
  send(to: string, body: string): Promise<void>;
}
export interface MailSender {
  send(to: string, subject: string, body: string): Promise<void>;
}

/**
 * The local adapters: they "deliver" into the outbox table and the log, so every flow can be tried
 * without a provider. A Twilio or SMTP adapter implements the same interface.
 */
export function localSms(db: Db, log: FastifyBaseLogger): SmsSender {
  return {
    async send(to, body) {
      await insertMessage(db, { channel: 'sms', recipient: to, body });
      log.info({ to, body }, 'sms (local outbox)');
    },
  };
}

export function localMail(db: Db, log: FastifyBaseLogger): MailSender {
  return {
    async send(to, subject, body) {
      await insertMessage(db, { channel: 'mail', recipient: to, subject, body });
      log.info({ to, subject }, 'mail (local outbox)');
    },
  };
}
