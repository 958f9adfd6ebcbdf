import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';

export interface TokenOptions {
  key?: CryptoKey;
  subject?: string;
  issuer?: string;
  audience?: string;
  /** `null` for a token without `exp`. */
  expiresIn?: string | null;
  notBefore?: string;
}

export interface LocalIdentityProvider {
  /** The environment that makes the service trust this provider. */
  env: Record<string, string>;
  /** A key the provider does not publish: tokens signed with it must be refused. */
  strangerKey: CryptoKey;
  token(options?: TokenOptions): Promise<string>;
  close(): Promise<void>;
}

const issuer = 'https://id.example.test/';
const audience = 'agent-api';

/** A local identity provider: a JWKS endpoint on a free port, and tokens signed with its key (or another). */
export async function startLocalIdentityProvider(): Promise<LocalIdentityProvider> {
  const trusted = await generateKeyPair('RS256');
  const strangerKey = (await generateKeyPair('RS256')).privateKey;
  const jwk = { ...(await exportJWK(trusted.publicKey)), kid: 'key-1', alg: 'RS256', use: 'sig' };
  const server: Server = createServer((_request, response) => {
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    env: { AUTH_JWKS_URL: `http://127.0.0.1:${port}/.well-known/jwks.json`, AUTH_ISSUER: issuer, AUTH_AUDIENCE: audience },
    strangerKey,
    token(options = {}) {
      let jwt = new SignJWT({}).setProtectedHeader({ alg: 'RS256', kid: 'key-1' }).setIssuedAt().setIssuer(options.issuer ?? issuer).setAudience(options.audience ?? audience);
      if (options.expiresIn !== null) jwt = jwt.setExpirationTime(options.expiresIn ?? '5m');
      if (options.subject !== '') jwt = jwt.setSubject(options.subject ?? 'user-from-idp');
      if (options.notBefore) jwt = jwt.setNotBefore(options.notBefore);
      return jwt.sign(options.key ?? trusted.privateKey);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
