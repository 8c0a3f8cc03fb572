import { randomUUID } from 'node:crypto';
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
/**
 * Sign-in throttling (issue 26; docs/decisions.md "Sign-in throttling"). Every attempt is counted before the
 * password is checked, in a transaction that locks its counters, so parallel attempts cannot overrun a limit:
 * - per account and address (or per known device): `freeFailures` failures, then each attempt waits twice as long
 *   after the last one (1 s, 2 s, 4 s … at most `maxBackOffSeconds`), within `pairWindowSeconds`;
 * - per account and per address, for devices the account has not signed in from: `perAccount` and `perAddress`
 *   failures in `windowSeconds`. A known device (a token the console got at a sign-in) is not held by these, so
 *   neither an attacker guessing the owner's password nor an office behind one address can lock the owner out.
 * A success clears its pair and account counters.
 */
export const LOGIN_LIMITS = {
  freeFailures: 5,
  maxBackOffSeconds: 15 * MINUTE,
  pairWindowSeconds: HOUR,
  perAccount: 10,
  perAddress: 50,
  windowSeconds: 15 * MINUTE,
} as const;

/** Seconds an attempt must wait after the last one, with `failures` already counted. */
export function loginBackOffSeconds(failures: number): number {
  if (failures < LOGIN_LIMITS.freeFailures) return 0;
  return Math.min(2 ** (failures - LOGIN_LIMITS.freeFailures), LOGIN_LIMITS.maxBackOffSeconds);
}
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

  /**
   * Counts a sign-in attempt or refuses it (429) before any secret is checked. Known devices are counted on their
   * own (`login:device:`), other attempts per account + address and against the account's and address's limits.
   */
  async function claimAttempt(identity: string, clientAddress: string, deviceId: string | undefined) {
    const L = LOGIN_LIMITS;
    const pair = deviceId ? `login:device:${deviceId}` : `login:pair:${identity}:${clientAddress}`;
    const account = loginAccountKey(identity);
    const address = `login:address:${clientAddress}`;
    const counters = [
      { key: pair, windowSeconds: L.pairWindowSeconds },
      ...(deviceId
        ? []
        : [
            { key: account, windowSeconds: L.windowSeconds },
            { key: address, windowSeconds: L.windowSeconds },
          ]),
    ];
    await db.transaction(async (tx) => {
      const read = await repo.lockRates(tx, counters);
      const own = read.get(pair) as repo.RateCounter;
      const backOff = loginBackOffSeconds(own.count);
      const wait = backOff - (own.secondsSinceLast ?? Number.POSITIVE_INFINITY);
      if (backOff > 0 && wait > 0) throw tooMany(Math.ceil(wait));
      for (const [key, max] of [
        [account, L.perAccount],
        [address, L.perAddress],
      ] as const) {
        const counter = read.get(key);
        if (counter && counter.count >= max) throw tooMany(Math.ceil(counter.secondsLeft));
      }
      for (const c of counters) await repo.hitRate(tx, c.key, c.windowSeconds);
    });
    return { pair, account, address: deviceId ? undefined : address };
  }

  return {
    /** A new session for this user (also the end of a third-party sign-in), honouring "remember me". */
    issueSession,

    /** Signs in by email or username + password, or phone + code; unknown user and wrong secret answer alike. */
    async login(body: LoginBody, clientAddress: string): Promise<Session> {
      const identity = 'phoneNo' in body ? body.phoneNo : ('email' in body ? body.email : body.username).toLowerCase();
      const passwordUser = 'password' in body ? await repo.findLoginUser(db, identity) : undefined;
      const user = 'password' in body ? passwordUser : await repo.findLoginUserByPhone(db, body.phoneNo);
      const device =
        user && body.deviceToken ? await repo.findLoginDevice(db, user.id, sha256(body.deviceToken)) : undefined;
      const counted = await claimAttempt(identity, clientAddress, device?.id);

      let userId: string | undefined;
      if ('password' in body) {
        if (await verifyPassword(passwordUser?.passwordHash ?? null, body.password)) userId = passwordUser?.id;
      } else {
        const code = await repo.latestCode(db, body.phoneNo);
        const usable = code && !code.consumedAt && code.expiresAt > new Date() && code.attempts < CODE_MAX_ATTEMPTS;
        if (usable) {
          const matches = code.codeHash === sha256(`${body.phoneNo}:${body.verificationCode}`);
          await repo.recordCodeAttempt(db, code.id, matches);
          if (matches) userId = user?.id;
        }
      }

      // A failure stays counted (the attempt was counted before the check); a success clears its own counters and
      // gives back its hit on the address, so the address limit counts failures only: a whole office behind one
      // NAT signing in on new devices in the morning must not lock itself out.
      if (!userId) throw new DomainError('IncorrectCredentials', 401, wrongCredentials(body));
      await repo.clearRate(db, counted.pair);
      await repo.clearRate(db, counted.account);
      if (counted.address) await repo.refundRate(db, counted.address);
      let deviceToken = body.deviceToken;
      if (device) await repo.touchLoginDevice(db, device.id);
      else {
        deviceToken = newToken();
        await repo.insertLoginDevice(db, { id: randomUUID(), userId, tokenHash: sha256(deviceToken) });
      }
      return { ...(await issueSession(userId, body.rememberMe ?? false)), deviceToken };
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
      const row = await repo.findLiveSession(db, sha256(token), SESSION_POLICY.touchEverySeconds);
      if (!row) return undefined;
      if (row.touch_due) await repo.touchSession(db, row.session_id, row.user_id);
      return row;
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
