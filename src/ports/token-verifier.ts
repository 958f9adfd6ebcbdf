export interface VerifiedToken {
  subject: string;
}

/** Verifies bearer tokens issued by an external identity provider (JWTs against a JWKS). */
export interface TokenVerifier {
  /** Resolves to the verified subject, or undefined when the token is not valid. */
  verify(token: string): Promise<VerifiedToken | undefined>;
}
