/**
 * Test certificates made in process (no openssl on the machine needed): a CA, a server certificate for
 * 127.0.0.1/localhost signed by it, and client certificates signed by it or by another CA.
 */
// @peculiar/x509's dependency injection needs the metadata polyfill before it loads.
import 'reflect-metadata';
import { webcrypto } from 'node:crypto';
import * as x509 from '@peculiar/x509';

x509.cryptoProvider.set(webcrypto as unknown as Crypto);

const ALG = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' } as const;
const DAY = 86_400_000;

export interface Pem {
  readonly cert: string;
  readonly key: string;
}

async function keyPem(keys: CryptoKeyPair): Promise<string> {
  const pkcs8 = await webcrypto.subtle.exportKey('pkcs8', keys.privateKey as webcrypto.CryptoKey);
  return x509.PemConverter.encode(pkcs8, 'PRIVATE KEY');
}

const serial = () =>
  Buffer.from(webcrypto.getRandomValues(new Uint8Array(8)))
    .toString('hex')
    .replace(/^./, '1');

export interface TestCa extends Pem {
  /** A certificate signed by this CA: a server's (`subjectAltName` 127.0.0.1, localhost) or a client's. */
  issue(commonName: string, use: 'server' | 'client'): Promise<Pem>;
}

export async function createCa(commonName = 'mapx test CA'): Promise<TestCa> {
  const keys = await webcrypto.subtle.generateKey(ALG, true, ['sign', 'verify']);
  const now = Date.now();
  const caCert = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: serial(),
    name: `CN=${commonName}`,
    notBefore: new Date(now - DAY),
    notAfter: new Date(now + DAY),
    keys: keys as CryptoKeyPair,
    signingAlgorithm: ALG,
    extensions: [
      new x509.BasicConstraintsExtension(true, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
    ],
  });
  const issue = async (cn: string, use: 'server' | 'client'): Promise<Pem> => {
    const leafKeys = await webcrypto.subtle.generateKey(ALG, true, ['sign', 'verify']);
    const extensions: x509.Extension[] = [
      new x509.BasicConstraintsExtension(false, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true),
      new x509.ExtendedKeyUsageExtension([
        use === 'server' ? x509.ExtendedKeyUsage.serverAuth : x509.ExtendedKeyUsage.clientAuth,
      ]),
    ];
    if (use === 'server') {
      extensions.push(
        new x509.SubjectAlternativeNameExtension([
          { type: 'ip', value: '127.0.0.1' },
          { type: 'dns', value: 'localhost' },
        ]),
      );
    }
    const cert = await x509.X509CertificateGenerator.create({
      serialNumber: serial(),
      subject: `CN=${cn}`,
      issuer: caCert.subject,
      notBefore: new Date(now - DAY),
      notAfter: new Date(now + DAY),
      publicKey: leafKeys.publicKey as CryptoKey,
      signingKey: keys.privateKey as CryptoKey,
      signingAlgorithm: ALG,
      extensions,
    });
    return { cert: cert.toString('pem'), key: await keyPem(leafKeys as CryptoKeyPair) };
  };
  return { cert: caCert.toString('pem'), key: await keyPem(keys as CryptoKeyPair), issue };
}
