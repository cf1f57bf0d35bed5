import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

export type Child<T> = { info: T; process: ChildProcess; stop(): Promise<void> };

/**
 * Starts a bench helper in its own Node process and waits for its first IPC message.
 * `pipeStdout` keeps the child's stdout (the app's request log) readable on `process.stdout`.
 */
export async function startChild<T>(
  script: string,
  env: Record<string, string> = {},
  firstMessage?: unknown,
  { pipeStdout = false } = {},
): Promise<Child<T>> {
  const child = fork(path.join(here, script), [], {
    // BENCH_CPU_PROF=<dir>: each helper that exits normally leaves a .cpuprofile there.
    execArgv: [
      '--import',
      'tsx',
      // The app server's memory is also read after a full collection (bench huge).
      '--expose-gc',
      ...(process.env.BENCH_CPU_PROF
        ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
        : []),
    ],
    env: { ...process.env, ...env },
    stdio: ['ignore', pipeStdout ? 'pipe' : 'ignore', 'inherit', 'ipc'],
  });
  if (firstMessage !== undefined) child.send(firstMessage as object);
  const info = await new Promise<T>((resolve, reject) => {
    child.once('message', (m) => resolve(m as T));
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
  });
  return {
    info,
    process: child,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
