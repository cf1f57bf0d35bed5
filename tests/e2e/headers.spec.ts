import { scoreHeaders, unsafeCspSources } from '../../src/server/test/hardening/observatory.ts';
import { expect, test } from './fixtures/test.ts';

// The pages and assets a browser actually receives, scored by the Observatory rules,
// with no unsafe CSP source at all (the score alone tolerates 'unsafe-inline' in style-src).
for (const path of ['/', '/services/cybersecurity', '/contact', '/portal/dashboard']) {
  test(`headers of ${path} and its assets score A+`, async ({ page }) => {
    const low: string[] = [];
    page.on('response', (res) => {
      if (!res.url().startsWith(new URL(page.url() || res.url()).origin)) return;
      const { score, findings } = scoreHeaders(res.headers(), { https: false });
      if (score < 100) low.push(`${res.url()}: ${score} ${JSON.stringify(findings)}`);
      const unsafe = unsafeCspSources(res.headers());
      if (unsafe.length > 0) low.push(`${res.url()}: ${unsafe.join(', ')}`);
    });
    await page.goto(path);
    // Signed out, a portal path shows the toast and then moves to the sign-in page:
    // wait for that navigation instead of racing it.
    if (path.startsWith('/portal')) await page.waitForURL(/\/api\/login$/);
    await page.waitForLoadState('networkidle');
    expect(low).toEqual([]);
  });
}
