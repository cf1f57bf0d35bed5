// Waits for a condition outside a test runner (the cluster also starts for a person, without
// vitest's `vi.waitFor`): checks it every 100 ms until it holds or the deadline passes.
export function pollUntil<T>(
  what: string,
  timeoutMs: number,
  check: () => Promise<T | undefined> | T | undefined,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  return new Promise<T>((resolve, reject) => {
    let busy = false;
    const timer = setInterval(() => {
      if (busy) return;
      busy = true;
      void (async () => {
        const value = await Promise.resolve()
          .then(check)
          .catch(() => undefined);
        busy = false;
        if (value !== undefined) {
          clearInterval(timer);
          resolve(value);
        } else if (Date.now() > deadline) {
          clearInterval(timer);
          reject(new Error(`gave up after ${timeoutMs} ms waiting for ${what}`));
        }
      })();
    }, 100);
  });
}
