import { paths, publicRoutes } from '../../shared/routes.ts';

/** sitemap.xml: every public route under the configured base URL. */
export function sitemapXml(appUrl: string): string {
  const urls = publicRoutes
    .map((route) => {
      const priority =
        route === paths.home ? '1.0' : route.startsWith(paths.services) ? '0.8' : '0.5';
      return `  <url>\n    <loc>${appUrl}${route}</loc>\n    <priority>${priority}</priority>\n  </url>`;
    })
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

/** robots.txt: the public site is open to crawlers; the API and signed-in areas are not. */
export function robotsTxt(appUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    'Disallow: /portal',
    'Disallow: /staff',
    '',
    `Sitemap: ${appUrl}/sitemap.xml`,
    '',
  ].join('\n');
}
