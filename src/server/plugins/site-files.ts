import { paths, publicRoutes } from '../../shared/routes.ts';

/** A public help center article's address and the day it last changed (`YYYY-MM-DD`). */
export type SitemapArticle = { slug: string; updatedAt: string };

/** sitemap.xml: every public route, the help center and its public articles, under APP_URL. */
export function sitemapXml(appUrl: string, articles: readonly SitemapArticle[] = []): string {
  const entry = (loc: string, priority: string, lastmod?: string) =>
    `  <url>\n    <loc>${appUrl}${loc}</loc>\n${
      lastmod ? `    <lastmod>${lastmod}</lastmod>\n` : ''
    }    <priority>${priority}</priority>\n  </url>`;
  const urls = [
    ...publicRoutes.map((route) =>
      entry(route, route === paths.home ? '1.0' : route.startsWith(paths.services) ? '0.8' : '0.5'),
    ),
    entry(paths.help, '0.6'),
    ...articles.map((article) => entry(paths.helpArticle(article.slug), '0.6', article.updatedAt)),
  ].join('\n');
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
