// A project page as scripts/publisher/prerender.mjs bakes it (src/site/entry-server.tsx): its main
// picture, an uploaded photo, is a <picture> of WebP copies that the head preloads with the very
// same sizes. In a file of its own: a server render leaves React context values behind that a
// client render in the same process would trip over (see blog-prerender.test.tsx).
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { site } from '@/shared/config/site';
import { renderPage } from '@/site/entry-server';
import { headHtml } from '../../scripts/publisher/site.mjs';
import { rest, server } from './msw';

const PHOTO = 'https://cdn.test/projects/crm.1200x800.jpg';
const SIZES = '(min-width: 1280px) 733px, (min-width: 1024px) calc(60vw - 35px), calc(100vw - 2rem)';
const COPIES = [240, 480, 720, 1080, 1200].map((w) => `https://cdn.test/projects/crm.1200x800.w${w}.webp ${w}w`).join(', ');

const projectRow = (extra: Record<string, unknown>) => ({
  id: '3f0e4a52-8c1b-4d7e-9a55-0b6c2f7d1e90',
  title: 'CRM за брокери на имоти',
  category: 'Software Development',
  image: PHOTO,
  image_alt: 'Екранът на CRM с картата на София',
  link: 'https://crm-demo.example',
  description: 'Едно място за имоти, клиенти и сделки.',
  gallery: [],
  slug: 'crm-za-brokeri',
  detailed_description: null,
  technologies: [],
  client: null,
  duration: null,
  team_size: null,
  status: 'completed',
  documentation_url: null,
  created_at: '2026-09-01T10:00:00Z',
  updated_at: '2026-09-01T10:00:00Z',
  ...extra,
});

function answer(row: unknown) {
  const selects: string[] = [];
  server.use(
    http.get(rest('projects'), ({ request }) => {
      selects.push(new URL(request.url).searchParams.get('select') ?? '');
      return HttpResponse.json([row]);
    }),
  );
  return selects;
}

describe('prerendered project page', () => {
  it('bakes in the main image with its alt text, preloads it from the head and gives the preview its size', async () => {
    const selects = answer(projectRow({}));
    const page = await renderPage('/project/crm-za-brokeri');
    // the whole row, the alt text with it
    expect(selects[0]).toBe('*');
    expect(page.html).toContain(
      `<picture class="contents"><source type="image/webp" srcSet="${COPIES}" sizes="${SIZES}"/><img src="${PHOTO}" alt="Екранът на CRM с картата на София" width="1200" height="800" fetchPriority="high"`,
    );
    expect(page.head.links).toEqual([{ rel: 'preload', as: 'image', type: 'image/webp', imagesrcset: COPIES, imagesizes: SIZES, fetchpriority: 'high' }]);
    const head = headHtml(page.head);
    expect(head).toContain(`<link rel="preload" as="image" type="image/webp" imagesrcset="${COPIES}" imagesizes="${SIZES}" fetchpriority="high" />`);
    expect(head).toContain(`<meta property="og:image" content="${PHOTO}" />`);
    expect(head).toContain('<meta property="og:image:width" content="1200" />');
    expect(head).toContain('<meta property="og:image:height" content="800" />');
    expect(head).toContain('<meta property="og:image:alt" content="Екранът на CRM с картата на София" />');
  });

  it("with a gallery, preloads the gallery's first picture and ships every picture's alt text to the island", async () => {
    const first = 'https://cdn.test/projects/crm-1.1600x1067.jpg';
    answer(
      projectRow({
        gallery: [
          { id: 'b', title: 'Карта на имотите', description: '', image: '/demo/project-crm-2.svg', order: 1 },
          { id: 'a', title: 'Табло на брокера', alt: 'Табло с три сделки за деня', description: '', image: first, order: 0 },
        ],
      }),
    );
    const page = await renderPage('/project/crm-za-brokeri');
    expect(page.head.links).toEqual([expect.objectContaining({ rel: 'preload', imagesrcset: expect.stringContaining('crm-1.1600x1067.w1600.webp 1600w'), imagesizes: SIZES })]);
    const gallery = page.islands[page.islandList.findIndex((i) => i.name === 'gallery')];
    expect((gallery.props as { items: { alt: string }[] }).items.map((item) => item.alt)).toEqual(['Табло с три сделки за деня', '']);
    expect(page.html).toContain(`<img src="${first}" alt="Табло с три сделки за деня" width="1200" height="800" fetchPriority="high"`);
    // the preview stays the project's own image
    expect(page.head.metas).toContainEqual(['property', 'og:image', PHOTO]);
  });

  it("with the search-and-share fields set, the head speaks them and shows the share image; the page keeps the project's own title", async () => {
    const share = '/demo/share-crm.1200x630.png';
    const selects = answer(
      projectRow({
        meta_title: 'CRM за брокери: един екран за сделките',
        meta_description: 'Как агенция спести 10 часа седмично & спря да губи клиенти.',
        share_image: share,
        share_image_alt: 'Картичка: CRM за брокери',
      }),
    );
    const page = await renderPage('/project/crm-za-brokeri');
    // the whole row, as any Supabase client reads it: no staff id is in it (who saved a project is
    // in project_staff, the admins')
    expect(selects[0]).toBe('*');

    const head = headHtml(page.head);
    expect(head).toContain('<title>CRM за брокери: един екран за сделките</title>');
    expect(head).toContain('<meta property="og:title" content="CRM за брокери: един екран за сделките" />');
    expect(head).toContain('<meta name="twitter:title" content="CRM за брокери: един екран за сделките" />');
    const description = 'Как агенция спести 10 часа седмично &amp; спря да губи клиенти.';
    expect(head).toContain(`<meta name="description" content="${description}" />`);
    expect(head).toContain(`<meta property="og:description" content="${description}" />`);
    // a site-relative share image is made absolute; its name says its size
    expect(head).toContain(`<meta property="og:image" content="${site.url}${share}" />`);
    expect(head).toContain('<meta property="og:image:width" content="1200" />');
    expect(head).toContain('<meta property="og:image:height" content="630" />');
    expect(head).toContain('<meta property="og:image:alt" content="Картичка: CRM за брокери" />');
    expect(head).toContain(`<meta name="twitter:image" content="${site.url}${share}" />`);
    // the main image is still the page's own picture, preloaded
    expect(page.head.links).toEqual([expect.objectContaining({ rel: 'preload', imagesrcset: COPIES })]);

    expect(page.html).toMatch(/<h1 id="project-title"[^>]*>CRM за брокери на имоти<\/h1>/);
    expect(page.html).toContain('Едно място за имоти, клиенти и сделки.');
    expect(page.html).not.toContain('един екран за сделките');
    expect(page.html).not.toContain('10 часа седмично');
  });

  it('with the fields left empty, the head falls back to the title with the brand, the short description and the main image', async () => {
    answer(projectRow({ meta_title: '', meta_description: ' ', share_image: null, share_image_alt: '' }));
    const page = await renderPage('/project/crm-za-brokeri');
    const head = headHtml(page.head);
    expect(head).toContain(`<title>CRM за брокери на имоти | ${site.name}</title>`);
    expect(head).toContain(`<meta property="og:title" content="CRM за брокери на имоти | ${site.name}" />`);
    expect(head).toContain('<meta name="description" content="Едно място за имоти, клиенти и сделки." />');
    expect(head).toContain('<meta property="og:description" content="Едно място за имоти, клиенти и сделки." />');
    expect(head).toContain(`<meta property="og:image" content="${PHOTO}" />`);
    expect(head).toContain('<meta property="og:image:alt" content="Екранът на CRM с картата на София" />');
  });
});
