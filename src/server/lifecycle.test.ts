import { spawn } from 'node:child_process';
import { describe, expect, it, vi } from 'vitest';

/** The slow-route fixture server, its exit, its port and what it printed so far. */
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
  let out = '';
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const m = /READY (\d+)/.exec(out);
      if (m) resolve(Number(m[1]));
    });
    child.on('exit', () => reject(new Error(`server exited early: ${out}`)));
  });
  return { child, exited, port, output: () => out };
}

describe('graceful shutdown', () => {
  it('first answers /api/ready 503 for SHUTDOWN_DRAIN_SECONDS while serving, then closes', async () => {
    const { child, exited, port } = await startFixture({ DRAIN_MS: '2000' });
    const url = (p: string) => `http://127.0.0.1:${port}${p}`;
    expect((await fetch(url('/api/ready'))).status).toBe(200);
    const signalled = Date.now();
    child.kill('SIGTERM');
    // The signal arrives when it arrives: wait for readiness to turn, not for a set time.
    const ready = await vi.waitFor(
      async () => {
        const res = await fetch(url('/api/ready'));
        expect(res.status).toBe(503);
        return res;
      },
      { timeout: 10_000, interval: 50 },
    );
    expect(await ready.json()).toEqual({ message: 'Shutting down' });
    // Everything else is still served to whoever the load balancer has not moved yet.
    expect((await fetch(url('/api/health'))).status).toBe(200);
    expect(await exited).toBe(0);
    expect(Date.now() - signalled).toBeGreaterThanOrEqual(2000);
  });

  it('lets a slow request finish after SIGTERM, then exits 0', async () => {
    const { child, exited, port, output } = await startFixture();

    const slow = fetch(`http://127.0.0.1:${port}/api/test/slow`);
    // The signal comes once the slow request is being served (the fixture prints when it starts).
    await vi.waitFor(() => expect(output()).toContain('SLOW STARTED'), { timeout: 10_000 });
    child.kill('SIGTERM');

    const res = await slow;
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ finished: true });
    expect(await exited).toBe(0);
    // Once closed, the port takes no new requests.
    await expect(fetch(`http://127.0.0.1:${port}/api/health`)).rejects.toThrow();
  });
});
