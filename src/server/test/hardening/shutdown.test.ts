import { spawn } from 'node:child_process';
import { describe, expect, it, vi } from 'vitest';

type Outcome = { path: string } & ({ status: number } | { error: string });

describe('SIGTERM under a steady stream of requests', () => {
  it('completes every accepted request, refuses the rest cleanly, and exits 0', async () => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'src/server/test/hardening/fixtures/steady-server.ts'],
      {
        env: { ...process.env, NODE_ENV: 'test' },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let out = '';
    // Called at each slow request the server starts (the fixture prints SLOW STARTED).
    let onSlowStart = () => {};
    let slowStarts = 0;
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const started = out.split('SLOW STARTED').length - 1;
      if (started > slowStarts) {
        slowStarts = started;
        onSlowStart();
      }
    });
    const exited = new Promise<number | null>((resolve) =>
      child.on('exit', (code) => resolve(code)),
    );
    const port = await new Promise<number>((resolve, reject) => {
      child.stdout.on('data', () => {
        const m = /READY (\d+)/.exec(out);
        if (m) resolve(Number(m[1]));
      });
      child.on('exit', () => reject(new Error(`server exited early: ${out}`)));
    });

    const outcomes: Outcome[] = [];
    let stopped = false;
    const loop = async (path: string) => {
      while (!stopped) {
        try {
          const res = await fetch(`http://127.0.0.1:${port}${path}`);
          await res.text();
          outcomes.push({ path, status: res.status });
        } catch (err) {
          const cause = (err as { cause?: { code?: string } }).cause;
          outcomes.push({ path, error: cause?.code ?? String(err) });
          // Refused connections mean the server has stopped listening: this client is done.
          if (cause?.code === 'ECONNREFUSED') return;
        }
      }
    };
    const paths = [
      '/api/health',
      '/api/test/slow',
      '/api/nothing',
      '/api/test/slow',
      '/api/health',
    ];
    const loops = paths.map(loop);
    // The stream is steady once every route has answered (the slow one included)...
    await vi.waitFor(() => expect(new Set(outcomes.map((o) => o.path))).toEqual(new Set(paths)), {
      timeout: 30_000,
      interval: 20,
    });
    // ...and the signal comes while a slow request is being served: it must finish after it.
    await new Promise<void>((resolve) => (onSlowStart = resolve));
    const beforeSignal = outcomes.length;
    child.kill('SIGTERM');
    const code = await exited;
    stopped = true;
    await Promise.all(loops);

    expect(code).toBe(0);
    const served = /SERVED (\d+) (\d+)/.exec(out);
    expect(served, out).not.toBeNull();
    const [, accepted, completed] = served ?? [];
    expect(Number(accepted)).toBeGreaterThan(beforeSignal);
    expect(Number(completed)).toBe(Number(accepted));
    // Every answer the clients saw was a real one: success, the 404 asked for, or 503 while closing.
    const statuses = outcomes.flatMap((o) => ('status' in o ? [o.status] : []));
    expect(statuses.filter((s) => ![200, 404, 503].includes(s))).toEqual([]);
    // Requests in flight at the signal (the slow route) finished with 200 after it.
    expect(statuses.length).toBeGreaterThan(beforeSignal);
    // Failures are connections the server no longer took, never a half-answered request.
    const errors = outcomes.flatMap((o) => ('error' in o ? [o.error] : []));
    expect(
      errors.filter((e) => !['ECONNREFUSED', 'ECONNRESET', 'UND_ERR_SOCKET'].includes(e)),
    ).toEqual([]);
  });
});
