import { INVITE_LINK_HOURS, PASSWORD_RESET_LINK_MINUTES } from '@fleetdesk/contracts';
import type { DbOrTx } from '../../db/client.ts';
import { newToken, sha256 } from '../../lib/secrets.ts';
import { insertLink, type PasswordLinkPurpose } from './password-links.repo.ts';

const LIFETIME_MS: Record<PasswordLinkPurpose, number> = {
  reset: PASSWORD_RESET_LINK_MINUTES * 60_000,
  invite: INVITE_LINK_HOURS * 3_600_000,
};

/** The console page each link opens: both set a password, the invitation's words welcome a new user. */
const PAGE: Record<PasswordLinkPurpose, string> = { reset: 'auth/reset-password', invite: 'auth/set-password' };

/**
 * Makes a one-time link for the user (256 random bits; only the SHA-256 is stored) and retires the older ones.
 * Returns the URL to mail: `consoleUrl` is the console's root (config.consoleUrl, ending with its base path).
 */
export async function issuePasswordLink(
  tx: DbOrTx,
  consoleUrl: string,
  userId: string,
  purpose: PasswordLinkPurpose,
): Promise<string> {
  const token = newToken();
  await insertLink(tx, {
    userId,
    purpose,
    tokenHash: sha256(token),
    expiresAt: new Date(Date.now() + LIFETIME_MS[purpose]),
  });
  return `${consoleUrl}${PAGE[purpose]}?${new URLSearchParams({ token })}`;
}
