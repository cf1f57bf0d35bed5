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

/**
 * robots.txt: the public site is open to crawlers, the API is not. The signed-in areas are
 * not listed: their signed-out shell answers `X-Robots-Tag: noindex` (plugins/client.ts),
 * which crawlers only see if they may fetch it.
 */
export function robotsTxt(appUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    '',
    `Sitemap: ${appUrl}/sitemap.xml`,
    '',
  ].join('\n');
}
