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
  /** A console path (`/b2c/service/ticket/detail/…`): the e-mail links it on the installation's public address. */
  link?: string | null;
}

/** The e-mail's text: the body, then where to open it in the console (`consoleUrl` ends with '/'). */
export function mailText(p: MailJobPayload, consoleUrl: string): string {
  return p.link ? `${p.body}\n\nOpen it in Fleetdesk: ${consoleUrl}${p.link.replace(/^\/+/, '')}` : p.body;
}

export function mailJobHandlers(deps: { mail: MailSender; consoleUrl: string }): Record<string, JobHandler> {
  return {
    [MAIL_JOB]: async (job) => {
      const payload = job.payload as unknown as MailJobPayload;
      await deps.mail.send(payload.to, payload.subject, mailText(payload, deps.consoleUrl));
      return undefined;
    },
  };
}
