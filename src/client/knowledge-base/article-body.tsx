/**
 * An article's HTML, made by shared/markdown.ts alone: raw HTML in the Markdown is printed as
 * text and every link and image passed its allowlist there (ADR 078), so it is inserted as is.
 */
export function ArticleBody({ html }: { html: string }) {
  return <div className="article-body min-w-0" dangerouslySetInnerHTML={{ __html: html }} />;
}
