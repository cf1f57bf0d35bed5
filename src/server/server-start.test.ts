import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { freePort } from './test/free-port.ts';
import { runNode, SERVER_ENTRY, startNode } from './test/node-process.ts';
import { TEMPLATE_DIR, TMP_ROOT } from './test/template.ts';

/** Runs the real entry point and collects what it prints and how it exits. */
const start = (env: Record<string, string>) => runNode(SERVER_ENTRY, { ...process.env, ...env });

describe('start-up with a bad configuration', () => {
  it('stops with a message naming the variable', async () => {
    const { code, output } = await start({ PORT: 'eighty', DATA_DIR: '.tmp/never-created' });
    expect(code).toBe(1);
    expect(output).toContain('Invalid configuration');
    expect(output).toMatch(/PORT must be a port number/);
  });

  it('refuses production without a session secret', async () => {
    const { code, output } = await start({ NODE_ENV: 'production', SESSION_SECRET: '' });
    expect(code).toBe(1);
    expect(output).toMatch(/SESSION_SECRET is required in production/);
  });
});

describe('start-up without SMTP_URL', () => {
  it('prints the sign-in mail with its link and saves it under DATA_DIR/mail', async () => {
    // The README's way in for a newcomer: the seeded address, then the link from the console.
    const dataDir = path.join(TMP_ROOT, 'test-runs', `console-mail-${process.pid}`);
    await fs.rm(dataDir, { recursive: true, force: true });
    await fs.cp(TEMPLATE_DIR, dataDir, { recursive: true });
    const port = await freePort();
    const appUrl = `http://127.0.0.1:${port}`;
    const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1' };
    Object.assign(env, { APP_URL: appUrl, DATA_DIR: dataDir, NODE_ENV: 'development' });
    // Always the embedded database copied from the template, even when CI sets DATABASE_URL.
    delete env.DATABASE_URL;
    delete env.SMTP_URL;
    const server = startNode(SERVER_ENTRY, env);
    const printed = (text: string) => server.printed(text, 100_000);
    try {
      await printed('Site running at');
      const form = await fetch(`${appUrl}/api/login`);
      const csrf = /name="_csrf" value="([^"]*)"/.exec(await form.text())?.[1] ?? '';
      const cookie = form.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');
      const res = await fetch(`${appUrl}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', cookie, origin: appUrl },
        body: new URLSearchParams({ _csrf: csrf, email: 'jordan.lee@acme-logistics.example' }),
      });
      expect(res.status).toBe(200);
      await printed('/api/login/verify?token=');

      const link = new RegExp(`${appUrl}/api/login/verify\\?token=[\\w-]+`).exec(
        server.output(),
      )?.[0];
      expect(link).toBeDefined();
      // The demo's invoice reminders (issue 21) may be written beside it: one sign-in mail.
      const dir = path.join(dataDir, 'mail');
      const emls = await Promise.all(
        (await fs.readdir(dir)).map(async (f) =>
          (await fs.readFile(path.join(dir, f), 'utf8'))
            .replace(/=\r?\n/g, '')
            .replace(/=3D/g, '='),
        ),
      );
      const signIn = emls.filter((eml) => eml.includes('Subject: Your sign-in link'));
      expect(signIn).toHaveLength(1);
      expect(signIn[0]).toContain('jordan.lee@acme-logistics.example');
      expect(signIn[0]).toContain(link);
    } finally {
      await server.kill('SIGTERM');
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });
});
