import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
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

/**
 * The local mail adapter also drops each message as a file into a pickup directory (`DATA_DIR/mail/`), as
 * sendmail's would: someone trying the console (and the e2e suite, whose database lives in memory) opens the
 * links it carries without reading the database. The outbox row stays the record; a file that cannot be written
 * is logged, not an error of the request.
 */
export function localMail(db: Db, log: FastifyBaseLogger, pickupDir?: string): MailSender {
  return {
    async send(to, subject, body) {
      await insertMessage(db, { channel: 'mail', recipient: to, subject, body });
      log.info({ to, subject }, 'mail (local outbox)');
      if (pickupDir) {
        await writeMailFile(pickupDir, to, subject, body).catch((error: unknown) =>
          log.warn({ err: error, to }, 'mail file not written'),
        );
      }
    },
  };
}

/**
 * `<ISO time>_<recipient>_<random>.eml`: names sort by time, and a reader finds a recipient's newest message by
 * name alone (the time's colons become dashes so the name is valid on every file system).
 */
export function mailFileName(to: string, at: Date = new Date()): string {
  const stamp = at.toISOString().replaceAll(':', '-');
  const recipient = to.replace(/[^\w.@+-]/g, '_');
  return `${stamp}_${recipient}_${randomBytes(3).toString('hex')}.eml`;
}

async function writeMailFile(dir: string, to: string, subject: string, body: string) {
  await mkdir(dir, { recursive: true });
  const at = new Date();
  const text = [
    `Date: ${at.toUTCString()}`,
    `To: ${to}`,
    `Subject: ${subject}`,
    'Content-Type: text/plain; charset=utf-8',
    '',
    body,
    '',
  ].join('\r\n');
  await writeFile(path.join(dir, mailFileName(to, at)), text, { flag: 'wx' });
}
