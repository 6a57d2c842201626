import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK, type JWTPayload } from 'jose';

export interface StubKey {
  readonly kid: string;
  readonly privateKey: CryptoKey;
  readonly publicJwk: JWK;
}

export interface StubIdp {
  readonly issuer: string;
  /** Keys published in the JWKS; replace to rotate. */
  published: StubKey[];
  readonly hits: { discovery: number; jwks: number; attempts: number };
  /** When false, every request answers 503. */
  up: boolean;
  close(): Promise<void>;
}

export async function createStubKey(kid: string): Promise<StubKey> {
  const { privateKey, publicKey } = await generateKeyPair('ES256');
  return { kid, privateKey, publicJwk: { ...(await exportJWK(publicKey)), kid, alg: 'ES256', use: 'sig' } };
}

/** A minimal issuer (discovery + JWKS) whose key set the test controls, for rotation and outage cases. */
export async function startStubIdp(): Promise<StubIdp> {
  const server: Server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}/realms/test`;
  const stub: StubIdp = {
    issuer,
    published: [],
    hits: { discovery: 0, jwks: 0, attempts: 0 },
    up: true,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
  server.on('request', (req, res) => {
    stub.hits.attempts++;
    if (!stub.up) {
      res.writeHead(503).end();
      return;
    }
    res.setHeader('content-type', 'application/json');
    if (req.url === '/realms/test/.well-known/openid-configuration') {
      stub.hits.discovery++;
      res.end(JSON.stringify({ issuer, jwks_uri: `${issuer}/certs`, token_endpoint: `${issuer}/token` }));
    } else if (req.url === '/realms/test/certs') {
      stub.hits.jwks++;
      res.end(JSON.stringify({ keys: stub.published.map((k) => k.publicJwk) }));
    } else {
      res.writeHead(404).end('{}');
    }
  });
  return stub;
}

export function mintToken(
  key: StubKey,
  claims: JWTPayload,
  issuer: string,
  expiresIn: string | number = '5m',
): Promise<string> {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'ES256', kid: key.kid, typ: 'JWT' })
    .setIssuer(issuer)
    .setIssuedAt()
    .setExpirationTime(expiresIn)
    .sign(key.privateKey);
}
