// One app server of the cluster as a child process: started, killed and started again on the
// same port, its output kept for the failure message.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const ENTRY = path.join(import.meta.dirname, 'app-server.ts');
// Three servers compile the sources (tsx) at once: on two busy cores that took 40-70 s.
const START_TIMEOUT_MS = 150_000;

export type AppProcess = {
  /** 1, 2 or 3: how the test and the log name it. */
  n: number;
  port: number;
  /** Straight to this server, past nginx. */
  url: string;
  dataDir: string;
  pid(): number;
  running(): boolean;
  start(): Promise<void>;
  /** SIGKILL (a crash: nothing drains) or SIGTERM (a clean stop); resolves once it has exited. */
  kill(signal: 'SIGKILL' | 'SIGTERM'): Promise<void>;
  output(): string;
};

export function appProcess(n: number, port: number, dataDir: string, env: NodeJS.ProcessEnv) {
  let child: ChildProcess | null = null;
  let exited: Promise<void> = Promise.resolve();
  let output = '';
  const app: AppProcess = {
    n,
    port,
    url: `http://127.0.0.1:${port}`,
    dataDir,
    pid: () => child?.pid ?? 0,
    running: () => child !== null && child.exitCode === null && child.signalCode === null,
    output: () => output,
    async start() {
      const started = spawn(process.execPath, ['--import', 'tsx', ENTRY], {
        env: { ...env, PORT: String(port), DATA_DIR: dataDir },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child = started;
      exited = new Promise((resolve) => started.once('exit', () => resolve()));
      const ready = new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no READY in time')), START_TIMEOUT_MS);
        const read = (chunk: Buffer) => {
          output += chunk.toString();
          if (output.includes(`READY ${port}`)) {
            clearTimeout(timer);
            resolve();
          }
        };
        started.stdout.on('data', read);
        started.stderr.on('data', read);
        void exited.then(() => {
          clearTimeout(timer);
          reject(new Error('it exited'));
        });
      });
      await ready.catch((err: unknown) => {
        throw new Error(`app server ${n} did not start (${String(err)}):\n${output}`);
      });
    },
    async kill(signal) {
      if (!app.running()) return;
      child?.kill(signal);
      await exited;
    },
  };
  return app;
}
