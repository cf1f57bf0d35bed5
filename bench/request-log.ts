import { createInterface } from 'node:readline';

/**
 * Server times per URL, read from the app's one-line request log (pino JSON on stdout).
 * Each time is appended in place: a load test logs over 100,000 lines for one URL, and
 * copying that URL's list per line (as this reader once did) made the bench process, which
 * also runs autocannon, the bottleneck: the app then waited on its full stdout pipe.
 */
export function requestLog(stdout: NodeJS.ReadableStream | null) {
  if (!stdout) throw new Error('the app server was started without a readable stdout');
  const times = new Map<string, number[]>();
  createInterface({ input: stdout }).on('line', (line) => {
    if (!line.startsWith('{')) return;
    const entry = JSON.parse(line) as { msg?: string; url?: string; ms?: number };
    if (entry.msg !== 'request completed' || !entry.url || entry.ms === undefined) return;
    const logged = times.get(entry.url);
    if (logged) logged.push(entry.ms);
    else times.set(entry.url, [entry.ms]);
  });
  /** Waits until `count` server times are logged for `url`; the line may trail the response. */
  const logged = async (url: string, count: number) => {
    for (let waited = 0; ; waited += 10) {
      const list = times.get(url);
      if (list && list.length >= count) return list;
      if (waited > 5000) throw new Error(`no request log for ${url}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };
  return {
    /** The first `count` server times of `url`. */
    first: async (url: string, count: number) => (await logged(url, count)).slice(0, count),
    /** The last `count` server times of `url`. */
    last: async (url: string, count: number) => (await logged(url, count)).slice(-count),
  };
}
