import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from 'jose';
import type { TokenVerifier, VerifiedToken } from '../../ports/token-verifier.ts';

export interface JwksVerifierSettings {
  jwksUrl: string;
  issuer?: string | undefined;
  audience?: string | undefined;
}

/**
 * Verifies JWTs against a JWKS: signature, exp, nbf, and iss/aud when configured. The subject is the account.
 * `exp` and `sub` are required: a token that never expires would stay valid for as long as its key does.
 */
export class JwksTokenVerifier implements TokenVerifier {
  readonly #keys: JWTVerifyGetKey;
  readonly #settings: JwksVerifierSettings;

  constructor(settings: JwksVerifierSettings) {
    this.#settings = settings;
    this.#keys = createRemoteJWKSet(new URL(settings.jwksUrl), { timeoutDuration: 5000, cooldownDuration: 30_000 });
  }

  async verify(token: string): Promise<VerifiedToken | undefined> {
    try {
      const { payload } = await jwtVerify(token, this.#keys, {
        ...(this.#settings.issuer ? { issuer: this.#settings.issuer } : {}),
        ...(this.#settings.audience ? { audience: this.#settings.audience } : {}),
        clockTolerance: 5,
        requiredClaims: ['exp', 'sub'],
      });
      return typeof payload.sub === 'string' && payload.sub.length > 0 ? { subject: payload.sub } : undefined;
    } catch {
      // Every failure (bad signature, expired, wrong issuer, JWKS unreachable) means the same to the caller: 401.
      return undefined;
    }
  }
}
