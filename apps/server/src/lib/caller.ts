import type { Scope } from './scope.ts';

/** The signed-in user behind a request, as the auth plugin resolved it for this request only. */
export interface Caller {
  userId: string;
  sessionId: string;
  username: string;
  permissions: ReadonlySet<string>;
  scope: Scope;
}
