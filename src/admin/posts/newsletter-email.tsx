/*
 * A post as the newsletter sends it: its markdown as an HTML fragment for e-mail and as plain text.
 * Loaded only when a test or a send is prepared (newsletter-api.ts), with the sanitiser it brings.
 *
 * Three steps, each of which alone would keep script out of an e-mail:
 * 1. The site's markdown rules (react-markdown, no raw HTML, the site's URL filter), with plain tags
 *    for mail: absolute addresses on the public origin, no pictures (e-mails go without images, so
 *    no tracking pixel either: an image is its alt text, as in the text part).
 * 2. DOMPurify, the browser's own parser underneath, with an allowlist: EMAIL_ELEMENTS, the
 *    attributes href, title, start, align, and links to https, http and mailto only.
 * 3. A serialiser that writes what is left in the one canonical form the database accepts
 *    (private.check_newsletter_content tokenises it and refuses anything else): lower-case tags, each
 *    element only its own attributes in double quotes, text with &amp; &lt; &gt; (and &quot; in
 *    values), no comments, and the only style attributes the ones written here (STYLES).
 * The database wraps the fragment in the newsletter's frame with each recipient's unsubscribe link
 * (private.newsletter_bodies).
 */
import DOMPurify, { type Config, type WindowLike } from 'dompurify';
import { renderToStaticMarkup } from 'react-dom/server';
import ReactMarkdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { publicUrl } from '@/shared/config/addresses';
import { safeUrl } from '@/shared/ui/Markdown';

export interface NewsletterEmail {
  html: string;
  plain: string;
}

/**
 * The elements an e-mail's fragment may hold, each with the attributes it may have besides the
 * style the serialiser gives it. The database holds the same list (check_newsletter_content).
 */
export const EMAIL_ELEMENTS: Readonly<Record<string, readonly string[]>> = {
  p: [],
  br: [],
  hr: [],
  h1: [],
  h2: [],
  h3: [],
  h4: [],
  h5: [],
  h6: [],
  strong: [],
  em: [],
  del: [],
  code: [],
  pre: [],
  blockquote: [],
  ul: [],
  ol: ['start'],
  li: [],
  a: ['href', 'title'],
  table: [],
  thead: [],
  tbody: [],
  tr: [],
  th: ['align'],
  td: ['align'],
  sup: [],
};

/** The schemes a link may have: the web and mail; no javascript:, data:, vbscript:, relative or in-page addresses. */
const LINK = /^(?:https?:\/\/|mailto:)/i;
/** What a browser ignores in a URL's scheme, removed before LINK is tried (as DOMPurify and the database do). */
// eslint-disable-next-line no-control-regex
const URL_SPACE = /[\u0000-\u0020\u00a0\u1680\u180e\u2000-\u2029\u205f\u3000]/g;
/** Control characters, which no e-mail needs (the database refuses them); tab and line ends stay. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;
const VOID = new Set(['br', 'hr']);
const XHTML = 'http://www.w3.org/1999/xhtml';

/**
 * The only style attributes an e-mail has, written here for mail programs that ignore a
 * stylesheet. The database allows a few properties with plain values (no functions such as url()
 * or expression(), no escapes, no comments, nothing negative).
 */
const STYLES: Readonly<Record<string, string>> = {
  a: 'color:#1d4ed8',
  blockquote: 'margin:16px 0;padding:0 0 0 16px;border-left:4px solid #cbd5e1;color:#475569',
  pre: 'background-color:#f1f5f9;padding:12px;border-radius:6px;white-space:pre-wrap',
  code: 'font-family:monospace',
  table: 'border-collapse:collapse;width:100%;margin:16px 0',
  th: 'border:1px solid #e2e8f0;padding:6px 10px;background-color:#f8fafc',
  td: 'border:1px solid #e2e8f0;padding:6px 10px',
};

const PURIFY: Config = {
  ALLOWED_TAGS: Object.keys(EMAIL_ELEMENTS),
  ALLOWED_ATTR: ['href', 'title', 'start', 'align'],
  ALLOWED_URI_REGEXP: /^(?:https?:|mailto:)/i,
  // DOMPurify tries every allowed attribute's value on ALLOWED_URI_REGEXP but these, which hold no address
  ADD_URI_SAFE_ATTR: ['title', 'start', 'align'],
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  ALLOW_UNKNOWN_PROTOCOLS: false,
  KEEP_CONTENT: true,
};

/** An address the e-mail can use: relative ones on the public origin; refused and in-page ones dropped. */
function absolute(url: string, origin: string): string {
  const safe = safeUrl(url);
  if (!safe) return '';
  if (/^(https?:|mailto:)/i.test(safe)) return safe;
  if (/^[a-z][a-z0-9+.-]*:/i.test(safe) || safe.startsWith('#')) return '';
  return publicUrl(safe, origin);
}

const components = (origin: string): Components => ({
  a: ({ href = '', title, children, node }) => {
    // a footnote's way back to its mark means nothing in an e-mail
    if (node?.properties?.dataFootnoteBackref !== undefined) return null;
    const target = absolute(href, origin);
    return target ? (
      <a href={target} title={title}>
        {children}
      </a>
    ) : (
      <>{children}</>
    );
  },
  // e-mails go without images: an image says what it shows, as in the text part
  img: ({ alt }) => (alt ? <>[Изображение: {alt}]</> : null),
  // a task list's boxes as characters (a form field has no place in an e-mail)
  input: ({ checked }) => <>{checked ? '☑' : '☐'}</>,
  th: ({ style, children }) => <th align={style?.textAlign as 'left' | 'center' | 'right' | undefined}>{children}</th>,
  td: ({ style, children }) => <td align={style?.textAlign as 'left' | 'center' | 'right' | undefined}>{children}</td>,
});

const text = (value: string) => value.replace(CONTROL, '').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const quoted = (value: string) => `"${text(value).replace(/"/g, '&quot;')}"`;
const linkable = (href: string | null) => href !== null && LINK.test(href.replace(URL_SPACE, ''));

/** An element's attributes in the canonical form: its own allowed ones, in a fixed order, then its style. */
function attributes(element: Element): string {
  let out = '';
  for (const name of EMAIL_ELEMENTS[element.localName]) {
    const value = element.getAttribute(name);
    if (value === null || value === '') continue;
    if (name === 'start' && !/^[0-9]{1,9}$/.test(value)) continue;
    if (name === 'align' && !/^(left|center|right)$/.test(value)) continue;
    out += ` ${name}=${quoted(value)}`;
  }
  const style = STYLES[element.localName];
  return style ? `${out} style=${quoted(style)}` : out;
}

/** The sanitised tree as the canonical HTML; anything unexpected keeps only its text. */
function serialise(parent: Node): string {
  let html = '';
  for (const node of Array.from(parent.childNodes)) {
    if (node.nodeType === 3) {
      html += text(node.nodeValue ?? '');
    } else if (node.nodeType === 1) {
      const element = node as Element;
      const name = element.localName;
      const inner = VOID.has(name) ? '' : serialise(element);
      const allowed = element.namespaceURI === XHTML && Object.hasOwn(EMAIL_ELEMENTS, name) && (name !== 'a' || linkable(element.getAttribute('href')));
      // a paragraph left empty (it held only what was removed) is not written
      if (name === 'p' && !inner.trim()) continue;
      html += allowed ? `<${name}${attributes(element)}>${VOID.has(name) ? '' : `${inner}</${name}>`}` : inner;
    }
  }
  return html;
}

/** HTML through DOMPurify with the newsletter's allowlist, parsed by `root`'s parser. */
function purified(html: string, root: WindowLike): DocumentFragment {
  const purify = DOMPurify(root);
  // without a DOM DOMPurify would hand the HTML back as it came
  if (!purify.isSupported) throw new Error('The e-mail cannot be sanitised without a DOM');
  return purify.sanitize(html, { ...PURIFY, RETURN_DOM_FRAGMENT: true });
}

/**
 * HTML as an e-mail may hold it: through DOMPurify with the newsletter's allowlist, written in the
 * canonical form the database checks. `root`: the window whose parser reads it (the browser's;
 * jsdom's in tests).
 */
export function sanitiseEmailHtml(html: string, root: WindowLike = window): string {
  return serialise(purified(html, root));
}

/** Containers whose line breaks between their children are only the source's layout. */
const CONTAINERS = new Set(['ul', 'ol', 'li', 'blockquote', 'table', 'thead', 'tbody', 'tr']);

/** The sanitised tree as plain text: what the HTML part says, with each link's address after it. */
function plainText(parent: Node): string {
  let out = '';
  const inContainer = parent.nodeType === 11 || CONTAINERS.has((parent as Element).localName);
  for (const node of Array.from(parent.childNodes)) {
    if (node.nodeType === 3) {
      const value = node.nodeValue ?? '';
      if (!(inContainer && /^\s*$/.test(value))) out += value;
      continue;
    }
    if (node.nodeType !== 1) continue;
    const element = node as Element;
    const inner = () => plainText(element).trim();
    switch (element.localName) {
      case 'br':
        // the source's own line end follows it as a rule
        if (!/^\n/.test(element.nextSibling?.nodeValue ?? '')) out += '\n';
        break;
      case 'del':
        out += `~~${inner()}~~`;
        break;
      case 'hr':
        out += '\n\n---\n\n';
        break;
      case 'pre':
        out += `\n\n${(element.textContent ?? '').replace(/\n$/, '')}\n\n`;
        break;
      case 'sup':
        out += `[${inner()}]`;
        break;
      case 'a': {
        const label = inner();
        const href = element.getAttribute('href') ?? '';
        const shown = href.replace(/^mailto:/i, '');
        out += linkable(href) && shown !== label ? `${label} (${shown})` : label;
        break;
      }
      case 'li': {
        const list = element.parentElement;
        const number = list?.localName === 'ol' ? Number(list.getAttribute('start') ?? 1) + Array.from(list.children).indexOf(element) : 0;
        out += `\n${number ? `${number}.` : '-'} ${inner().replace(/\n+/g, '\n  ')}`;
        break;
      }
      case 'tr':
        out += `\n${Array.from(element.children, (cell) => plainText(cell).trim()).join(' | ')}`;
        break;
      case 'blockquote':
        out += `\n\n${inner()
          .split('\n')
          .map((line) => `> ${line}`.trimEnd())
          .join('\n')}\n\n`;
        break;
      case 'p':
      case 'h1':
      case 'h2':
      case 'h3':
      case 'h4':
      case 'h5':
      case 'h6':
      case 'ul':
      case 'ol':
      case 'table':
        out += `\n\n${inner()}\n\n`;
        break;
      default:
        out += plainText(element);
    }
  }
  return out;
}

/**
 * The post's e-mail; `origin` is the public site's (its links are made absolute), `root` the
 * window whose parser the sanitiser uses. The text part is made from the sanitised HTML, so both
 * parts say the same.
 */
export function newsletterEmail(post: { content: string; excerpt: string | null }, origin: string, root: WindowLike = window): NewsletterEmail {
  const source = post.content.trim() || post.excerpt?.trim() || '';
  const rendered = renderToStaticMarkup(
    <ReactMarkdown
      remarkPlugins={[remarkGfm]}
      remarkRehypeOptions={{ footnoteLabel: 'Бележки' }}
      skipHtml
      urlTransform={safeUrl}
      components={components(origin)}
    >
      {source}
    </ReactMarkdown>,
  );
  const fragment = purified(rendered, root);
  const plain = plainText(fragment)
    .replace(CONTROL, '')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return { html: serialise(fragment), plain };
}
