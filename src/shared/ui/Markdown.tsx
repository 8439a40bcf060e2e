import ReactMarkdown, { defaultUrlTransform, type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { cn } from './cn';

/**
 * The one markdown renderer of the site: the public post page and the admin editor's live
 * preview both use it, so what an author previews is what visitors read.
 *
 * Safe by construction: raw HTML in the source is never rendered (react-markdown drops it unless
 * a raw-HTML plugin is added, and none is), and every link or image URL goes through
 * `safeUrl`, which keeps only http(s), mailto, tel, relative and in-page addresses.
 */
export function safeUrl(url: string): string {
  const cleaned = defaultUrlTransform(url.trim());
  if (!cleaned) return '';
  if (/^(https?:|mailto:|tel:)/i.test(cleaned)) return cleaned;
  if (/^[a-z][a-z0-9+.-]*:/i.test(cleaned)) return '';
  return cleaned;
}

const isExternal = (href: string) => /^https?:\/\//i.test(href);

const components: Components = {
  a: ({ href = '', children, node: _node, ...rest }) =>
    href ? (
      <a
        {...rest}
        href={href}
        {...(isExternal(href) ? { target: '_blank', rel: 'noopener noreferrer nofollow' } : {})}
      >
        {children}
      </a>
    ) : (
      <span>{children}</span>
    ),
  img: ({ src, alt, node: _node, ...rest }) =>
    typeof src === 'string' && src ? (
      <img {...rest} src={src} alt={alt ?? ''} loading="lazy" decoding="async" className="h-auto max-w-full rounded-lg" />
    ) : null,
  table: ({ node: _node, ...rest }) => (
    <div className="overflow-x-auto">
      <table {...rest} />
    </div>
  ),
};

export interface MarkdownProps {
  children: string;
  className?: string;
}

export function Markdown({ children, className }: MarkdownProps) {
  return (
    <div className={cn('prose-content', className)}>
      <ReactMarkdown remarkPlugins={[remarkGfm]} skipHtml urlTransform={safeUrl} components={components}>
        {children}
      </ReactMarkdown>
    </div>
  );
}
