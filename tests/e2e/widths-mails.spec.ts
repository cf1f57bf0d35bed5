// Issue 36, tests that look: every mail the product sends (scripts/mail-samples.ts, the same
// samples as `npm run mail:preview`) as a phone's mail app shows it, 390 px wide: no sideways
// scroll, nothing cut, no clipped text (fixtures/layout.ts).
import { expect, test } from './fixtures/test.ts';
import { layoutAt } from './fixtures/layout.ts';
import { sampleMails } from '../../scripts/mail-samples.ts';

test('every mail fits a 390 px screen', async ({ page }) => {
  const problems: string[] = [];
  for (const [name, mail] of sampleMails) {
    expect(mail.html, `${name} has an HTML part`).toBeTruthy();
    await page.setContent(mail.html!);
    problems.push(...(await layoutAt(page, 390, name)));
  }
  expect(problems).toEqual([]);
});
