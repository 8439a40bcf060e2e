// A post as the newsletter sends it (src/admin/posts/newsletter-email.tsx): the site's markdown
// rules, addresses made absolute, nothing that could run, and a readable text part.
import { describe, expect, it } from 'vitest';
import { markdownText, newsletterEmail } from '@/admin/posts/newsletter-email';

const ORIGIN = 'https://sinaptika.example';

describe('the newsletter e-mail of a post', () => {
  it('renders the markdown with absolute links and images at most the message’s width', () => {
    const { html } = newsletterEmail(
      { content: '## Заглавие\n\nВижте [проектите](/project/crm) и [сайта](https://example.com).\n\n![Екипът](/images/team.jpg)', excerpt: null },
      ORIGIN,
    );
    expect(html).toContain('<h2>Заглавие</h2>');
    expect(html).toContain('href="https://sinaptika.example/project/crm"');
    expect(html).toContain('href="https://example.com"');
    expect(html).toMatch(/<img src="https:\/\/sinaptika\.example\/images\/team\.jpg" alt="Екипът" width="552" style="max-width:100%;height:auto/);
  });

  it('drops raw HTML and unsafe addresses, as the site does', () => {
    const { html } = newsletterEmail({ content: 'Текст <script>alert(1)</script> [връзка](javascript:alert(1)) <img src=x onerror=alert(1)>', excerpt: null }, ORIGIN);
    expect(html).not.toMatch(/<script|onerror|javascript:/i);
    expect(html).toContain('<span>връзка</span>');
  });

  it('falls back to the excerpt for a post without text', () => {
    expect(newsletterEmail({ content: '  ', excerpt: 'Кратко описание' }, ORIGIN).html).toBe('<p>Кратко описание</p>');
  });

  it('says where links and images lead in the text part', () => {
    expect(markdownText('## Новини\n\n**Важно:** вижте [проекта](/project/crm).\n\n\n\n![Схема](https://cdn.example/s.png)', ORIGIN)).toBe(
      'Новини\n\nВажно: вижте проекта (https://sinaptika.example/project/crm).\n\n[Изображение: Схема]',
    );
  });
});
