// An article's HTML and excerpt, kept per server for as long as its text is the same (outside
// attack, 2026-11-29): markdown-it takes about 0.8 s over a 49,000-character body built to be
// slow, and every read of the help center, a search or a suggestion parsed the bodies again.
// Keyed by the body itself, so an edit is a new entry and nothing needs forgetting.
import { markdownExcerpt, renderMarkdown } from '../../../shared/markdown.ts';

/** About 16 MB of UTF-16 strings at most, counting keys and values. */
const MAX_CHARS = 8_000_000;

/** Strings made from strings, the least recently used dropped past `maxChars` in all. */
export class LruByText {
  private readonly entries = new Map<string, string>();
  private chars = 0;

  constructor(private readonly maxChars = MAX_CHARS) {}

  get(key: string, make: () => string): string {
    const kept = this.entries.get(key);
    if (kept !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, kept);
      return kept;
    }
    const value = make();
    this.entries.set(key, value);
    this.chars += key.length + value.length;
    for (const [oldKey, oldValue] of this.entries) {
      if (this.chars <= this.maxChars) break;
      this.entries.delete(oldKey);
      this.chars -= oldKey.length + oldValue.length;
    }
    return value;
  }
}

const html = new LruByText();
const excerpts = new LruByText();

export const articleHtml = (body: string): string => html.get(body, () => renderMarkdown(body));

export const articleExcerpt = (body: string, max?: number): string =>
  excerpts.get(`${max ?? ''}\u0000${body}`, () => markdownExcerpt(body, max));
