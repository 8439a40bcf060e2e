// A post page as scripts/publisher/prerender.mjs bakes it (src/site/entry-server.tsx): the post is in the HTML,
// the sidebar's lists about other posts are not (a post's file must not change when
// another post does). That the browser hydrates it without a mismatch and then fills the sidebar
// in is checked in a real browser (e2e/shell.spec.ts, e2e/blog-journeys.spec.ts): after a server
// render in this process React leaves context values behind, so a client render here would not be
// a fair test of hydration.
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { site } from '@/shared/config/site';
import { renderPage } from '@/site/entry-server';
import { headHtml } from '../../scripts/publisher/site.mjs';
import { categoryCounts, postRow } from './blog-fixtures';
import { rest, server, SUPABASE_URL } from './msw';

const PHOTO = 'https://cdn.test/storage/v1/object/public/blog/a1b2c-1732000000000.1600x840.jpg';
const POST = postRow(1, {
  title: 'Публикацията на страницата',
  featured_image: PHOTO,
  featured_image_alt: 'Консултант "на живо" & клиент',
  content: `Текст.\n\n![Графика на спестеното време](http://supabase.test/storage/v1/object/public/blog/graph.1200x600.png)`,
});
/** The post's column: the whole container under lg, 2 of 3 columns from lg (819 px from 1280). */
const COLUMN = '(min-width: 1280px) 819px, (min-width: 1024px) calc(66.67vw - 35px), calc(100vw - 2rem)';
const COPIES = [240, 480, 720, 1080, 1600].map((w) => `https://cdn.test/storage/v1/object/public/blog/a1b2c-1732000000000.1600x840.w${w}.webp ${w}w`).join(', ');
const RECENT = [2, 3, 4, 5, 6].map((n) => postRow(n, { title: `Друга публикация ${n}` }));

/** Answers the post (by default POST) and the sidebar's two requests; returns the log of database requests. */
function backend(post: Record<string, unknown> = POST) {
  const requests: string[] = [];
  const log = ({ request }: { request: Request }) => {
    if (request.url.startsWith(SUPABASE_URL)) requests.push(`${request.method} ${decodeURIComponent(request.url)}`);
  };
  server.events.on('request:start', log);
  server.use(
    http.get(rest('blog_posts'), ({ request }) =>
      HttpResponse.json(new URL(request.url).searchParams.get('slug') ? [post] : RECENT),
    ),
    categoryCounts([{ name: 'Категория от другаде', count: 7 }]),
  );
  return requests;
}

afterEach(() => {
  server.events.removeAllListeners();
});

describe('prerendered post page', () => {
  it('bakes in the post only: the sidebar lists are neither fetched nor in the HTML, and no island carries data', async () => {
    const requests = backend();
    const page = await renderPage(`/blog/${POST.slug}`);

    expect(requests).toHaveLength(1);
    expect(requests[0]).toContain(`slug=eq.${POST.slug}`);
    // the post is static HTML: no island reads it, so the page ships no query data at all
    expect(Object.values(page.islands).flatMap((island) => island.state?.queries ?? [])).toEqual([]);
    expect(page.islandList.map((island) => island.name)).toEqual(['header', 'share', 'blog-sidebar', 'newsletter']);
    expect(page.islands[page.islandList.findIndex((i) => i.name === 'share')]?.props).toEqual({
      url: expect.stringContaining(`/blog/${POST.slug}`),
      title: POST.title,
    });
    expect(page.html).toContain('Публикацията на страницата');
    expect(page.html).toContain('Последни публикации');
    for (const other of RECENT) expect(page.html).not.toContain(other.title);
    expect(page.html).not.toContain('Категория от другаде');
    // their loading state instead, in a box that keeps the list's room
    expect(page.html).toMatch(/Последни публикации<\/h2><span role="status" aria-label="Зареждане" class="[^"]*min-h-/);
  });

  it('bakes in the hero as a <picture> of WebP copies, preloaded from the head with the same sizes, and its alt text', async () => {
    const requests = backend();
    const page = await renderPage(`/blog/${POST.slug}`);
    expect(requests[0]).toContain('featured_image_alt');

    const escapedAlt = 'Консултант &quot;на живо&quot; &amp; клиент';
    expect(page.html).toContain(
      `<picture class="contents"><source type="image/webp" srcSet="${COPIES}" sizes="${COLUMN}"/><img src="${PHOTO}" alt="${escapedAlt}" width="1200" height="630" fetchPriority="high" decoding="async"`,
    );
    // React preloads no image of its own for it: the head's preload is the one
    expect(page.html).not.toContain('rel="preload"');
    // the picture in the text: lazy, sized to the same column, its own alt
    expect(page.html).toContain(`srcSet="http://supabase.test/storage/v1/object/public/blog/graph.1200x600.w240.webp 240w, http://supabase.test/storage/v1/object/public/blog/graph.1200x600.w480.webp 480w, http://supabase.test/storage/v1/object/public/blog/graph.1200x600.w720.webp 720w, http://supabase.test/storage/v1/object/public/blog/graph.1200x600.w1080.webp 1080w, http://supabase.test/storage/v1/object/public/blog/graph.1200x600.w1200.webp 1200w" sizes="${COLUMN}"/><img src="http://supabase.test/storage/v1/object/public/blog/graph.1200x600.png" alt="Графика на спестеното време" width="1200" height="600" loading="lazy"`);

    expect(page.head.links).toEqual([
      { rel: 'preload', as: 'image', type: 'image/webp', imagesrcset: COPIES, imagesizes: COLUMN, fetchpriority: 'high' },
    ]);
    const head = headHtml(page.head);
    expect(head).toContain(`<link rel="preload" as="image" type="image/webp" imagesrcset="${COPIES}" imagesizes="${COLUMN}" fetchpriority="high" />`);
    // the preview keeps the stored JPEG, with its size and what it shows
    expect(head).toContain(`<meta property="og:image" content="${PHOTO}" />`);
    expect(head).toContain('<meta property="og:image:width" content="1600" />');
    expect(head).toContain('<meta property="og:image:height" content="840" />');
    expect(head).toContain(`<meta property="og:image:alt" content="${escapedAlt}" />`);
    expect(head).toContain(`<meta name="twitter:image" content="${PHOTO}" />`);
  });

  it("with the search-and-share fields set, the head speaks them and shows the share image; the page keeps the post's own title", async () => {
    const share = 'https://cdn.test/storage/v1/object/public/blog/share-1732000000001.1200x630.jpg';
    const requests = backend({
      ...POST,
      meta_title: 'AI за счетоводители: 5 задачи за автоматизиране',
      meta_description: 'Кои "рутинни" задачи & колко часа спестява AI.',
      share_image: share,
      share_image_alt: 'Картичка с петте задачи',
    });
    const page = await renderPage(`/blog/${POST.slug}`);
    // the four columns by name, nothing more
    expect(requests[0]).toMatch(/select=[^&]*,meta_title,meta_description,share_image,share_image_alt(&|$)/);
    expect(requests[0]).not.toContain('select=*');

    const head = headHtml(page.head);
    // the meta title as the editor wrote it: the brand is not appended
    expect(head).toContain('<title>AI за счетоводители: 5 задачи за автоматизиране</title>');
    expect(head).toContain('<meta property="og:title" content="AI за счетоводители: 5 задачи за автоматизиране" />');
    expect(head).toContain('<meta name="twitter:title" content="AI за счетоводители: 5 задачи за автоматизиране" />');
    const description = 'Кои &quot;рутинни&quot; задачи &amp; колко часа спестява AI.';
    expect(head).toContain(`<meta name="description" content="${description}" />`);
    expect(head).toContain(`<meta property="og:description" content="${description}" />`);
    expect(head).toContain(`<meta name="twitter:description" content="${description}" />`);
    expect(head).toContain(`<meta property="og:image" content="${share}" />`);
    expect(head).toContain('<meta property="og:image:width" content="1200" />');
    expect(head).toContain('<meta property="og:image:height" content="630" />');
    expect(head).toContain('<meta property="og:image:alt" content="Картичка с петте задачи" />');
    expect(head).toContain(`<meta name="twitter:image" content="${share}" />`);
    expect(head).toContain('<meta name="twitter:image:alt" content="Картичка с петте задачи" />');
    expect(head).toContain('<meta name="twitter:card" content="summary_large_image" />');
    expect(head).not.toContain(PHOTO);

    // the page itself: the real title, the hero (still preloaded), no trace of the search texts
    expect(page.html).toMatch(/<h1 id="post-title"[^>]*>Публикацията на страницата<\/h1>/);
    expect(page.html).toContain(`<img src="${PHOTO}"`);
    expect(page.head.links).toEqual([expect.objectContaining({ rel: 'preload', imagesrcset: COPIES })]);
    expect(page.html).not.toContain('AI за счетоводители');
    expect(page.html).not.toContain('рутинни');
    expect(page.html).not.toContain('Картичка с петте задачи');
  });

  it('with the fields left empty, the head falls back to the title with the brand, the excerpt and the main image', async () => {
    backend({ ...POST, meta_title: '  ', meta_description: '', share_image: null, share_image_alt: '' });
    const page = await renderPage(`/blog/${POST.slug}`);
    const head = headHtml(page.head);
    expect(head).toContain(`<title>Публикацията на страницата | ${site.name}</title>`);
    expect(head).toContain(`<meta property="og:title" content="Публикацията на страницата | ${site.name}" />`);
    expect(head).toContain(`<meta name="description" content="${POST.excerpt}" />`);
    expect(head).toContain(`<meta property="og:description" content="${POST.excerpt}" />`);
    expect(head).toContain(`<meta property="og:image" content="${PHOTO}" />`);
    expect(head).toContain('<meta property="og:image:width" content="1600" />');
    expect(head).toContain('<meta property="og:image:alt" content="Консултант &quot;на живо&quot; &amp; клиент" />');
  });
});
