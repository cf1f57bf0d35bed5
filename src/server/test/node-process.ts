// A Node process a test starts (the server's entry point, an app server of the cluster): what
// it printed kept for assertions and failure messages, waited on for a line, killed and awaited.
import { spawn } from 'node:child_process';

/** The server's real entry point, run from the sources. */
export const SERVER_ENTRY = ['--import', 'tsx', 'src/server/server.ts'];

export type NodeProcess = {
  pid: number;
  running(): boolean;
  /** Everything it printed so far, stdout and stderr interleaved as they came. */
  output(): string;
  /** Resolves once `text` has been printed; rejects if it exits or `timeoutMs` passes first. */
  printed(text: string, timeoutMs: number): Promise<void>;
  /** Its exit code (null when a signal ended it). */
  exited: Promise<number | null>;
  /** Sends `signal` (unless it has ended) and resolves once it has exited. */
  kill(signal: 'SIGKILL' | 'SIGTERM'): Promise<void>;
};

export function startNode(args: string[], env: NodeJS.ProcessEnv): NodeProcess {
  const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const read = (chunk: Buffer) => (output += chunk.toString());
  child.stdout.on('data', read);
  child.stderr.on('data', read);
  // 'close', not 'exit': by then everything it printed has been read.
  const exited = new Promise<number | null>((resolve) => child.once('close', resolve));
  const running = () => child.exitCode === null && child.signalCode === null;
  return {
    pid: child.pid ?? 0,
    running,
    output: () => output,
    exited,
    printed: (text, timeoutMs) =>
      new Promise<void>((resolve, reject) => {
        const check = () => {
          if (output.includes(text)) finish();
        };
        const finish = (err?: Error) => {
          clearTimeout(timer);
          child.stdout.off('data', check);
          child.stderr.off('data', check);
          if (err) reject(err);
          else resolve();
        };
        const rejectLate = () => finish(new Error(`not printed in ${timeoutMs} ms`));
        const timer = setTimeout(() => rejectLate(), timeoutMs);
        child.stdout.on('data', check);
        child.stderr.on('data', check);
        void exited.then(() => (output.includes(text) ? finish() : finish(new Error('it exited'))));
        check();
      }),
    kill: async (signal) => {
      if (running()) child.kill(signal);
      await exited;
    },
  };
}

/** Runs a process to its end: how it exited and what it printed. */
export async function runNode(args: string[], env: NodeJS.ProcessEnv) {
  const started = startNode(args, env);
  const code = await started.exited;
  return { code, output: started.output() };
}
