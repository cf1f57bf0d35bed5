import { describe, expect, it } from 'vitest';
import { isSafeLinkUrl, markdownExcerpt, markdownText, renderMarkdown } from './markdown.ts';

describe('article Markdown (issue 43, ADR 078)', () => {
  it('renders the usual Markdown', () => {
    const html = renderMarkdown('# Title\n\nSome **bold** and `code`.\n\n- one\n- two');
    expect(html).toContain('<h1>Title</h1>');
    expect(html).toContain('<strong>bold</strong>');
    expect(html).toContain('<code>code</code>');
    expect(html).toContain('<li>one</li>');
  });

  it.each([
    '<script>alert(1)</script>',
    '<img src=x onerror=alert(1)>',
    '<iframe src="https://evil.example"></iframe>',
    '<a href="javascript:alert(1)">x</a>',
    '<div style="position:fixed">x</div>',
  ])('prints raw HTML %s as text', (source) => {
    const html = renderMarkdown(source);
    expect(html).not.toMatch(/<(script|img|iframe|a|div)\b/i);
    expect(html).toContain('&lt;');
  });

  it.each([
    '[x](javascript:alert(1))',
    '[x](JaVaScRiPt:alert(1))',
    '[x](  javascript:alert(1))',
    '[x](java&#115;cript:alert(1))',
    '[x](java\\script:alert(1))',
    '[x](vbscript:msgbox(1))',
    '[x](data:text/html;base64,PHNjcmlwdD4=)',
    '[x](file:///etc/passwd)',
    '[x](//evil.example/)',
    '<javascript:alert(1)>',
    '[x]\n\n[x]: javascript:alert(1)',
  ])('never links %s', (source) => {
    const html = renderMarkdown(source);
    // Left as text, or (the backslash, percent-encoded) a harmless path of this site.
    expect(html).not.toMatch(/href="\s*(javascript|vbscript|data|file):/i);
    expect(html).not.toMatch(/href="(\/\/|\\)/);
  });

  it('links the web, mail and this site, telling the browser not to vouch or refer', () => {
    const html = renderMarkdown(
      '[a](https://vendor.example/kb) [b](mailto:help@example.com) [c](/portal/tickets)',
    );
    expect(html).toContain(
      '<a href="https://vendor.example/kb" rel="nofollow noopener noreferrer">a</a>',
    );
    expect(html).toContain('href="mailto:help@example.com"');
    expect(html).toContain('href="/portal/tickets"');
  });

  it('shows images of this site lazily and others, or data URLs, as their description', () => {
    expect(renderMarkdown('![Network diagram](/files/net.png)')).toContain(
      '<img src="/files/net.png" alt="Network diagram" loading="lazy" decoding="async">',
    );
    for (const source of [
      '![tracker](https://evil.example/pixel.png)',
      '![big](data:image/png;base64,iVBORw0KGgo=)',
      '![x](//evil.example/a.png)',
      // This site's addresses that act, not images (outside attack, 2026-11-29).
      '![s](/api/logout)',
      '![s](/api/logout.png)',
      '![s](/API/logout?x.png)',
      '![s](/portal/dashboard)',
      '![s](/files/../api/logout.png)',
      '![s](/%61pi/logout.png)',
    ]) {
      const html = renderMarkdown(source);
      expect(html).not.toContain('<img');
    }
    expect(renderMarkdown('![a <b>](https://evil.example/a.png)')).toContain('a &lt;b&gt;');
  });

  it('allows only http, https, mailto and same-site addresses', () => {
    expect(isSafeLinkUrl('https://a.example')).toBe(true);
    expect(isSafeLinkUrl('#steps')).toBe(true);
    expect(isSafeLinkUrl('tel:+15551234')).toBe(false);
    expect(isSafeLinkUrl('\\\\evil')).toBe(false);
  });

  it('reads the text without Markdown for search and excerpts', () => {
    expect(markdownText('# Reset\n\nOpen **Settings** and [click here](https://a.example).')).toBe(
      'Reset Open Settings and click here.',
    );
    const excerpt = markdownExcerpt('word '.repeat(100), 30);
    expect(excerpt.length).toBeLessThanOrEqual(31);
    expect(excerpt.endsWith('…')).toBe(true);
  });
});
