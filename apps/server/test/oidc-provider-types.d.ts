/**
 * The few parts of oidc-provider (a dev dependency without type definitions) the test provider uses.
 */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export interface ProviderContext {
    oidc: {
      params?: Record<string, unknown>;
      result?: { consent?: { grantId?: string } };
      session: { accountId?: string; grantIdFor(clientId: string): string | undefined };
      client: { clientId: string };
      provider: Provider;
    };
  }
  export interface Grant {
    addOIDCScope(scope: string): void;
    save(): Promise<string>;
  }
  export class Provider {
    constructor(issuer: string, configuration: Record<string, unknown>);
    Grant: {
      new (init: { clientId: string; accountId?: string }): Grant;
      find(id: string): Promise<Grant | undefined>;
    };
    proxy: boolean;
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    on(event: string, listener: (ctx: ProviderContext, ...rest: unknown[]) => void): this;
  }
  export default Provider;
}
