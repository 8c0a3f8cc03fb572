import type { LoginBody } from '@fleetdesk/contracts';
import { isEmail } from '../../shared/sign-in-endpoints.ts';

/**
 * What was typed into "Email or username", as the login call's body: an e-mail when it has that shape, so a
 * refusal says "Incorrect email / password"; a username otherwise (staff may have no e-mail). The server
 * matches a username-shaped login against e-mails too, and an e-mail-shaped one against usernames.
 */
export function passwordLogin(login: string, password: string, rememberMe: boolean): LoginBody {
  const typed = login.trim();
  return isEmail(typed) ? { email: typed, password, rememberMe } : { username: typed, password, rememberMe };
}
