import { z } from 'zod';
import { dataOf, email, emptyResponse, isoDateTime, phoneNo } from './common.ts';
import { endpoint } from './endpoint.ts';

/** A password typed to sign in (or to confirm it is the user): its rules are checked when it is set, not here. */
export const typedPassword = z
  .string({ message: 'Please input your password!' })
  .min(1, { message: 'Please input your password!' })
  .max(256);
/** A 6-digit code sent by SMS or e-mail. */
export const verificationCodeInput = z.string({ message: 'Please input verification code!' }).regex(/^\d{6}$/, {
  message: 'Please input verification code!',
});

/**
 * The device token the server gave this browser at an earlier sign-in (issue 26): attempts from a known device are
 * throttled on their own, so failures elsewhere cannot lock its user out.
 */
const deviceToken = z.string().max(200).optional();

export const emailLogin = z.strictObject({
  email: z.string({ message: 'Please input your email!' }).pipe(email),
  password: typedPassword,
  rememberMe: z.boolean().optional(),
  deviceToken,
});
/**
 * The login account: staff may be created without an e-mail (document 1 §3 "Staff"), so they sign in with
 * the username they were given. The server matches it against usernames and e-mails alike.
 */
export const usernameLogin = z.strictObject({
  username: z
    .string({ message: 'Please input your username or email!' })
    .trim()
    .min(1, { message: 'Please input your username or email!' })
    .max(254),
  password: typedPassword,
  rememberMe: z.boolean().optional(),
  deviceToken,
});
export const phoneLogin = z.strictObject({
  phoneNo: z.string({ message: 'Please input your phone number!' }).pipe(phoneNo),
  verificationCode: verificationCodeInput,
  rememberMe: z.boolean().optional(),
  deviceToken,
});
export const loginBody = z.union([emailLogin, usernameLogin, phoneLogin]);
export type LoginBody = z.infer<typeof loginBody>;

export const session = z.object({
  token: z.string(),
  expiresAt: isoDateTime,
  /** After a password or code sign-in: the token to send with this browser's next sign-in. */
  deviceToken: z.string().optional(),
});
export type Session = z.infer<typeof session>;

export const verificationCodeBody = z.strictObject({ phoneNo });
export const verificationCodeSent = z.object({ resendAfterSeconds: z.number().int() });

/** Seconds before the same phone number may ask for another code. */
export const VERIFICATION_CODE_RESEND_SECONDS = 60;
export const MIN_PASSWORD_LENGTH = 8;

export const authEndpoints = {
  login: endpoint({
    method: 'POST',
    path: '/account/auth/login',
    summary: 'Sign in with email or username and password, or phone number and verification code',
    tag: 'auth',
    requires: 'public',
    body: loginBody,
    response: dataOf(session),
  }),
  sendVerificationCode: endpoint({
    method: 'POST',
    path: '/account/auth/verification-codes',
    summary: 'Send a 6-digit sign-in code by SMS',
    tag: 'auth',
    requires: 'public',
    body: verificationCodeBody,
    response: dataOf(verificationCodeSent),
  }),
  logout: endpoint({
    method: 'POST',
    path: '/account/auth/logout',
    summary: 'Revoke the token of this request',
    tag: 'auth',
    requires: [],
    response: emptyResponse,
  }),
};
