// A small in-memory stand-in for the tables and buckets /work-admin uses, answered through MSW in
// PostgREST's and Storage's shapes, so the component tests can assert both what a person sees
// and what was sent.
import { http, HttpResponse } from 'msw';
import type { AdminProject } from '@/admin/work/project-record';
import { rest, server, storage } from './msw';
import { answerRead } from './paged-table';

export interface FakeCategory {
  id: string;
  name: string;
  updated_at: string;
}

/** The version every fake category starts at. */
export const CATEGORY_VERSION = '2026-01-01T00:00:00+00:00';

export function projectRow(overrides: Partial<AdminProject> = {}): AdminProject {
  return {
    id: 'p-1',
    title: 'CRM за брокери',
    category: 'Software Development',
    image: '/demo/project-crm.svg',
    image_alt: 'Табло на CRM системата със сделките',
    meta_title: '',
    meta_description: '',
    share_image: null,
    share_image_alt: '',
    link: 'https://crm.example.com',
    description: 'Сделки, огледи и задачи на едно място.',
    gallery: [],
    slug: 'crm-za-brokeri',
    detailed_description: null,
    technologies: ['React'],
    client: 'Имоти ООД',
    duration: '3 месеца',
    team_size: 4,
    status: 'completed',
    documentation_url: null,
    created_at: '2026-02-09T09:00:00.000Z',
    updated_at: '2026-02-09T09:00:00.000Z',
    ...overrides,
  };
}

const pgError = (status: number, code: string, message: string, hint: string | null = null) =>
  HttpResponse.json({ code, message, details: null, hint }, { status });

/** The database's alt text triggers: a project's image, its share image (when set) and every gallery item need one. */
function lacksAltText(row: Record<string, unknown>): boolean {
  const blank = (value: unknown) => typeof value !== 'string' || !value.trim();
  const gallery = Array.isArray(row.gallery) ? (row.gallery as Record<string, unknown>[]) : [];
  const shareLacks = typeof row.share_image === 'string' && row.share_image.trim() !== '' && blank(row.share_image_alt);
  return blank(row.image_alt) || shareLacks || gallery.some((item) => blank(item.alt));
}
const altMissing = () => pgError(400, '23514', 'Every image needs its alt text', 'image_alt_missing');
const eqValue = (params: URLSearchParams, column: string) => {
  const raw = params.get(column);
  return raw?.startsWith('eq.') ? raw.slice(3) : null;
};

export interface FakeBackend {
  projects: AdminProject[];
  categories: FakeCategory[];
  requests: {
    projectGets: URLSearchParams[];
    inserts: Record<string, unknown>[];
    updates: { id: string | null; body: Record<string, unknown> }[];
    projectDeletes: string[];
    categoryInserts: Record<string, unknown>[];
    categoryDeletes: string[];
    renames: Record<string, unknown>[];
    uploads: { bucket: string; path: string; upsert: string | null }[];
  };
}

/**
 * Installs handlers for projects, project_categories, rpc/rename_project_category and both image
 * buckets. Reads of projects are answered as PostgREST would (paged-table.ts: the columns asked
 * for, filters, search, order, pages and exact counts). Unique slugs, unique category names, the foreign key (ON UPDATE CASCADE, ON DELETE
 * RESTRICT), the alt text trigger and the blank-name refusal of the SQL function are imitated.
 */
export function fakeBackend(initial: { projects?: AdminProject[]; categories?: string[] } = {}): FakeBackend {
  const state: FakeBackend = {
    projects: [...(initial.projects ?? [])],
    categories: (initial.categories ?? ['AI Integration', 'Automation', 'Software Development']).map((name, i) => ({ id: `c-${i + 1}`, name, updated_at: CATEGORY_VERSION })),
    requests: { projectGets: [], inserts: [], updates: [], projectDeletes: [], categoryInserts: [], categoryDeletes: [], renames: [], uploads: [] },
  };
  let nextId = 100;

  server.use(
    http.get(rest('projects'), ({ request }) => {
      state.requests.projectGets.push(new URL(request.url).searchParams);
      return answerRead(state.projects as unknown as Record<string, unknown>[], request);
    }),
    http.head(rest('projects'), ({ request }) => answerRead(state.projects as unknown as Record<string, unknown>[], request)),
    http.post(rest('projects'), async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      state.requests.inserts.push(body);
      if (lacksAltText(body)) return altMissing();
      if (body.slug && state.projects.some((p) => p.slug === body.slug)) {
        return pgError(409, '23505', 'duplicate key value violates unique constraint "projects_slug_key"');
      }
      if (!state.categories.some((c) => c.name === body.category)) {
        return pgError(409, '23503', 'insert or update on table "projects" violates foreign key constraint "projects_category_fkey"');
      }
      const row = projectRow({ ...(body as Partial<AdminProject>), id: `p-${nextId++}`, created_at: new Date().toISOString() });
      state.projects.push(row);
      return HttpResponse.json([{ id: row.id }], { status: 201 });
    }),
    http.patch(rest('projects'), async ({ request }) => {
      const id = eqValue(new URL(request.url).searchParams, 'id');
      const body = (await request.json()) as Record<string, unknown>;
      state.requests.updates.push({ id, body });
      if (body.slug && state.projects.some((p) => p.slug === body.slug && p.id !== id)) {
        return pgError(409, '23505', 'duplicate key value violates unique constraint "projects_slug_key"');
      }
      const row = state.projects.find((p) => p.id === id);
      if (!row) return HttpResponse.json([]);
      if (lacksAltText({ ...row, ...body })) return altMissing();
      Object.assign(row, body);
      return HttpResponse.json([{ id }]);
    }),
    http.delete(rest('projects'), ({ request }) => {
      const id = eqValue(new URL(request.url).searchParams, 'id');
      state.requests.projectDeletes.push(id ?? '');
      const before = state.projects.length;
      state.projects = state.projects.filter((p) => p.id !== id);
      return HttpResponse.json(before === state.projects.length ? [] : [{ id }]);
    }),

    http.get(rest('project_categories'), () => HttpResponse.json([...state.categories].sort((a, b) => a.name.localeCompare(b.name)))),
    http.post(rest('project_categories'), async ({ request }) => {
      const body = (await request.json()) as { name: string };
      state.requests.categoryInserts.push(body);
      if (state.categories.some((c) => c.name === body.name)) {
        return pgError(409, '23505', 'duplicate key value violates unique constraint "project_categories_name_key"');
      }
      const row = { id: `c-${nextId++}`, name: body.name, updated_at: CATEGORY_VERSION };
      state.categories.push(row);
      return HttpResponse.json([{ id: row.id }], { status: 201 });
    }),
    http.delete(rest('project_categories'), ({ request }) => {
      const id = eqValue(new URL(request.url).searchParams, 'id');
      state.requests.categoryDeletes.push(id ?? '');
      const category = state.categories.find((c) => c.id === id);
      if (category && state.projects.some((p) => p.category === category.name)) {
        return pgError(409, '23503', 'update or delete on table "project_categories" violates foreign key constraint "projects_category_fkey" on table "projects"');
      }
      state.categories = state.categories.filter((c) => c.id !== id);
      return HttpResponse.json(category ? [{ id }] : []);
    }),
    http.post(rest('rpc/rename_project_category'), async ({ request }) => {
      const body = (await request.json()) as { category_id: string; new_name: string };
      state.requests.renames.push(body);
      const name = body.new_name.trim();
      if (!name) return pgError(400, '22023', 'Името на категорията не може да бъде празно.');
      const category = state.categories.find((c) => c.id === body.category_id);
      if (!category) return pgError(404, 'P0002', 'Категорията не съществува.');
      if (state.categories.some((c) => c.name === name && c.id !== category.id)) {
        return pgError(409, '23505', 'duplicate key value violates unique constraint "project_categories_name_key"');
      }
      for (const p of state.projects) if (p.category === category.name) p.category = name;
      category.name = name;
      return HttpResponse.json(name);
    }),

    http.get(storage('bucket/:bucket'), ({ params }) =>
      HttpResponse.json({ id: params.bucket, name: params.bucket, public: true, file_size_limit: 10485760, allowed_mime_types: ['image/png', 'image/jpeg'] }),
    ),
    http.post(storage('object/:bucket/*'), ({ request, params }) => {
      const bucket = String(params.bucket);
      const path = new URL(request.url).pathname.replace(`/storage/v1/object/${bucket}/`, '');
      state.requests.uploads.push({ bucket, path, upsert: request.headers.get('x-upsert') });
      return HttpResponse.json({ Id: `obj-${nextId++}`, Key: `${bucket}/${path}` });
    }),
  );
  return state;
}

export const png = (name = 'pic.png', size = 64) => new File([new Uint8Array(size)], name, { type: 'image/png' });
export const publicUrl = (bucket: string, path: string) => `http://supabase.test/storage/v1/object/public/${bucket}/${path}`;
