// The public help center's pages (issue 43, ADR 078). The page is prerendered once like every
// public page (its header, footer and styles), with these tokens where the request's content
// goes; the server fills them from the database for each request, so an article reads without
// JavaScript and a search works as a plain GET form.
import { company } from './company.ts';
import { paths } from './routes.ts';

export const helpTokens = {
  title: '__KB_TITLE__',
  description: '__KB_DESCRIPTION__',
  /** The canonical path: `/help` or `/help/{slug}`. */
  path: '__KB_PATH__',
  content: '__KB_CONTENT__',
} as const;

/** Text for HTML, in an element or a quoted attribute. */
export const escapeHtml = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

const dayFormat = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'medium',
  timeZone: company.businessHours.timeZone,
});
/** An instant as the office's calendar day, e.g. "Nov 29, 2026". */
export const officeDay = (iso: string) => dayFormat.format(new Date(iso));

export type HelpPage = {
  status: number;
  title: string;
  description: string;
  path: string;
  /** The page's main content, already HTML. */
  content: string;
};

export type HelpListItem = { slug: string; title: string; excerpt: string };

const titled = (page: string) => `${page} | ${company.name}`;

function hero(title: string, subtitle: string): string {
  return `<section class="bg-gradient-to-br from-brand-900 to-brand-700 text-white">
  <div class="mx-auto max-w-7xl px-4 py-16 sm:px-6 sm:py-20 lg:px-8">
    <h1 class="max-w-3xl text-4xl font-bold tracking-tight sm:text-5xl">${escapeHtml(title)}</h1>
    <p class="mt-6 max-w-2xl text-lg text-blue-100">${subtitle}</p>
  </div>
</section>`;
}

function searchForm(q: string): string {
  return `<form method="get" action="${paths.help}" role="search" class="flex max-w-xl flex-col gap-2 sm:flex-row sm:items-end">
  <div class="grid flex-1 gap-1.5">
    <label for="help-search" class="text-sm font-medium text-slate-800">Search the help center</label>
    <input id="help-search" name="q" type="search" maxlength="200" value="${escapeHtml(q)}" class="h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-base" />
  </div>
  <button type="submit" class="h-10 rounded-md bg-brand-600 px-4 text-sm font-medium text-white hover:bg-brand-700">Search</button>
</form>`;
}

function articleLinks(items: readonly HelpListItem[]): string {
  return `<ul class="grid gap-4">${items
    .map(
      (item) => `
  <li class="rounded-lg border border-slate-200 p-4">
    <a href="${paths.helpArticle(item.slug)}" class="text-lg font-semibold text-brand-700 underline">${escapeHtml(item.title)}</a>
    <p class="mt-1 text-slate-700">${escapeHtml(item.excerpt)}</p>
  </li>`,
    )
    .join('')}
</ul>`;
}

const band = (inner: string) =>
  `<section class="py-12 sm:py-16"><div class="mx-auto grid max-w-3xl gap-10 px-4 sm:px-6 lg:px-8">${inner}</div></section>`;

const SUBTITLE =
  'Answers to the questions our customers ask most. Signed-in customers find more in the portal.';

/** The help center's front page: the search, then each category's public articles. */
export function helpIndexPage(
  categories: readonly { name: string; articles: HelpListItem[] }[],
): HelpPage {
  const sections = categories.length
    ? categories
        .map(
          (category) =>
            `<div class="grid gap-4"><h2 class="text-2xl font-bold text-slate-900">${escapeHtml(category.name)}</h2>${articleLinks(category.articles)}</div>`,
        )
        .join('')
    : '<p class="text-slate-700">No articles yet.</p>';
  return {
    status: 200,
    title: titled('Help Center'),
    description: `Guides and answers from ${company.name}: accounts, email, devices, networks and billing.`,
    path: paths.help,
    content: hero('Help Center', escapeHtml(SUBTITLE)) + band(searchForm('') + sections),
  };
}

/** The answer to the search form: the matching public articles, best first. */
export function helpSearchPage(q: string, hits: readonly HelpListItem[]): HelpPage {
  const summary = hits.length
    ? `<p class="text-slate-700">${hits.length} ${hits.length === 1 ? 'article matches' : 'articles match'} “${escapeHtml(q)}”.</p>${articleLinks(hits)}`
    : `<p class="text-slate-700">No articles match “${escapeHtml(q)}”. Try other words, or <a href="${paths.contact}" class="text-brand-700 underline">contact us</a>.</p>`;
  return {
    status: 200,
    title: titled(`Search: ${q}`),
    description: `Help center articles matching ${q}.`,
    path: paths.help,
    content:
      hero('Help Center', escapeHtml(SUBTITLE)) +
      band(searchForm(q) + `<div class="grid gap-4">${summary}</div>`),
  };
}

/** One public article: its title, category and day changed, and its rendered text. */
export function helpArticlePage(article: {
  slug: string;
  title: string;
  category: string;
  updatedAt: string;
  html: string;
  description: string;
}): HelpPage {
  const meta = `${escapeHtml(article.category)} · Updated <time datetime="${escapeHtml(article.updatedAt)}">${officeDay(article.updatedAt)}</time>`;
  return {
    status: 200,
    title: titled(article.title),
    description: article.description,
    path: paths.helpArticle(article.slug),
    content:
      hero(article.title, meta) +
      band(
        `<nav aria-label="Breadcrumb" class="text-sm"><a href="${paths.help}" class="text-brand-700 underline">Help Center</a></nav><article class="article-body min-w-0">${article.html}</article>`,
      ),
  };
}

/** An address that is no public article (a draft, another company's, a typo): 404. */
export function helpNotFoundPage(): HelpPage {
  return {
    status: 404,
    title: titled('Article Not Found'),
    description: 'This help center article does not exist.',
    path: paths.help,
    content:
      hero('Article Not Found', 'This article does not exist or is not public.') +
      band(
        `<p><a href="${paths.help}" class="text-brand-700 underline">Back to the Help Center</a></p>`,
      ),
  };
}

/** The prerendered template with the page's values in place of the tokens. */
export function fillHelpPage(template: string, page: HelpPage): string {
  const values: Record<string, string> = {
    [helpTokens.title]: escapeHtml(page.title),
    [helpTokens.description]: escapeHtml(page.description),
    [helpTokens.path]: page.path,
    [helpTokens.content]: page.content,
  };
  // One pass: a token a writer typed into an article is text, never filled in again.
  return template.replace(
    /__KB_(?:TITLE|DESCRIPTION|PATH|CONTENT)__/g,
    (token) => values[token] ?? token,
  );
}
