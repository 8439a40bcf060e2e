// A post page as scripts/publisher/prerender.mjs bakes it (src/site/entry-server.tsx): the post is in the HTML,
// the sidebar's lists about other posts are not (a post's file must not change when
// another post does). That the browser hydrates it without a mismatch and then fills the sidebar
// in is checked in a real browser (e2e/shell.spec.ts, e2e/blog-journeys.spec.ts): after a server
// render in this process React leaves context values behind, so a client render here would not be
// a fair test of hydration.
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { renderPage } from '@/site/entry-server';
import { categoryCounts, postRow } from './blog-fixtures';
import { rest, server, SUPABASE_URL } from './msw';

const POST = postRow(1, { title: 'Публикацията на страницата' });
const RECENT = [2, 3, 4, 5, 6].map((n) => postRow(n, { title: `Друга публикация ${n}` }));

/** Answers the post and the sidebar's two requests; returns the log of database requests. */
function backend() {
  const requests: string[] = [];
  const log = ({ request }: { request: Request }) => {
    if (request.url.startsWith(SUPABASE_URL)) requests.push(`${request.method} ${decodeURIComponent(request.url)}`);
  };
  server.events.on('request:start', log);
  server.use(
    http.get(rest('blog_posts'), ({ request }) =>
      HttpResponse.json(new URL(request.url).searchParams.get('slug') ? [POST] : RECENT),
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
});
