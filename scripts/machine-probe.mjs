// A fixed amount of single-core work, timed: CI prints it so that step times from different
// machines can be compared (the same suite took 1078 s on one machine and 2257 s on another).
import { createHash } from 'node:crypto';
import os from 'node:os';

const started = performance.now();
const block = Buffer.alloc(64 * 1024 * 1024, 7);
for (let i = 0; i < 8; i++) createHash('sha256').update(block).digest();
const hashing = performance.now() - started;

const loopStart = performance.now();
let x = 0;
for (let i = 0; i < 300_000_000; i++) x = (x + i * 7) % 1_000_003;
const loop = performance.now() - loopStart;

console.log(
  `machine: ${os.cpus()[0]?.model ?? 'unknown CPU'}, ${os.cpus().length} cores; ` +
    `sha256 of 512 MB ${Math.round(hashing)} ms, a 300M-step loop ${Math.round(loop)} ms (${x})`,
);
