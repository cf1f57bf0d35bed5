import { Readable } from 'node:stream';

/**
 * `total` bytes made 64 KB at a time as they are read, never whole; the stream fails with
 * "the sender went away" once `failAt` bytes were sent (a cut upload).
 */
export function generatedStream(total: number, failAt = Infinity): Readable {
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= failAt) {
        this.destroy(new Error('the sender went away'));
        return;
      }
      if (sent >= total) {
        this.push(null);
        return;
      }
      const size = Math.min(64 * 1024, total - sent);
      this.push(Buffer.alloc(size, sent % 251));
      sent += size;
    },
  });
}
