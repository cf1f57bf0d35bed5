import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export type TestCertificates = { ca: string; cert: string; key: string };

/**
 * A throw-away certificate authority and a certificate it signed for `localhost` and
 * 127.0.0.1, valid for two days, made with openssl in `dir`. Clients that trust `ca`
 * verify the nginx endpoint like a real one.
 */
export async function makeTestCertificates(dir: string): Promise<TestCertificates> {
  await fs.mkdir(dir, { recursive: true });
  const at = (name: string) => path.join(dir, name);
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
  await run('openssl', [
    'req',
    '-x509',
    ...ec,
    '-keyout',
    at('ca.key'),
    '-out',
    at('ca.pem'),
    '-days',
    '2',
    '-subj',
    '/CN=Meridian TLS test CA',
    '-addext',
    'basicConstraints=critical,CA:TRUE',
    '-addext',
    'keyUsage=critical,keyCertSign,cRLSign',
  ]);
  await run('openssl', [
    'req',
    ...ec,
    '-keyout',
    at('server.key'),
    '-out',
    at('server.csr'),
    '-subj',
    '/CN=localhost',
  ]);
  await fs.writeFile(
    at('server.ext'),
    [
      'basicConstraints=CA:FALSE',
      'keyUsage=critical,digitalSignature',
      'extendedKeyUsage=serverAuth',
      'subjectAltName=DNS:localhost,IP:127.0.0.1',
    ].join('\n'),
  );
  await run('openssl', [
    'x509',
    '-req',
    '-in',
    at('server.csr'),
    '-CA',
    at('ca.pem'),
    '-CAkey',
    at('ca.key'),
    '-CAcreateserial',
    '-out',
    at('server.pem'),
    '-days',
    '2',
    '-extfile',
    at('server.ext'),
  ]);
  return { ca: at('ca.pem'), cert: at('server.pem'), key: at('server.key') };
}
