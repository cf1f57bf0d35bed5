import { company } from '../../../shared/company.ts';
import { siteTokens } from '../../../shared/site-tokens.ts';
import { notFoundMeta, pageMeta } from './page-meta.ts';

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** schema.org Organization, so search engines show the company's contact details. */
function organizationJsonLd(): string {
  const data = {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: company.name,
    url: `${siteTokens.appUrl}/`,
    logo: `${siteTokens.appUrl}/favicon.svg`,
    foundingDate: String(company.foundedYear),
    telephone: company.phone,
    email: company.salesEmail,
    address: {
      '@type': 'PostalAddress',
      streetAddress: company.address.street,
      addressLocality: company.address.city,
      addressRegion: company.address.region,
      postalCode: company.address.postalCode,
      addressCountry: company.address.country,
    },
    contactPoint: [
      { '@type': 'ContactPoint', contactType: 'sales', telephone: company.phone },
      {
        '@type': 'ContactPoint',
        contactType: 'technical support',
        telephone: company.emergencyPhone,
        hoursAvailable: '24/7',
      },
    ],
  };
  // "<" never appears raw, so the JSON cannot close the script element.
  return `<script type="application/ld+json">${JSON.stringify(data).replace(/</g, '\\u003c')}</script>`;
}

/**
 * The `<head>` tags of a prerendered page: title, description, canonical URL, share tags
 * where the spec asks for them, and the organisation's JSON-LD. `path` null means the 404 page.
 */
export function headTags(path: string | null): string {
  const meta = (path && pageMeta(path)) || notFoundMeta;
  const url = path ? `${siteTokens.appUrl}${meta.canonicalPath ?? path}` : null;
  const tags = [
    `<title>${escapeHtml(meta.title)}</title>`,
    `<meta name="description" content="${escapeHtml(meta.description)}" />`,
  ];
  if (url) tags.push(`<link rel="canonical" href="${escapeHtml(url)}" />`);
  else tags.push('<meta name="robots" content="noindex" />');
  if (url && meta.share) {
    const image = `${siteTokens.appUrl}${company.shareImagePath}`;
    tags.push(
      `<meta property="og:type" content="website" />`,
      `<meta property="og:site_name" content="${escapeHtml(company.name)}" />`,
      `<meta property="og:title" content="${escapeHtml(meta.title)}" />`,
      `<meta property="og:description" content="${escapeHtml(meta.description)}" />`,
      `<meta property="og:url" content="${escapeHtml(url)}" />`,
      `<meta property="og:image" content="${escapeHtml(image)}" />`,
      `<meta property="og:image:width" content="1200" />`,
      `<meta property="og:image:height" content="630" />`,
      `<meta name="twitter:card" content="summary_large_image" />`,
      `<meta name="twitter:title" content="${escapeHtml(meta.title)}" />`,
      `<meta name="twitter:description" content="${escapeHtml(meta.description)}" />`,
      `<meta name="twitter:image" content="${escapeHtml(image)}" />`,
    );
  }
  tags.push(organizationJsonLd());
  return tags.join('\n    ');
}
