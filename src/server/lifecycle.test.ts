import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';

describe('graceful shutdown', () => {
  it('lets a slow request finish after SIGTERM, then exits 0', async () => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'src/server/test/fixtures/slow-server.ts'],
      {
        env: { ...process.env, NODE_ENV: 'test' },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    const exited = new Promise<number | null>((resolve) =>
      child.on('exit', (code) => resolve(code)),
    );
    const port = await new Promise<number>((resolve, reject) => {
      let out = '';
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const m = /READY (\d+)/.exec(out);
        if (m) resolve(Number(m[1]));
      });
      child.on('exit', () => reject(new Error(`server exited early: ${out}`)));
    });

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
