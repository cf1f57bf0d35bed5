import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './fixtures/test.ts';
import { e2eBaseUrl } from './ports.ts';

// Expected text is spelled out here, not imported, so a typo in the app fails the test.
const pages: Array<{ path: string; h1: string; title: string; texts: string[] }> = [
  {
    path: '/',
    h1: 'IT services that keep your business running',
    title: 'Meridian IT Services | Business IT Services in Austin, Texas',
    texts: ['Our Core Services', 'Get in Touch', 'Get Started'],
  },
  {
    path: '/services',
    h1: 'Our Services',
    title: 'IT Services | Meridian IT Services',
    texts: ['+5 more features', 'Staging & Integration', 'IT Project Consulting/Design'],
  },
  ...[
    ['hardware-procurement', 'Hardware Procurement'],
    ['staging-integration', 'Staging & Integration'],
    ['on-site-field-services', 'On-Site Field Services'],
    ['maintenance-repair', 'Maintenance & Repair'],
    ['help-desk-services', 'Help Desk Services'],
    ['cloud-solutions', 'Cloud Solutions'],
    ['wireless-mobility-solutions', 'Wireless/Mobility Solutions'],
    ['technical-support', 'Technical Support'],
    ['multi-location-rollouts', 'Multi-Location Rollouts'],
    ['it-project-consulting-design', 'IT Project Consulting/Design'],
    ['cybersecurity', 'Cybersecurity'],
  ].map(([slug, name]) => ({
    path: `/services/${slug}`,
    h1: name!,
    title: `${name} | Meridian IT Services`,
    texts: [
      `Ready to Get Started with ${name}?`,
      'Contact us today for a customized quote tailored to your business requirements.',
      'Key Benefits',
      "What's Included",
    ],
  })),
  {
    path: '/about',
    h1: 'About Meridian IT Services',
    title: 'About Us | Meridian IT Services',
    texts: [
      '250+',
      '15+',
      '24/7',
      '50+',
      'founded in 2009',
      'Excellence',
      'Partnership',
      'Innovation',
    ],
  },
  {
    path: '/contact',
    h1: 'Contact Us',
    title: 'Contact Us | Meridian IT Services',
    texts: [
      '1200 Congress Avenue, Suite 400, Austin, TX 78701',
      '(512) 555-0142',
      '(512) 555-0199',
      'sales@meridian-it.example',
      'support@meridian-it.example',
      'Mon-Fri 8 AM-6 PM',
      '24/7 emergency support',
    ],
  },
  {
    path: '/privacy-policy',
    h1: 'Privacy Policy',
    title: 'Privacy Policy | Meridian IT Services',
    texts: ['Effective date: January 1, 2023', 'Last updated: February 20, 2025'],
  },
  {
    path: '/terms-of-service',
    h1: 'Terms of Service',
    title: 'Terms of Service | Meridian IT Services',
    texts: ['laws of the State of Texas'],
  },
  {
    path: '/system-status',
    h1: 'System Status',
    title: 'System Status | Meridian IT Services',
    texts: ['Coming Soon'],
  },
];

test('there are exactly the 18 public routes of the spec', () => {
  expect(pages).toHaveLength(18);
});

for (const p of pages) {
  test(`${p.path} arrives prerendered, hydrates cleanly and passes axe`, async ({
    page,
    request,
  }) => {
    // What a crawler receives, before any JavaScript runs.
    const res = await request.get(p.path);
    expect(res.status()).toBe(200);
    const html = await res.text();
    expect(html).toContain(`<title>${p.title.replace(/&/g, '&amp;')}</title>`);
    expect(html).toMatch(new RegExp(`<h1[^>]*>${escapeRe(p.h1.replace(/&/g, '&amp;'))}</h1>`));
    expect(html).toContain(`<link rel="canonical" href="${new URL(res.url()).origin}${p.path}"`);
    expect(html).not.toContain('__APP_URL__');

    await page.goto(p.path);
    await expect(page).toHaveTitle(p.title);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(p.h1);
    for (const text of p.texts)
      await expect(page.getByText(text, { exact: false }).first()).toBeVisible();
    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations.filter(
      (v) => v.impact === 'serious' || v.impact === 'critical',
    );
    expect(
      serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    ).toEqual([]);
  });
}

test('an unknown path answers 404 with the spec screen, and passes axe', async ({
  page,
  consoleErrors,
}) => {
  const res = await page.goto('/services/not-a-service');
  expect(res?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('404 Page Not Found');
  await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();
  const results = await new AxeBuilder({ page }).analyze();
  expect(
    results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical'),
  ).toEqual([]);
  // The document itself answered 404; that network line is expected, nothing else.
  consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((e) => !/404/.test(e)));
});

test('the nav highlights the current section, including service pages under Services', async ({
  page,
}) => {
  const nav = page.getByRole('navigation', { name: 'Main' });
  await page.goto('/about');
  await expect(nav.getByRole('link', { name: 'About' })).toHaveAttribute('aria-current', 'page');
  await expect(nav.locator('[aria-current="page"]')).toHaveCount(1);

  await nav.getByRole('link', { name: 'Services' }).click();
  await expect(page).toHaveURL(/\/services$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Our Services');
  await expect(page).toHaveTitle('IT Services | Meridian IT Services');
  await expect(nav.getByRole('link', { name: 'Services' })).toHaveAttribute('aria-current', 'page');

  await page.goto('/services/cybersecurity');
  await expect(nav.getByRole('link', { name: 'Services' })).toHaveAttribute('aria-current', 'page');
  await expect(nav.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current', 'page');

  await nav.getByRole('link', { name: 'Home' }).click();
  await expect(nav.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
});

test('header buttons: Help Center opens our help center (none configured) in a new tab, Portal Login goes to /api/login', async ({
  page,
}) => {
  await page.goto('/');
  const help = page.getByRole('banner').getByRole('link', { name: 'Help Center' });
  await expect(help).toHaveAttribute('href', /^https?:\/\/[^/]+\/help$/);
  await expect(help).toHaveAttribute('target', '_blank');
  await expect(help).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(
    page.getByRole('banner').getByRole('link', { name: 'Portal Login' }),
  ).toHaveAttribute('href', '/api/login');
});

test('the footer links to the spec destinations', async ({ page }) => {
  await page.goto('/privacy-policy');
  const footer = page.getByRole('contentinfo');
  const expected: Array<[string, string | RegExp]> = [
    ['Cybersecurity', '/services/cybersecurity'],
    ['Cloud Solutions', '/services/cloud-solutions'],
    ['Help Desk Services', '/services/help-desk-services'],
    ['On-Site Field Services', '/services/on-site-field-services'],
    ['Customer Portal', '/api/login'],
    ['Help Center', /^https?:\/\/[^/]+\/help$/],
    ['Contact Us', '/contact'],
    ['System Status', '/system-status'],
    ['Privacy Policy', '/privacy-policy'],
    ['Terms of Service', '/terms-of-service'],
  ];
  for (const [name, href] of expected) {
    await expect(footer.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
  }
  await footer.getByRole('link', { name: 'Cloud Solutions' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Cloud Solutions');
});

test('home cards link to the six core services; services cards show 3 features and "+5 more features"', async ({
  page,
}) => {
  await page.goto('/');
  const cards = page.getByRole('region', { name: 'Our Core Services' }).getByRole('link');
  await expect(cards).toHaveText([
    'Cybersecurity',
    'Cloud Solutions',
    'Technical Support',
    'On-Site Field Services',
    'Maintenance & Repair',
    'Help Desk Services',
  ]);
  await expect(cards.first()).toHaveAttribute('href', '/services/cybersecurity');
  await expect(cards.last()).toHaveAttribute('href', '/services/help-desk-services');
  await page.goto('/services');
  await expect(page.getByText('+5 more features')).toHaveCount(11);
  await expect(page.locator('main h2')).toHaveCount(11);
});

test('service pages: breadcrumbs and share tags only on hardware procurement', async ({
  page,
  request,
}) => {
  const hardware = await (await request.get('/services/hardware-procurement')).text();
  expect(hardware).toContain(`<meta property="og:image" content="${e2eBaseUrl}/`);
  expect(hardware).toContain('/og-default.png"');
  expect(hardware).toContain('<meta name="twitter:card" content="summary_large_image"');
  expect(hardware).toContain('"@type":"Organization"');
  const cloud = await (await request.get('/services/cloud-solutions')).text();
  expect(cloud).not.toContain('og:image');

  await page.goto('/services/hardware-procurement');
  const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(crumbs.getByRole('listitem').filter({ hasText: /\w/ })).toHaveText([
    'Home',
    'Services',
    'Hardware Procurement',
  ]);
  expect((await request.get('/og-default.png')).status()).toBe(200);
  await page.goto('/services/cloud-solutions');
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toHaveCount(0);
});

test('sitemap.xml lists the 18 public routes; robots.txt points to it', async ({ request }) => {
  const sitemap = await (await request.get('/sitemap.xml')).text();
  // Then the help center and its public articles (ADR 078).
  const locs = [...sitemap.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1] ?? '');
  expect(locs.filter((loc) => !/\/help(\/|$)/.test(loc))).toHaveLength(18);
  expect(sitemap).toContain('/services/wireless-mobility-solutions</loc>');
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toContain(`Sitemap: ${e2eBaseUrl}/sitemap.xml`);
});

test('Contact Sales goes to the contact page; Call Emergency dials the emergency line', async ({
  page,
}) => {
  await page.goto('/services/technical-support');
  await page.getByRole('link', { name: 'Contact Sales' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contact Us');
  await expect(page.getByRole('link', { name: 'Call Emergency' })).toHaveAttribute(
    'href',
    'tel:+15125550199',
  );
  await page.goto('/');
  await page.getByRole('link', { name: 'Get Started' }).click();
  await expect(page).toHaveURL(/\/contact$/);
});

function escapeRe(s: string) {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
