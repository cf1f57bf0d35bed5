import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';

/** The slow-route fixture server, its exit and its port. */
async function startFixture(env: Record<string, string> = {}) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'src/server/test/fixtures/slow-server.ts'],
    {
      env: { ...process.env, NODE_ENV: 'test', ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const m = /READY (\d+)/.exec(out);
      if (m) resolve(Number(m[1]));
    });
    child.on('exit', () => reject(new Error(`server exited early: ${out}`)));
  });
  return { child, exited, port };
}

describe('graceful shutdown', () => {
  it('first answers /api/ready 503 for SHUTDOWN_DRAIN_SECONDS while serving, then closes', async () => {
    const { child, exited, port } = await startFixture({ DRAIN_MS: '2000' });
    const url = (p: string) => `http://127.0.0.1:${port}${p}`;
    expect((await fetch(url('/api/ready'))).status).toBe(200);
    const signalled = Date.now();
    child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 300));
    const ready = await fetch(url('/api/ready'));
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ message: 'Shutting down' });
    // Everything else is still served to whoever the load balancer has not moved yet.
    expect((await fetch(url('/api/health'))).status).toBe(200);
    expect(await exited).toBe(0);
    expect(Date.now() - signalled).toBeGreaterThanOrEqual(2000);
  });

  it('lets a slow request finish after SIGTERM, then exits 0', async () => {
    const { child, exited, port } = await startFixture();

    const slow = fetch(`http://127.0.0.1:${port}/api/test/slow`);
    await new Promise((r) => setTimeout(r, 300));
    child.kill('SIGTERM');

    const res = await slow;
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ finished: true });
    expect(await exited).toBe(0);
    // Once closed, the port takes no new requests.
    await expect(fetch(`http://127.0.0.1:${port}/api/health`)).rejects.toThrow();
  });
});
