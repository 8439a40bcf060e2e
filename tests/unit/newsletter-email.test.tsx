// A post as the newsletter sends it (src/admin/posts/newsletter-email.tsx): the site's markdown
// rules, addresses made absolute, no images, then DOMPurify with the newsletter's allowlist and the
// canonical form the database accepts; a text part that says what the HTML says. Every classic
// payload (tests/backend/fixtures/html-payloads.ts), typed into a post or handed to the sanitiser
// as HTML, comes out with none of it. The database's side: tests/backend/newsletter-html.ts.
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { newsletterEmail, sanitiseEmailHtml } from '@/admin/posts/newsletter-email';
import { emailProblems, PAYLOADS } from '../backend/fixtures/html-payloads';

const ORIGIN = 'https://sinaptika.example';
const { window } = new JSDOM();
const email = (content: string, excerpt: string | null = null) => newsletterEmail({ content, excerpt }, ORIGIN, window);

/** What the database's tokeniser would not take: tags outside the canonical form, text with a raw > or a stray &. */
function notCanonical(html: string): string[] {
  const tokens = html.match(/<[^>]*>?|[^<]+/g) ?? [];
  return tokens.filter((t) =>
    t.startsWith('<')
      ? !/^<\/[a-z][a-z0-9]*>$/.test(t) && !/^<[a-z][a-z0-9]*( [a-z]+="[^"<>]*")*>$/.test(t)
      : t.includes('>') || /&(?!(amp|lt|gt|quot);)/.test(t),
  );
}

describe('the newsletter e-mail of a post', () => {
  it('renders the markdown with absolute links, in the canonical form the database checks', () => {
    const { html } = email(
      '## Заглавие\n\nВижте [проектите](/project/crm "CRM") и [сайта](https://example.com/?a=1&b=2).\n\n| А | Б |\n| :-- | --: |\n| 1 < 2 | 3 |\n\n```\nif (a && b) {}\n```',
    );
    expect(html).toContain('<h2>Заглавие</h2>');
    expect(html).toContain('<a href="https://sinaptika.example/project/crm" title="CRM" style="color:#1d4ed8">проектите</a>');
    expect(html).toContain('<a href="https://example.com/?a=1&amp;b=2" style="color:#1d4ed8">сайта</a>');
    expect(html).toMatch(/<td align="left" style="[^"]+">1 &lt; 2<\/td><td align="right" style="[^"]+">3<\/td>/);
    expect(html).toContain('if (a &amp;&amp; b) {}');
    expect(notCanonical(html)).toEqual([]);
    expect(emailProblems(html, window)).toEqual([]);
  });

  it('carries no image: an image is its alt text, and a tracking pixel is nothing', () => {
    const { html, plain } = email('Екипът:\n\n![Екипът в офиса](/images/team.jpg)\n\nКрай ![](https://tracker.example/pixel.gif?u=1)');
    expect(html).not.toMatch(/<img|<link|tracker\.example|team\.jpg/);
    expect(html).toContain('<p>[Изображение: Екипът в офиса]</p>');
    expect(plain).toBe('Екипът:\n\n[Изображение: Екипът в офиса]\n\nКрай');
  });

  it('drops raw HTML and unsafe addresses, as the site does', () => {
    const { html, plain } = email('Текст <script>alert(1)</script> [връзка](javascript:alert(1)) <img src=x onerror=alert(1)>');
    expect(html).toBe('<p>Текст alert(1) връзка </p>');
    expect(plain).toBe('Текст alert(1) връзка');
  });

  it('falls back to the excerpt for a post without text', () => {
    expect(email('  ', 'Кратко описание').html).toBe('<p>Кратко описание</p>');
  });

  it('says in the text part what the HTML says, with the addresses links lead to', () => {
    expect(
      email('## Новини\n\n**Важно:** вижте [проекта](/project/crm) и ~~старото~~.\n\n- едно\n- [пишете ни](mailto:zdravei@sinaptika.example)\n\n> цитат\n\n![Схема](https://cdn.example/s.png)').plain,
    ).toBe('Новини\n\nВажно: вижте проекта (https://sinaptika.example/project/crm) и ~~старото~~.\n\n- едно\n- пишете ни (zdravei@sinaptika.example)\n\n> цитат\n\n[Изображение: Схема]');
  });

  it.each(PAYLOADS.map((p) => [p.name, p] as const))('keeps none of %s, typed into a post or given as HTML', (_, payload) => {
    const typed = email(`Преди.\n\n${payload.markdown}\n\nСлед.`);
    expect(typed.html).toMatch(/^<p>Преди\.<\/p>[\s\S]*<p>След\.<\/p>$/);
    const given = sanitiseEmailHtml(`<p>Преди.</p>${payload.html}<p>След.</p>`, window);
    // (what an unclosed payload swallows goes with it: <noscript> takes the rest of the HTML)
    expect(given).toMatch(/^<p>Преди\.<\/p>/);
    for (const html of [typed.html, given]) {
      expect(emailProblems(html, window)).toEqual([]);
      expect(notCanonical(html)).toEqual([]);
      expect(html).not.toMatch(/<(script|svg|img|iframe|object|embed|form|input|button|meta|base|style|link|frame|math|noscript|video|details)\b/i);
      expect(html).not.toMatch(/javascript:|vbscript:|data:text|expression\(|url\(/i);
    }
    expect(typed.plain).not.toMatch(/javascript:|vbscript:|data:text|tracker\.example|evil\.example/i);
  });

  it('refuses to run where no DOM can sanitise it, rather than pass the HTML through', () => {
    expect(() => sanitiseEmailHtml('<p>x</p>', {} as unknown as typeof window)).toThrow(/without a DOM/);
  });
});
