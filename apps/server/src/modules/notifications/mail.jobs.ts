import type { MailSender } from '../../adapters/messaging.ts';
import type { JobHandler } from '../../jobs/queue.ts';

/**
 * E-mails that events and the digest send: each is a job written in the event's own transaction (one statement
 * for every recipient), so it goes out exactly when the event commits, through the installation's MailSender,
 * retried with the queue's back-off while the provider refuses.
 */
export const MAIL_JOB = 'mail.send';

export interface MailJobPayload {
  to: string;
  subject: string;
  body: string;
}

export function mailJobHandlers(mail: MailSender): Record<string, JobHandler> {
  return {
    [MAIL_JOB]: async (job) => {
      const { to, subject, body } = job.payload as unknown as MailJobPayload;
      await mail.send(to, subject, body);
      return undefined;
    },
  };
}
