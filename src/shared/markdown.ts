// An article's Markdown to HTML (issue 43, ADR 078): the one renderer of the server's pages,
// the API and the editor's preview. Safety is decided on markdown-it's tokens, never by
// cleaning HTML afterwards: raw HTML is not parsed at all (`html: false` prints it as text),
// and every URL a link or image keeps passes the allowlists below.
import MarkdownIt from 'markdown-it';
import type { RendererRule, Token } from 'markdown-it';

/** A link's address: the web, mail, or a path or fragment of this site. */
export function isSafeLinkUrl(url: string): boolean {
  const trimmed = url.trim();
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(trimmed)?.[1]?.toLowerCase();
  if (scheme !== undefined) return scheme === 'http' || scheme === 'https' || scheme === 'mailto';
  // No scheme: a path of this site (`/…`, not the network path `//host`), a fragment, or a
  // relative path, which the browser resolves against this site.
  return !trimmed.startsWith('//') && !trimmed.startsWith('\\');
}

/**
 * An image's address: an image file of this site only. The CSP's `img-src 'self' data:` would
 * block other hosts anyway; refusing them here also refuses tracking pixels, and `data:` (a
 * megabytes-long inline image) is refused too. Only a plain path ending in an image's
 * extension, outside the API: a reader's browser requests it with their cookies, so an
 * address such as `/api/logout` would act for them (outside attack, 2026-11-29).
 */
export const isSafeImageUrl = (url: string): boolean =>
  /^\/(?!api\/)(?:[\w-]+\/)*[\w.-]+\.(?:png|jpe?g|gif|webp|avif|svg)$/i.test(url.trim()) &&
  !url.includes('..');

const md = new MarkdownIt('default', { html: false, linkify: false, typographer: false });
md.validateLink = isSafeLinkUrl;

type Rule = RendererRule;

// A link leaves the site without telling it where from, and says the author is not vouching
// for it (articles quote vendors' pages).
const renderLinkOpen: Rule = (tokens, idx, options, _env, self) => {
  const token = tokens[idx];
  token?.attrSet('rel', 'nofollow noopener noreferrer');
  return self.renderToken(tokens, idx, options);
};
md.renderer.rules.link_open = renderLinkOpen;

const defaultImage = md.renderer.rules.image;
// An image of another host or a data URL is shown as its description; an allowed one loads
// lazily, and the page's CSS bounds its box (`.article-body img`: max-width 100 %, a max
// height), so a huge image neither widens nor lengthens the page.
const renderImage: Rule = (tokens, idx, options, env, self) => {
  const token = tokens[idx];
  if (!token || !defaultImage) return '';
  if (!isSafeImageUrl(String(token.attrGet('src') ?? ''))) {
    return md.utils.escapeHtml(self.renderInlineAsText(token.children ?? [], options, env));
  }
  token.attrSet('loading', 'lazy');
  token.attrSet('decoding', 'async');
  return defaultImage(tokens, idx, options, env, self);
};
md.renderer.rules.image = renderImage;

// Code and tables scroll sideways inside the article (index.css): a keyboard reaches them.
for (const rule of ['fence', 'code_block'] as const) {
  const render = md.renderer.rules[rule];
  if (!render) continue;
  const focusable: Rule = (tokens, idx, options, env, self) =>
    render(tokens, idx, options, env, self).replace(/^<pre>/, '<pre tabindex="0">');
  md.renderer.rules[rule] = focusable;
}
const renderTableOpen: Rule = (tokens, idx, options, _env, self) => {
  tokens[idx]?.attrSet('tabindex', '0');
  return self.renderToken(tokens, idx, options);
};
md.renderer.rules.table_open = renderTableOpen;

/** The article's HTML: safe to insert as is (see the file's header). */
export function renderMarkdown(source: string): string {
  return md.render(source);
}

function collectText(tokens: readonly Token[], out: string[]): void {
  for (const token of tokens) {
    if (token.type === 'text' || token.type === 'code_inline' || token.type === 'code_block') {
      out.push(token.content);
    } else if (token.type === 'fence') {
      out.push(token.content);
    } else if (token.type === 'softbreak' || token.type === 'hardbreak') {
      out.push(' ');
    }
    if (token.children) collectText(token.children, out);
    if (token.block && token.nesting === -1) out.push(' ');
  }
}

/** The article's words without its Markdown: search excerpts and the page's description. */
export function markdownText(source: string): string {
  const out: string[] = [];
  collectText(md.parse(source, {}), out);
  return out.join('').replace(/\s+/g, ' ').trim();
}

/** The first `max` characters of the article's text, cut at a word. */
export function markdownExcerpt(source: string, max = 180): string {
  const text = markdownText(source);
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
