import fs from 'node:fs';
import https from 'node:https';

export type Answer = {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
};

export type RequestOptions = {
  method?: string;
  headers?: Record<string, string>;
  body?: Buffer | string;
  /** The client's own address: another loopback address than nginx's. */
  localAddress?: string;
};

/**
 * One HTTPS request that verifies the server against `ca` only (no other root is trusted),
 * from a chosen local address, without following redirects.
 */
export function requestWithCa(ca: string) {
  const trusted = fs.readFileSync(ca);
  return (url: string, options: RequestOptions = {}) =>
    new Promise<Answer>((resolve, reject) => {
      const req = https.request(
        url,
        {
          method: options.method ?? 'GET',
          headers: options.headers,
          ca: trusted,
          localAddress: options.localAddress,
          agent: false,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              headers: res.headers,
              body: Buffer.concat(chunks).toString('utf8'),
            }),
          );
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(options.body);
    });
}

/** Name=value pairs of the cookies an answer sets, and each cookie's full line by name. */
export function setCookies(answer: Answer): Map<string, string> {
  const lines = answer.headers['set-cookie'] ?? [];
  return new Map(
    (Array.isArray(lines) ? lines : [lines]).map((line) => [line.split('=')[0] ?? '', line]),
  );
}
