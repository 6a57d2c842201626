import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';

export interface JwksIdp {
  readonly issuer: string;
  /** A valid access token whose `memberOf` claim carries the roles. */
  sign(roles: readonly string[]): Promise<string>;
  close(): Promise<void>;
}

/** A minimal OIDC issuer on loopback: discovery and a JWKS with one ES256 key, enough to verify bearer tokens. */
export async function startJwksIdp(): Promise<JwksIdp> {
  const { privateKey, publicKey } = await generateKeyPair('ES256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'ES256' };
  let issuer = '';
  const server: Server = createServer((req, res) => {
    res.setHeader('content-type', 'application/json');
    if (req.url === '/.well-known/openid-configuration')
      res.end(JSON.stringify({ issuer, jwks_uri: `${issuer}/jwks` }));
    else res.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    issuer,
    sign: (roles) =>
      new SignJWT({ memberOf: [...roles] })
        .setProtectedHeader({ alg: 'ES256', kid: 'k1' })
        .setIssuer(issuer)
        .setSubject('u')
        .setExpirationTime('5m')
        .sign(privateKey),
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}
