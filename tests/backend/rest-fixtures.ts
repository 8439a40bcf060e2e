// Fixture tables of the REST grammar tests, independent of the product's migrations.
import type { Harness } from './harness.ts';

export const FIXTURE_SQL = `
create table public.t_authors (
  id int primary key,
  name text not null unique,
  email text
);
create table public.t_posts (
  id int primary key,
  title text not null,
  body text,
  author_id int references public.t_authors (id),
  editor_id int references public.t_authors (id),
  views int,
  tags text[] not null default '{}',
  meta jsonb not null default '{}',
  published boolean not null default false,
  rating numeric,
  created_at timestamptz not null default '2024-01-01T00:00:00Z'
);
create table public.t_comments (
  id serial primary key,
  post_id int not null references public.t_posts (id) on delete cascade,
  body text not null
);
create table public.t_profiles (
  author_id int primary key references public.t_authors (id),
  bio text
);
create table public.t_items (
  id serial primary key,
  slug text not null unique check (slug ~ '^[a-z0-9-]+$'),
  qty int not null default 1 check (qty >= 0),
  note text default 'none',
  at date
);
create table public.t_secrets (
  id serial primary key,
  owner text not null default 'nobody',
  secret text not null
);
alter table public.t_secrets enable row level security;
create policy t_secrets_insert on public.t_secrets for insert to anon, authenticated with check (true);
create policy t_secrets_read on public.t_secrets for select to authenticated
  using (owner = coalesce(auth.jwt() ->> 'email', ''));

create function public.t_add(a int, b int default 10) returns int language sql immutable as $$ select a + b $$;
create function public.t_posts_by_author(author int) returns setof public.t_posts
  language sql stable as $$ select * from public.t_posts where author_id = author order by id $$;
create function public.t_author_of(post int) returns public.t_authors
  language sql stable as $$ select a.* from public.t_authors a join public.t_posts p on p.author_id = a.id where p.id = post $$;
create function public.t_numbers(n int) returns setof int language sql immutable as $$ select generate_series(1, n) $$;
create function public.t_fail(msg text) returns void language plpgsql as $$ begin raise exception '%', msg; end $$;
create function public.t_touch(slug text) returns void language sql as $$ insert into public.t_items (slug) values (slug) $$;
create function public.t_whoami() returns text language sql stable as $$ select coalesce(auth.jwt() ->> 'email', auth.role()) $$;
create function public.t_tags(wanted text[]) returns setof public.t_posts
  language sql stable as $$ select * from public.t_posts where tags && wanted order by id $$;

grant all on all tables in schema public to anon, authenticated, service_role;
grant all on all sequences in schema public to anon, authenticated, service_role;
-- new functions are closed to the API roles until granted (migration 20261123000100)
grant execute on function public.t_add(int, int), public.t_posts_by_author(int), public.t_author_of(int),
  public.t_numbers(int), public.t_fail(text), public.t_touch(text), public.t_whoami(), public.t_tags(text[])
  to anon, authenticated, service_role;
`;

export const SEED_SQL = `
insert into public.t_authors (id, name, email) values
  (1, 'Ana', 'ana@example.com'),
  (2, 'Boris', 'boris@example.com'),
  (3, 'Cvetan, Jr.', null);
insert into public.t_profiles (author_id, bio) values (1, 'writes a lot');
insert into public.t_posts (id, title, body, author_id, editor_id, views, tags, meta, published, rating, created_at) values
  (1, 'Hello world', 'first post', 1, 2, 10, '{news,intro}', '{"lang":"bg","score":5}', true, 4.5, '2024-01-01T10:00:00Z'),
  (2, 'Second, with comma', 'more', 1, null, null, '{news}', '{"lang":"en"}', true, null, '2024-01-02T10:00:00Z'),
  (3, 'Draft', null, 2, 1, 3, '{}', '{}', false, 2, '2024-01-03T10:00:00Z'),
  (4, '50% off *sale*', 'promo', 2, null, 99, '{promo,news}', '{"lang":"bg","tags":["a","b"]}', true, 5, '2024-01-04T10:00:00Z'),
  (5, 'O''Reilly "quoted"', 'quotes', null, null, 0, '{intro}', '{}', true, 3.25, '2024-01-05T10:00:00Z');
insert into public.t_comments (post_id, body) values (1, 'nice'), (1, 'great'), (2, 'ok'), (4, 'cheap!');
`;

export async function createFixtures(h: Harness): Promise<void> {
  await h.local.db.asSystem(async (tx) => {
    await tx.exec(FIXTURE_SQL);
    await tx.exec(SEED_SQL);
  });
}

/** A fingerprint of every fixture row, to prove that a refused request changed nothing. */
export async function snapshot(h: Harness): Promise<string> {
  return h.local.db.asSystem(async (tx) => {
    const parts: string[] = [];
    for (const t of ['t_authors', 't_posts', 't_comments', 't_profiles', 't_items', 't_secrets']) {
      const res = await tx.query<{ j: string }>(`select coalesce(json_agg(x order by x::text), '[]')::text as j from public.${t} x`);
      parts.push(`${t}:${res.rows[0].j}`);
    }
    return parts.join('\n');
  });
}
