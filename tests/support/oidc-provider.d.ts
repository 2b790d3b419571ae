/** The part of oidc-provider 8 (which ships no types) that the Google sign-in tests use. */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export type ClaimsResult = Record<string, unknown> & { sub: string };
  export type FoundAccount = { accountId: string; claims(): ClaimsResult | Promise<ClaimsResult> };
  export type Configuration = {
    clients?: Record<string, unknown>[];
    findAccount?(ctx: unknown, sub: string): FoundAccount | undefined | Promise<FoundAccount | undefined>;
    claims?: Record<string, string[]>;
    cookies?: { keys?: string[] };
    features?: Record<string, { enabled: boolean }>;
    pkce?: { required?: () => boolean };
    conformIdTokenClaims?: boolean;
    ttl?: Record<string, number>;
    [option: string]: unknown;
  };

  export default class Provider {
    constructor(issuer: string, configuration?: Configuration);
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
  }
}
