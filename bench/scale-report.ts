import { LARGE_COMPANY } from '../src/server/seed/large.ts';
import { KEYSTROKE_TARGET_MS, SERVER_TARGET_MS, type ScaleResult } from './scale.ts';

const ms = (n: number) => `${n} ms`;
const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`;
const verdict = (value: number, target: number) => (value < target ? 'yes' : '**no**');

/** The Scale part of `npm run bench` as Markdown tables, targets beside the figures. */
export function printScale(results: readonly ScaleResult[]) {
  const { invoices, projects, tickets, documents } = LARGE_COMPANY;
  console.log(
    `\n## Scale: ${LARGE_COMPANY.name} (${invoices} invoices, ${projects} projects, ${tickets} tickets, ${documents} documents); load average at the start of each pass: ${results.map((r) => r.loadAverage).join(', ')}\n`,
  );
  console.log(
    `| Database | Endpoint | Rows | JSON | Server p50 | Server max | Client p50 | App CPU / request | Target | Met |`,
  );
  console.log('| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |');
  for (const e of results.flatMap((r) => r.endpoints)) {
    console.log(
      `| ${e.database} | ${e.endpoint} | ${e.rows} | ${kb(e.bytes)} | ${ms(e.serverMedianMs)} | ${ms(e.serverMaxMs)} | ${ms(e.clientMedianMs)} | ${ms(e.appCpuMs)} | < ${SERVER_TARGET_MS} ms | ${verdict(e.serverMedianMs, SERVER_TARGET_MS)} |`,
    );
  }
  for (const screen of results.flatMap((r) => (r.screen ? [r.screen] : []))) {
    console.log(`\n### Invoices screen with ${invoices} invoices (Chromium)\n`);
    console.log('| Measure | Figure | Target | Met |');
    console.log('| --- | ---: | ---: | --- |');
    console.log(`| Navigation to rows painted | ${ms(screen.navigationToRowsMs)} | | |`);
    // Issue 5 asks for the first render to be reported; its 50 ms target is the keystroke's.
    console.log(
      `| Invoices received to rows painted (first render) | ${ms(screen.dataToRowsMs)} | | |`,
    );
    console.log(
      `| Search keystroke to next paint, median of ${screen.keystrokes.length} | ${ms(screen.keystrokeMedianMs)} | < ${KEYSTROKE_TARGET_MS} ms | ${verdict(screen.keystrokeMedianMs, KEYSTROKE_TARGET_MS)} |`,
    );
    console.log(`| Search keystroke, slowest | ${ms(screen.keystrokeMaxMs)} | | |`);
  }
}
