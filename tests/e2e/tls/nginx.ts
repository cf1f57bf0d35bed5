import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { TestCertificates } from './certificates.ts';

export const SITE = path.resolve('deploy', 'nginx', 'meridian.conf');

/** nginx from PATH or Debian's /usr/sbin (not on a non-root PATH); null when not installed. */
export function findNginx(): string | null {
  for (const candidate of ['nginx', '/usr/sbin/nginx']) {
    if (spawnSync(candidate, ['-v'], { stdio: 'ignore' }).status === 0) return candidate;
  }
  return null;
}

/** `apps`: the upstream's servers (one for the TLS test, three for the cluster, ADR 077). */
type SitePorts = { http: number; https: number; apps: number[] };

/**
 * deploy/nginx/meridian.conf as a test runs it: every directive as written, except the
 * listening ports (unprivileged, loopback only), the host name, the certificate files, the
 * ACME folder and the app's port (or ports). Each replacement must find its target, so a change to
 * the site's shape fails here instead of passing untested.
 */
export function siteForTest(site: string, ports: SitePorts, certs: TestCertificates, dir: string) {
  const replacements: Array<[RegExp, string]> = [
    [/^\s*listen \[::\]:\d+.*;\n/gm, ''],
    [/listen 80;/g, `listen 127.0.0.1:${ports.http};`],
    [/listen 443 ssl http2;/g, `listen 127.0.0.1:${ports.https} ssl http2;`],
    [/server_name portal\.example\.com;/g, 'server_name localhost;'],
    [/ssl_certificate \S+;/g, `ssl_certificate ${certs.cert};`],
    [/ssl_certificate_key \S+;/g, `ssl_certificate_key ${certs.key};`],
    [/root \/var\/www\/letsencrypt;/g, `root ${dir};`],
    [
      /server 127\.0\.0\.1:3000;/g,
      ports.apps.map((port) => `server 127.0.0.1:${port};`).join('\n    '),
    ],
  ];
  let text = site;
  for (const [pattern, value] of replacements) {
    if (!pattern.test(text)) throw new Error(`${SITE} no longer has ${pattern}`);
    text = text.replace(pattern, value);
  }
  const directives = text.replace(/#.*$/gm, '');
  if (directives.includes('example.com'))
    throw new Error(`${SITE}: a host name was left unreplaced`);
  return text;
}

/** nginx in the foreground, one process, with its own config, logs and temp folders in `dir`. */
export async function startNginx(
  nginx: string,
  dir: string,
  site: string,
): Promise<{ stop(): Promise<void>; errors(): Promise<string> }> {
  await fs.mkdir(path.join(dir, 'temp'), { recursive: true });
  await fs.writeFile(path.join(dir, 'site.conf'), site);
  const t = (name: string) => path.join(dir, 'temp', name);
  await fs.writeFile(
    path.join(dir, 'nginx.conf'),
    `daemon off;
master_process off;
pid ${path.join(dir, 'nginx.pid')};
error_log ${path.join(dir, 'error.log')} warn;
events { worker_connections 256; }
http {
  include /etc/nginx/mime.types;
  access_log ${path.join(dir, 'access.log')};
  client_body_temp_path ${t('body')};
  proxy_temp_path ${t('proxy')};
  fastcgi_temp_path ${t('fastcgi')};
  uwsgi_temp_path ${t('uwsgi')};
  scgi_temp_path ${t('scgi')};
  include ${path.join(dir, 'site.conf')};
}
`,
  );
  const conf = path.join(dir, 'nginx.conf');
  const check = spawnSync(nginx, ['-t', '-q', '-p', dir, '-c', conf], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`nginx refuses the site:\n${check.stderr}`);
  const child: ChildProcess = spawn(nginx, ['-p', dir, '-c', conf], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (c: Buffer) => (stderr += c.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    stop: async () => {
      child.kill('SIGQUIT');
      await exited;
    },
    errors: async () =>
      stderr + (await fs.readFile(path.join(dir, 'error.log'), 'utf8').catch(() => '')),
  };
}
