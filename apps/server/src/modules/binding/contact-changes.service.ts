import type { ContactChangeBody, ContactChangeConfirmBody } from '@fleetdesk/contracts';
import { CONTACT_CHANGE_RESEND_SECONDS } from '@fleetdesk/contracts';
import type { MailSender, SmsSender } from '../../adapters/messaging.ts';
import type { Db } from '../../db/client.ts';
import { DomainError } from '../../errors.ts';
import type { Caller } from '../../lib/caller.ts';
import { uniqueViolation } from '../../lib/db-errors.ts';
import { sha256, sixDigitCode, verifyPassword } from '../../lib/secrets.ts';
import { logChange } from '../audit/audit.repo.ts';
import { clearRate, revokeUserSessions } from '../auth/auth.repo.ts';
import { limitRate } from '../auth/rate-limit.ts';
import { contactTaken } from '../users/users.repo.ts';
import * as repo from './binding.repo.ts';

const CODE_TTL_SECONDS = 10 * 60;
export const CONTACT_CODE_MAX_ATTEMPTS = 5;
/** Wrong current passwords one user may type here in a window (a stolen session must not brute-force it). */
const PASSWORD_LIMIT = { attempts: 10, windowSeconds: 15 * 60 } as const;

const fieldOf = (channel: 'email' | 'phone') => (channel === 'email' ? 'email' : 'phoneNo');

/** The same wording as Team's user form, so the console already translates it. */
const taken = (channel: 'email' | 'phone') =>
  channel === 'email'
    ? new DomainError('Conflict', 409, 'Email already used by another staff member', { field: 'value' })
    : new DomainError('Conflict', 409, 'Phone number already used by another staff member', { field: 'value' });

const invalidCode = (attemptsLeft: number) =>
  new DomainError('VerificationCodeInvalid', 400, 'The verification code is incorrect or has expired', {
    attemptsLeft,
  });

const same = (channel: 'email' | 'phone', a: string | null, b: string) =>
  a !== null && (channel === 'email' ? a.toLowerCase() === b.toLowerCase() : a === b);

/**
 * Binding: the signed-in user changes their own sign-in e-mail or phone number. The current password opens the
 * change; a code sent to the new address or number proves it is theirs.
 */
export function createContactChangeService(deps: { db: Db; mail: MailSender; sms: SmsSender }) {
  const { db } = deps;
  const codeHash = (userId: string, channel: string, value: string, code: string) =>
    sha256(`${userId}:${channel}:${value.toLowerCase()}:${code}`);

  return {
    async request(caller: Caller, body: ContactChangeBody) {
      // Counted before the check, in one statement: parallel guesses cannot pass a limit none of them has hit yet.
      const passwordKey = `contact-change:password:${caller.userId}`;
      await limitRate(db, passwordKey, PASSWORD_LIMIT.attempts, PASSWORD_LIMIT.windowSeconds);
      const me = await repo.ownContact(db, caller.userId);
      if (!me || !(await verifyPassword(me.passwordHash, body.password))) {
        const message = 'The current password is incorrect';
        throw new DomainError('IncorrectPassword', 400, message, { fields: { password: message } });
      }
      await clearRate(db, passwordKey);
      if (same(body.channel, body.channel === 'email' ? me.email : me.phoneNo, body.value)) {
        const message = 'This is already your sign-in e-mail or phone number';
        throw new DomainError('ValidationError', 400, message, { fields: { value: message } });
      }
      if (await contactTaken(db, fieldOf(body.channel), body.value, caller.userId)) throw taken(body.channel);

      const last = await repo.latestContactCode(db, caller.userId, body.channel);
      if (last) {
        const ageSeconds = (Date.now() - last.createdAt.getTime()) / 1000;
        if (ageSeconds < CONTACT_CHANGE_RESEND_SECONDS) {
          throw new DomainError('TooManyRequests', 429, 'Too many requests, try again later', {
            retryAfterSeconds: Math.ceil(CONTACT_CHANGE_RESEND_SECONDS - ageSeconds),
          });
        }
      }
      const code = sixDigitCode();
      await repo.insertContactCode(db, {
        userId: caller.userId,
        channel: body.channel,
        newValue: body.value,
        codeHash: codeHash(caller.userId, body.channel, body.value, code),
        expiresAt: new Date(Date.now() + CODE_TTL_SECONDS * 1000),
      });
      if (body.channel === 'email') {
        await deps.mail.send(
          body.value,
          'Your Fleetdesk verification code',
          `Your code to make this your Fleetdesk sign-in e-mail is ${code}. It expires in 10 minutes.\n\nIf you did not ask for it, ignore this message.`,
        );
      } else {
        await deps.sms.send(
          body.value,
          `Your Fleetdesk code to change your sign-in phone is ${code}. It expires in 10 minutes.`,
        );
      }
      return { resendAfterSeconds: CONTACT_CHANGE_RESEND_SECONDS };
    },

    async confirm(caller: Caller, body: ContactChangeConfirmBody) {
      const pending = await repo.latestContactCode(db, caller.userId, body.channel);
      const usable =
        pending &&
        !pending.consumedAt &&
        pending.expiresAt > new Date() &&
        pending.attempts < CONTACT_CODE_MAX_ATTEMPTS &&
        same(body.channel, pending.newValue, body.value);
      if (!pending || !usable) throw invalidCode(0);
      if (pending.codeHash !== codeHash(caller.userId, body.channel, body.value, body.code)) {
        await repo.countWrongAttempt(db, pending.id, CONTACT_CODE_MAX_ATTEMPTS);
        throw invalidCode(Math.max(0, CONTACT_CODE_MAX_ATTEMPTS - pending.attempts - 1));
      }
      const field = fieldOf(body.channel);
      const { previous, changed } = await db
        .transaction(async (tx) => {
          if (!(await repo.consumeContactCode(tx, pending.id, CONTACT_CODE_MAX_ATTEMPTS))) throw invalidCode(0);
          if (await contactTaken(tx, field, pending.newValue, caller.userId)) throw taken(body.channel);
          const before = await repo.ownContact(tx, caller.userId);
          const after = await repo.setOwnContact(tx, caller.userId, field, pending.newValue);
          if (!before || !after) throw invalidCode(0);
          await logChange(tx, caller, 'user', caller.userId, { [field]: before[field] }, { [field]: after[field] });
          // A new sign-in e-mail or phone ends the account's other sessions: whoever else held one must sign in anew.
          await revokeUserSessions(tx, caller.userId, caller.sessionId);
          return { previous: before, changed: after };
        })
        .catch((error: unknown) => {
          if (uniqueViolation(error)) throw taken(body.channel);
          throw error;
        });
      // The old address hears of it: if someone else made the change, its owner knows at once.
      if (body.channel === 'email' && previous.email) {
        await deps.mail.send(
          previous.email,
          'Your Fleetdesk sign-in e-mail was changed',
          `The sign-in e-mail of your Fleetdesk account is now ${changed.email}. If you did not make this change, tell your administrator at once.`,
        );
      }
      return changed;
    },
  };
}

export type ContactChangeService = ReturnType<typeof createContactChangeService>;
