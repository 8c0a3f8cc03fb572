import { PASSWORD_RESET_LINK_MINUTES, type PasswordResetBody } from '@fleetdesk/contracts';
import type { MailSender } from '../../adapters/messaging.ts';
import type { Db } from '../../db/client.ts';
import { DomainError } from '../../errors.ts';
import { hashPassword, sha256 } from '../../lib/secrets.ts';
import { writeFieldLogs } from '../audit/audit.repo.ts';
import * as authRepo from '../auth/auth.repo.ts';
import { clearLoginFailures, limitRate } from '../auth/rate-limit.ts';
import * as usersRepo from '../users/users.repo.ts';
import * as repo from './password-links.repo.ts';
import { issuePasswordLink } from './password-links.ts';

/** How often a reset link may be asked for: per e-mail (like the sign-in code's resend) and per client address. */
export const RESET_LIMITS = {
  perEmail: 1,
  emailWindowSeconds: 60,
  perAddress: 20,
  addressWindowSeconds: 3600,
} as const;

/** One answer for an unknown, used, expired or superseded link: which one it was helps only someone guessing. */
export const invalidLink = () =>
  new DomainError('InvalidToken', 410, 'This link is invalid or has expired. Ask for a new one.');

export function createPasswordResetService(deps: { db: Db; mail: MailSender; consoleUrl: string }) {
  const { db } = deps;
  return {
    /**
     * Mails a reset link when a live user signs in with this e-mail. The answer and the counters are the same
     * whether or not one does, so the call tells nobody which e-mails have an account.
     */
    async request(email: string, clientAddress: string) {
      await limitRate(db, `reset:address:${clientAddress}`, RESET_LIMITS.perAddress, RESET_LIMITS.addressWindowSeconds);
      await limitRate(db, `reset:email:${email.toLowerCase()}`, RESET_LIMITS.perEmail, RESET_LIMITS.emailWindowSeconds);
      const user = await authRepo.liveUserByEmail(db, email);
      if (!user?.email) return;
      const link = await db.transaction((tx) => issuePasswordLink(tx, deps.consoleUrl, user.id, 'reset'));
      await deps.mail.send(
        user.email,
        'Reset your Fleetdesk password',
        [
          `Hello ${user.name},`,
          '',
          'Someone (we hope you) asked to reset the password of your Fleetdesk account. Open this link to choose a new one:',
          link,
          '',
          `The link works once, for ${PASSWORD_RESET_LINK_MINUTES} minutes. If you did not ask, ignore this e-mail: your password stays as it is.`,
        ].join('\n'),
      );
    },

    /**
     * Sets the password of the link's user and ends every session they have (whoever reset it may be locking
     * someone out). The link is used up in the same transaction; a refused link writes nothing.
     */
    async reset(body: PasswordResetBody) {
      const passwordHash = await hashPassword(body.password);
      await db.transaction(async (tx) => {
        const link = await repo.consumeLink(tx, sha256(body.token));
        if (!link) throw invalidLink();
        await usersRepo.setPassword(tx, '*', link.userId, passwordHash);
        await authRepo.revokeUserSessions(tx, link.userId);
        // Someone locked out by failed sign-ins has just proved they own the account.
        const user = await usersRepo.get(tx, '*', link.userId);
        await clearLoginFailures(tx, [user?.email, user?.username]);
        await writeFieldLogs(tx, {
          entityType: 'user',
          entityId: link.userId,
          userId: link.userId,
          changes: [{ field: 'password', before: null, after: link.purpose === 'invite' ? 'set' : 'reset by link' }],
        });
      });
    },
  };
}

export type PasswordResetService = ReturnType<typeof createPasswordResetService>;
