// One app server of the cluster as a child process: started, killed and started again on the
// same port, its output kept for the failure message. From the build when it is fresh (CI
// builds before the PostgreSQL pass), else from the sources with tsx (ADR 077).
import path from 'node:path';
import { isServerBuildStale } from '../../../../scripts/build-freshness.mjs';
import { packageRoot } from '../../lib/package-root.ts';
import { startNode, type NodeProcess } from '../node-process.ts';

const ENTRY = path.join(import.meta.dirname, 'app-server.ts');
/** A start compiling the sources on two busy cores took 40-70 s; from the build, seconds. */
const START_TIMEOUT_MS = 150_000;

/**
 * How app-server.ts is run and where it loads the server from: the built JavaScript when it
 * is newer than its sources and this Node strips types itself (22.18 and later), else tsx.
 */
export function appServerCommand(): { args: string[]; from: 'build' | 'sources' } {
  const strips = Boolean((process.features as { typescript?: unknown }).typescript);
  if (strips && !isServerBuildStale(packageRoot)) {
    return { args: [ENTRY, path.join(packageRoot, 'dist/node/server'), '.js'], from: 'build' };
  }
  return {
    args: ['--import', 'tsx', ENTRY, path.join(packageRoot, 'src/server'), '.ts'],
    from: 'sources',
  };
}

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
  let child: NodeProcess | null = null;
  /** What the runs before a restart printed. */
  let before = '';
  const app: AppProcess = {
    n,
    port,
    url: `http://127.0.0.1:${port}`,
    dataDir,
    pid: () => child?.pid ?? 0,
    running: () => child?.running() ?? false,
    output: () => before + (child?.output() ?? ''),
    async start() {
      before = app.output();
      child = startNode(appServerCommand().args, { ...env, PORT: String(port), DATA_DIR: dataDir });
      await child.printed(`READY ${port}`, START_TIMEOUT_MS).catch((err: unknown) => {
        throw new Error(`app server ${n} did not start (${String(err)}):\n${app.output()}`);
      });
    },
    async kill(signal) {
      await child?.kill(signal);
    },
  };
  return app;
}
