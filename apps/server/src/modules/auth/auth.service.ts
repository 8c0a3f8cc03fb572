import type { LoginBody, Session } from '@fleetdesk/contracts';
import { VERIFICATION_CODE_RESEND_SECONDS } from '@fleetdesk/contracts';
import type { SmsSender } from '../../adapters/messaging.ts';
import type { Db } from '../../db/client.ts';
import { DomainError } from '../../errors.ts';
import type { Caller } from '../../lib/caller.ts';
import { newToken, sha256, sixDigitCode, verifyPassword } from '../../lib/secrets.ts';
import * as repo from './auth.repo.ts';
import { limitRate, loginAccountKey, tooMany } from './rate-limit.ts';

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/**
 * Session lifetimes (document 1 §2.5 "remember me"): a sign-in lasts 12 hours at most, one with "remember me"
 * 30 days. Each also ends when unused for its idle window: 8 hours (a working day's pause), 14 days remembered.
 */
export const SESSION_POLICY = {
  absoluteSeconds: 12 * HOUR,
  rememberedAbsoluteSeconds: 30 * DAY,
  idleSeconds: 8 * HOUR,
  rememberedIdleSeconds: 14 * DAY,
  touchEverySeconds: MINUTE,
} as const;
/** Failed sign-ins allowed per account and per client address in one window. */
export const LOGIN_LIMITS = { perAccount: 10, perAddress: 50, windowSeconds: 15 * MINUTE } as const;
const CODE_TTL_SECONDS = 5 * MINUTE;
const CODE_MAX_ATTEMPTS = 5;

/** Document 2 §8 "Login": the refusal names what was typed. */
function wrongCredentials(body: LoginBody): string {
  if ('email' in body) return 'Incorrect email / password';
  if ('username' in body) return 'Incorrect username/password';
  return 'Incorrect phone number / password';
}

export function createAuthService(deps: { db: Db; sms: SmsSender }) {
  const { db } = deps;

  async function issueSession(userId: string, rememberMe: boolean): Promise<Session> {
    const token = newToken();
    const lifetime = rememberMe ? SESSION_POLICY.rememberedAbsoluteSeconds : SESSION_POLICY.absoluteSeconds;
    const expiresAt = new Date(Date.now() + lifetime * 1000);
    const idleSeconds = rememberMe ? SESSION_POLICY.rememberedIdleSeconds : SESSION_POLICY.idleSeconds;
    await repo.insertSession(db, { tokenHash: sha256(token), userId, idleSeconds, expiresAt });
    return { token, expiresAt: expiresAt.toISOString() };
  }

  async function guardAttempts(accountKey: string, addressKey: string) {
    const [perAccount, perAddress] = await Promise.all([
      repo.peekRate(db, accountKey, LOGIN_LIMITS.windowSeconds),
      repo.peekRate(db, addressKey, LOGIN_LIMITS.windowSeconds),
    ]);
    if (perAccount >= LOGIN_LIMITS.perAccount || perAddress >= LOGIN_LIMITS.perAddress) {
      throw tooMany(LOGIN_LIMITS.windowSeconds);
    }
  }

  async function recordFailure(accountKey: string, addressKey: string) {
    await repo.hitRate(db, accountKey, LOGIN_LIMITS.windowSeconds);
    await repo.hitRate(db, addressKey, LOGIN_LIMITS.windowSeconds);
  }

  return {
    /** A new session for this user (also the end of a third-party sign-in), honouring "remember me". */
    issueSession,

    /** Signs in by email or username + password, or phone + code; unknown user and wrong secret answer alike. */
    async login(body: LoginBody, clientAddress: string): Promise<Session> {
      const identity = 'phoneNo' in body ? body.phoneNo : ('email' in body ? body.email : body.username).toLowerCase();
      const accountKey = loginAccountKey(identity);
      const addressKey = `login:address:${clientAddress}`;
      await guardAttempts(accountKey, addressKey);

      let userId: string | undefined;
      if ('password' in body) {
        const user = await repo.findLoginUser(db, identity);
        if (await verifyPassword(user?.passwordHash ?? null, body.password)) userId = user?.id;
      } else {
        const user = await repo.findLoginUserByPhone(db, body.phoneNo);
        const code = await repo.latestCode(db, body.phoneNo);
        const usable = code && !code.consumedAt && code.expiresAt > new Date() && code.attempts < CODE_MAX_ATTEMPTS;
        if (usable) {
          const matches = code.codeHash === sha256(`${body.phoneNo}:${body.verificationCode}`);
          await repo.recordCodeAttempt(db, code.id, matches);
          if (matches) userId = user?.id;
        }
      }

      if (!userId) {
        await recordFailure(accountKey, addressKey);
        throw new DomainError('IncorrectCredentials', 401, wrongCredentials(body));
      }
      await repo.clearRate(db, accountKey);
      return issueSession(userId, body.rememberMe ?? false);
    },

    /** Sends a sign-in code; answers the same whether or not the number belongs to a user. */
    async sendVerificationCode(phoneNo: string, clientAddress: string) {
      const last = await repo.latestCode(db, phoneNo);
      if (last) {
        const ageSeconds = (Date.now() - last.createdAt.getTime()) / 1000;
        if (ageSeconds < VERIFICATION_CODE_RESEND_SECONDS) {
          throw tooMany(Math.ceil(VERIFICATION_CODE_RESEND_SECONDS - ageSeconds));
        }
      }
      const addressKey = `code:address:${clientAddress}`;
      await limitRate(db, addressKey, 30, HOUR);

      const code = sixDigitCode();
      await repo.insertCode(db, {
        phoneNo,
        codeHash: sha256(`${phoneNo}:${code}`),
        expiresAt: new Date(Date.now() + CODE_TTL_SECONDS * 1000),
      });
      if (await repo.findLoginUserByPhone(db, phoneNo)) {
        await deps.sms.send(phoneNo, `Your Fleetdesk sign-in code is ${code}. It expires in 5 minutes.`);
      }
      return { resendAfterSeconds: VERIFICATION_CODE_RESEND_SECONDS };
    },

    /** Revokes the token the request came with. */
    async logout(caller: Caller) {
      await repo.revokeSession(db, caller.sessionId);
    },

    /** Resolves a bearer token to its caller and live profile row, or undefined. */
    async authenticate(token: string) {
      const row = await repo.findLiveSession(db, sha256(token));
      if (!row) return undefined;
      if (Date.now() - new Date(row.session_last_used_at).getTime() > SESSION_POLICY.touchEverySeconds * 1000) {
        await repo.touchSession(db, row.session_id, row.user_id);
      }
      return row;
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
