import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';

/** Runs the real entry point and collects what it prints and how it exits. */
function start(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/server.ts'], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr.on('data', (c: Buffer) => (output += c.toString()));
  return new Promise<{ code: number | null; output: string }>((resolve) =>
    child.on('exit', (code) => resolve({ code, output })),
  );
}

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
