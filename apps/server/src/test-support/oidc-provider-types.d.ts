// oidc-provider v9 ships no type declarations (and @types/oidc-provider describes v8): the
// part of its API that the test fixture (oidc-provider.ts) uses.
declare module "oidc-provider" {
  import type { IncomingMessage, ServerResponse } from "node:http";

  export interface Grant {
    readonly jti: string;
    addOIDCScope(scope: string): void;
    save(): Promise<string>;
  }

  export interface GrantConstructor {
    new (init: { clientId: string; accountId: string }): Grant;
    find(id: string): Promise<Grant | undefined>;
  }

  export interface KoaContextWithOIDC {
    oidc: {
      provider: Provider;
      session?: {
        accountId?: string;
        grantIdFor(clientId: string, value?: string): string | undefined;
      };
      client?: { clientId: string };
      result?: { consent?: { grantId?: string } };
    };
  }

  export interface Account {
    accountId: string;
    claims(): Promise<Record<string, unknown>>;
  }

  export interface Configuration {
    findAccount?: (ctx: KoaContextWithOIDC, sub: string) => Promise<Account | undefined>;
    loadExistingGrant?: (ctx: KoaContextWithOIDC) => Promise<Grant | undefined>;
    interactions?: { url: (ctx: KoaContextWithOIDC, interaction: { uid: string }) => string };
    pkce?: { required: (ctx: KoaContextWithOIDC, client: unknown) => boolean };
    [option: string]: unknown;
  }

  export interface InteractionDetails {
    uid: string;
    prompt: { name: string; details: Record<string, unknown> };
  }

  export default class Provider {
    constructor(issuer: string, configuration?: Configuration);
    readonly Grant: GrantConstructor;
    callback(): (req: IncomingMessage, res: ServerResponse) => Promise<void>;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<InteractionDetails>;
    interactionFinished(
      req: IncomingMessage,
      res: ServerResponse,
      result: Record<string, unknown>,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<void>;
  }
}
