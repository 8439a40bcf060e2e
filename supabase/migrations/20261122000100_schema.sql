-- Tables of the agency site, their constraints and indexes.
-- Row-level security and grants follow in the next migration.

create extension if not exists pgcrypto with schema extensions;

-- updated_at is kept by the database, whatever the client sends.
create or replace function public.set_updated_at() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end;
$$;

-- ---------------------------------------------------------------------------------------------
-- Visitor inquiries and bookings
-- ---------------------------------------------------------------------------------------------
create table public.contact_submissions (
  id uuid primary key default gen_random_uuid(),
  name text not null check (char_length(btrim(name)) >= 2 and char_length(name) <= 200),
  email text not null default '' check (char_length(email) <= 320),
  phone text not null default '' check (char_length(phone) <= 40),
  company text not null check (char_length(btrim(company)) >= 2 and char_length(company) <= 200),
  message text not null check (char_length(btrim(message)) >= 1 and char_length(message) <= 5000),
  purpose text not null check (purpose in ('real_estate', 'hospitality', 'fitness', 'custom')),
  contact_method text not null check (contact_method in ('email', 'phone', 'both')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- the chosen way to reach the visitor must be filled in
  constraint contact_submissions_reachable check (
    (contact_method = 'email' and email <> '')
    or (contact_method = 'phone' and phone <> '')
    or (contact_method = 'both' and email <> '' and phone <> '')
  ),
  constraint contact_submissions_email_format check (email = '' or email ~ '^[^\s@]+@[^\s@]+\.[^\s@]+$')
);
create index contact_submissions_created_at_idx on public.contact_submissions (created_at desc);
create trigger contact_submissions_updated_at before update on public.contact_submissions
  for each row execute function public.set_updated_at();

create table public.appointments (
  id uuid primary key default gen_random_uuid(),
  client_name text not null check (char_length(btrim(client_name)) >= 1 and char_length(client_name) <= 200),
  client_email text not null check (client_email ~ '^[^\s@]+@[^\s@]+\.[^\s@]+$' and char_length(client_email) <= 320),
  client_phone text not null default '' check (char_length(client_phone) <= 40),
  company_name text not null default '' check (char_length(company_name) <= 200),
  preferred_date timestamptz not null,
  message text not null default '' check (char_length(message) <= 5000),
  status text not null default 'pending' check (status in ('pending', 'confirmed', 'cancelled')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
-- one visitor per slot: a second booking of a slot that is pending or confirmed is refused
create unique index appointments_slot_taken_idx on public.appointments (preferred_date)
  where status in ('pending', 'confirmed');
create index appointments_preferred_date_idx on public.appointments (preferred_date);
create index appointments_created_at_idx on public.appointments (created_at desc);
create trigger appointments_updated_at before update on public.appointments
  for each row execute function public.set_updated_at();

-- ---------------------------------------------------------------------------------------------
-- Consultant calendar (one row)
-- ---------------------------------------------------------------------------------------------
create table public.calendar_settings (
  id uuid primary key default gen_random_uuid(),
  consultant_name text not null default 'Консултант' check (char_length(btrim(consultant_name)) >= 1),
  photo_url text,
  working_hours jsonb not null default
    '{"start": "09:00", "end": "17:00", "days": ["monday", "tuesday", "wednesday", "thursday", "friday"]}'::jsonb,
  is_active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint calendar_settings_hours check (
    jsonb_typeof(working_hours) = 'object'
    and (working_hours ->> 'start') ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'
    and (working_hours ->> 'end') ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'
    and (working_hours ->> 'start') < (working_hours ->> 'end')
  )
);
-- at most one row
create unique index calendar_settings_single_row_idx on public.calendar_settings ((true));
create trigger calendar_settings_updated_at before update on public.calendar_settings
  for each row execute function public.set_updated_at();

-- ---------------------------------------------------------------------------------------------
-- Clients shown in the landing carousel
-- ---------------------------------------------------------------------------------------------
create table public.clients (
  id uuid primary key default gen_random_uuid(),
  name text not null check (char_length(btrim(name)) >= 1 and char_length(name) <= 200),
  logo text not null check (char_length(btrim(logo)) >= 1),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index clients_created_at_idx on public.clients (created_at desc);
create trigger clients_updated_at before update on public.clients
  for each row execute function public.set_updated_at();

-- ---------------------------------------------------------------------------------------------
-- Portfolio
-- ---------------------------------------------------------------------------------------------
create table public.project_categories (
  id uuid primary key default gen_random_uuid(),
  name text not null unique check (char_length(btrim(name)) >= 1 and name = btrim(name) and char_length(name) <= 100),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create trigger project_categories_updated_at before update on public.project_categories
  for each row execute function public.set_updated_at();

create table public.projects (
  id uuid primary key default gen_random_uuid(),
  title text not null check (char_length(btrim(title)) >= 1 and char_length(title) <= 300),
  -- the category's name; renaming a category renames it here in the same statement, and a
  -- category that any project uses cannot be deleted
  category text not null references public.project_categories (name) on update cascade on delete restrict,
  image text not null check (char_length(btrim(image)) >= 1),
  link text not null check (link ~* '^https?://[^\s]+$'),
  description text not null default '',
  gallery jsonb not null default '[]'::jsonb check (jsonb_typeof(gallery) = 'array'),
  slug text unique check (slug ~ '^[a-z0-9_]+(-[a-z0-9_]+)*$'),
  detailed_description text,
  technologies text[] not null default '{}',
  client text,
  duration text,
  team_size integer check (team_size is null or team_size between 1 and 1000),
  status text not null default 'in_progress' check (status in ('in_progress', 'active', 'completed')),
  documentation_url text check (documentation_url is null or documentation_url ~* '^https?://[^\s]+$'),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index projects_created_at_idx on public.projects (created_at desc);
create index projects_category_idx on public.projects (category);
create trigger projects_updated_at before update on public.projects
  for each row execute function public.set_updated_at();

-- ---------------------------------------------------------------------------------------------
-- Blog
-- ---------------------------------------------------------------------------------------------
create table public.blog_users (
  id uuid primary key default gen_random_uuid(),
  username text not null unique check (char_length(btrim(username)) >= 1 and char_length(username) <= 100),
  -- a bcrypt hash, set by a trigger from the plain text a client sends; never readable by clients
  password text,
  full_name text,
  email text not null check (email ~ '^[^\s@]+@[^\s@]+\.[^\s@]+$'),
  is_active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index blog_users_email_idx on public.blog_users (lower(email));
create index blog_users_created_at_idx on public.blog_users (created_at desc);
create trigger blog_users_updated_at before update on public.blog_users
  for each row execute function public.set_updated_at();

create table public.blog_posts (
  id uuid primary key default gen_random_uuid(),
  title text not null check (char_length(btrim(title)) >= 1 and char_length(title) <= 300),
  slug text not null unique check (slug ~ '^[a-z0-9_]+(-+[a-z0-9_]+)*$'),
  content text not null default '',
  excerpt text,
  featured_image text,
  category text,
  author text not null check (char_length(btrim(author)) >= 1),
  tags text[] not null default '{}',
  is_published boolean not null default false,
  published_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  created_by uuid references public.blog_users (id) on delete set null,
  constraint blog_posts_published_has_date check (not is_published or published_at is not null)
);
create index blog_posts_published_idx on public.blog_posts (published_at desc) where is_published;
create index blog_posts_created_at_idx on public.blog_posts (created_at desc);
create index blog_posts_category_idx on public.blog_posts (category);
create index blog_posts_created_by_idx on public.blog_posts (created_by);
create trigger blog_posts_updated_at before update on public.blog_posts
  for each row execute function public.set_updated_at();

-- A post that is published without a date gets one now (the app sets it too).
create or replace function public.blog_posts_default_published_at() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.is_published and new.published_at is null then
    new.published_at := now();
  end if;
  return new;
end;
$$;
create trigger blog_posts_published_at before insert or update on public.blog_posts
  for each row execute function public.blog_posts_default_published_at();
