import { useMemo } from 'react';
import ReactMarkdown, { defaultUrlTransform, type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { isOwnImage } from '@/shared/config/image-origins';
import { cn } from './cn';
import { Picture } from './picture';

/**
 * The one markdown renderer of the site: the public post page and the admin editor's live
 * preview both use it, so what an author previews is what visitors read.
 *
 * Safe by construction: raw HTML in the source is never rendered (react-markdown drops it unless
 * a raw-HTML plugin is added, and none is), and every link or image URL goes through
 * `safeUrl`, which keeps only http(s), mailto, tel, relative and in-page addresses. A picture
 * from elsewhere than the site and its storage (isOwnImage) is never loaded: it shows as a link to
 * it, so no third party learns who reads the page and the Content-Security-Policy is kept.
 */
export function safeUrl(url: string): string {
  const cleaned = defaultUrlTransform(url.trim());
  if (!cleaned) return '';
  if (/^(https?:|mailto:|tel:)/i.test(cleaned)) return cleaned;
  if (/^[a-z][a-z0-9+.-]*:/i.test(cleaned)) return '';
  return cleaned;
}

const isExternal = (href: string) => /^https?:\/\//i.test(href);

/** The widest a text can be: the site's container (1280 px less its 1 rem padding each side). */
const CONTAINER_SIZES = '(min-width: 1280px) 1248px, calc(100vw - 2rem)';

const componentsFor = (imageSizes: string): Components => ({
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
  // an uploaded photo gets its copies and its size from its name; markdown never says how wide it is
  img: ({ src, alt }) => {
    if (typeof src !== 'string' || !src) return null;
    if (!isOwnImage(src)) {
      return (
        <a href={src} target="_blank" rel="noopener noreferrer nofollow">
          {alt ? `Външно изображение: ${alt}` : 'Външно изображение'}
        </a>
      );
    }
    return <Picture src={src} alt={alt ?? ''} sizes={imageSizes} className="h-auto max-w-full rounded-lg" />;
  },
  table: ({ node: _node, ...rest }) => (
    <div className="overflow-x-auto">
      <table {...rest} />
    </div>
  ),
});

const defaultComponents = componentsFor(CONTAINER_SIZES);

export interface MarkdownProps {
  children: string;
  className?: string;
  /**
   * The `sizes` of the images in the text: the width of the column the text is shown in
   * (default: the whole container, the widest any text is).
   */
  imageSizes?: string;
}

export function Markdown({ children, className, imageSizes }: MarkdownProps) {
  // one set of renderers per distinct width, so react-markdown keeps its components stable
  const components = useMemo(() => (imageSizes ? componentsFor(imageSizes) : defaultComponents), [imageSizes]);
  return (
    <div className={cn('prose-content', className)}>
      <ReactMarkdown remarkPlugins={[remarkGfm]} skipHtml urlTransform={safeUrl} components={components}>
        {children}
      </ReactMarkdown>
    </div>
  );
}
