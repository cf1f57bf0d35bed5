// Zod compiles parsers with `new Function` when it may, and probes that once per page even
// under a CSP without 'unsafe-eval': the refused probe is a reported CSP violation (and a
// Lighthouse best-practices issue). `z.config({ jitless: true })` turns the probe off, but
// importing zod here would move 4 KB of it into the main chunk of every public page; zod
// keeps that config on this global, read when its schemas are built (in lazy chunks, after
// this module runs first in main.tsx). tests/e2e/headers-csp.spec.ts fails if it stops working.
type ZodGlobal = { __zod_globalConfig?: { jitless?: boolean } };

const zodGlobal = globalThis as ZodGlobal;
zodGlobal.__zod_globalConfig = { ...zodGlobal.__zod_globalConfig, jitless: true };
