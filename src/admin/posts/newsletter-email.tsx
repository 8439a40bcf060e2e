/*
 * A post as the newsletter sends it: its markdown as an HTML fragment for e-mail (plain tags,
 * absolute addresses, images at most the message's width, no pictures or source sets, which mail
 * programs ignore) and as plain text. Rendered with the site's markdown rules (react-markdown,
 * no raw HTML, the same URL filter), so nothing an author writes becomes script. The database
 * wraps the fragment in the newsletter's frame with each recipient's unsubscribe link
 * (private.newsletter_bodies) and refuses anything unsafe in it. Loaded when a send is prepared.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import ReactMarkdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { publicUrl } from '@/shared/config/addresses';
import { safeUrl } from '@/shared/ui/Markdown';

export interface NewsletterEmail {
  html: string;
  plain: string;
}

/** An address the e-mail can use: relative ones on the public origin; refused ones dropped. */
function absolute(url: string, origin: string): string {
  const safe = safeUrl(url);
  if (!safe) return '';
  if (/^(https?:|mailto:|tel:)/i.test(safe)) return safe;
  if (safe.startsWith('#')) return '';
  return publicUrl(safe, origin);
}

const components = (origin: string): Components => ({
  a: ({ href = '', children }) => {
    const target = absolute(href, origin);
    return target ? (
      <a href={target} style={{ color: '#1d4ed8' }}>
        {children}
      </a>
    ) : (
      <span>{children}</span>
    );
  },
  img: ({ src, alt }) => {
    const target = typeof src === 'string' ? absolute(src, origin) : '';
    return target ? <img src={target} alt={alt ?? ''} width={552} style={{ maxWidth: '100%', height: 'auto', borderRadius: 8 }} /> : null;
  },
  table: ({ children }) => (
    <table role="presentation" style={{ borderCollapse: 'collapse', width: '100%' }}>
      {children}
    </table>
  ),
});

/** The markdown as plain text: links and images say where they lead. */
export function markdownText(markdown: string, origin: string): string {
  return markdown
    .replace(/\r\n?/g, '\n')
    .replace(/!\[([^\]]*)\]\(([^)\s]+)[^)]*\)/g, (_, alt: string) => (alt ? `[Изображение: ${alt}]` : ''))
    .replace(/\[([^\]]+)\]\(([^)\s]+)[^)]*\)/g, (_, text: string, url: string) => {
      const target = absolute(url, origin);
      return target && target !== text ? `${text} (${target})` : text;
    })
    .replace(/^#{1,6}\s+/gm, '')
    .replace(/(\*\*|__)(.+?)\1/g, '$2')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** The post's e-mail; `origin` is the public site's (its links and images are made absolute). */
export function newsletterEmail(post: { content: string; excerpt: string | null }, origin: string): NewsletterEmail {
  const source = post.content.trim() || post.excerpt?.trim() || '';
  const html = renderToStaticMarkup(
    <ReactMarkdown remarkPlugins={[remarkGfm]} skipHtml urlTransform={safeUrl} components={components(origin)}>
      {source}
    </ReactMarkdown>,
  );
  return { html, plain: markdownText(source, origin) };
}
