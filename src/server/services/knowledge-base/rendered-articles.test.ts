import { describe, expect, it } from 'vitest';
import { renderMarkdown } from '../../../shared/markdown.ts';
import { LruByText, articleExcerpt, articleHtml } from './rendered-articles.ts';

describe('rendered articles', () => {
  it('makes a text once while it is kept, and drops the least recently used past its size', () => {
    const made: string[] = [];
    const cache = new LruByText(12);
    const get = (key: string) =>
      cache.get(key, () => {
        made.push(key);
        return key.toUpperCase();
      });
    expect(get('abc')).toBe('ABC');
    expect(get('abc')).toBe('ABC');
    get('def');
    get('abc'); // used again: "def" is now the oldest
    get('ghi'); // 18 characters in all: "def" goes
    expect(made).toEqual(['abc', 'def', 'ghi']);
    get('abc');
    get('def');
    expect(made).toEqual(['abc', 'def', 'ghi', 'def']);
  });

  it('gives the renderer’s HTML and excerpt, a different body being a different entry', () => {
    expect(articleHtml('**a**')).toBe(renderMarkdown('**a**'));
    expect(articleHtml('**b**')).toBe(renderMarkdown('**b**'));
    expect(articleExcerpt('# Title\n\nSome words here', 10)).toBe('Title Some…');
    expect(articleExcerpt('# Title\n\nSome words here')).toBe('Title Some words here');
  });
});
