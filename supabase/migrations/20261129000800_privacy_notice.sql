-- The privacy notice (GDPR Art. 13): who the controller is, the processors, and the text an
-- administrator writes, in versions; and the version each inquiry, booking and newsletter consent
-- was sent under (issue 50).
--
--   * public.privacy_settings, one row: the controller's facts (company name, ЕИК, address,
--     e-mail) and the processors ({name, purpose, location} each). Everyone reads them (the public
--     page /poveritelnost prints them); only an administrator at aal2 (private.is_admin()) changes
--     them. The ЕИК is 9 or 13 digits with the BULSTAT check digits (private.valid_eik). This
--     migration leaves the controller empty: it names no company; supabase/seed.sql fills the
--     demo's. Changes are in the audit log (settings.changed, the fields' names).
--   * public.privacy_notices: the notice's text (markdown), one row per version, 1, 2, … numbered
--     by the database. Insert-only: nobody has an UPDATE or DELETE grant, and a trigger refuses
--     both (and TRUNCATE) for everyone, the owner included. Only an administrator inserts, and only
--     while the controller's name, ЕИК, address and e-mail are filled, a text that is not empty and
--     not the current version's. Everyone reads them. A new version is in the audit log
--     (privacy.published) and its author in public.privacy_notice_staff, which only admins read
--     (no staff id in a table visitors read: 20261128001900_staff_ids_private.sql).
--   * privacy_version on contact_submissions, appointments and newsletter_consents: the version
--     the form was sent under. The public forms may send the version their page showed (a column
--     grant); a BEFORE INSERT trigger fills the current one when none is sent and refuses one that
--     does not exist (22023, privacy_version_unknown). Null only while no version is published.
--   * The content webhook: a change of either table re-renders /poveritelnost
--     (scripts/publisher/targets.mjs), and the webhook's payload leaves the notice's body out.

-- ---------------------------------------------------------------------------------------------
-- The ЕИК (BULSTAT): 9 digits, or 13 for a branch, each with its check digit
-- ---------------------------------------------------------------------------------------------
create function private.valid_eik(value text) returns boolean
language plpgsql immutable set search_path = ''
as $$
declare
  d integer[];
  s integer := 0;
  r integer;
begin
  if value is null or value !~ '^([0-9]{9}|[0-9]{13})$' then
    return false;
  end if;
  d := array(select substr(value, k, 1)::integer from generate_series(1, char_length(value)) k);
  -- the ninth digit: weights 1…8, else 3…10, a remainder of 10 counting as 0
  for i in 1..8 loop
    s := s + d[i] * i;
  end loop;
  r := s % 11;
  if r = 10 then
    s := 0;
    for i in 1..8 loop
      s := s + d[i] * (i + 2);
    end loop;
    r := s % 11 % 10;
  end if;
  if r <> d[9] then
    return false;
  end if;
  if char_length(value) = 9 then
    return true;
  end if;
  -- a branch's thirteenth: digits 9…12 weighted 2, 7, 3, 5, else 4, 9, 5, 7
  r := (2 * d[9] + 7 * d[10] + 3 * d[11] + 5 * d[12]) % 11;
  if r = 10 then
    r := (4 * d[9] + 9 * d[10] + 5 * d[11] + 7 * d[12]) % 11 % 10;
  end if;
  return r = d[13];
end
$$;
comment on function private.valid_eik(text) is
  'Whether a text is a valid ЕИК (BULSTAT): 9 digits, or 13 for a branch, with their check digits (the Registry Agency''s algorithm).';

-- ---------------------------------------------------------------------------------------------
-- The controller and the processors
-- ---------------------------------------------------------------------------------------------
create table public.privacy_settings (
  id boolean primary key default true constraint privacy_settings_single_row check (id),
  controller_name text not null default '',
  controller_eik text not null default '',
  controller_address text not null default '',
  controller_email text not null default '',
  processors jsonb not null default '[]' constraint privacy_settings_processors_array check (jsonb_typeof(processors) = 'array'),
  updated_at timestamptz not null default now()
);
comment on table public.privacy_settings is
  'The privacy notice''s facts (one row): the controller (company name, ЕИК, address, e-mail) and the processors. Everyone reads them; administrators change them.';
comment on column public.privacy_settings.controller_eik is 'The controller''s ЕИК: 9 or 13 digits with valid check digits, or empty while not set.';
comment on column public.privacy_settings.processors is 'The processors, in the notice''s order: [{"name", "purpose", "location"}], at most 20.';

-- what an administrator typed, cleaned and checked; refused in Bulgarian with the field's hint
create function private.check_privacy_settings() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  item jsonb;
  cleaned jsonb := '[]';
  p_name text;
  p_purpose text;
  p_place text;
begin
  new.controller_name := private.plain_line(new.controller_name);
  new.controller_address := private.plain_line(new.controller_address);
  new.controller_email := private.plain_line(new.controller_email);
  new.controller_eik := regexp_replace(coalesce(new.controller_eik, ''), '\s', '', 'g');
  if char_length(new.controller_name) > 200 then
    raise exception 'Името на администратора е твърде дълго: до 200 знака.' using errcode = '22023', hint = 'privacy_controller_name_too_long';
  end if;
  if new.controller_eik <> '' and new.controller_eik !~ '^([0-9]{9}|[0-9]{13})$' then
    raise exception 'ЕИК се състои от 9 или 13 цифри.' using errcode = '22023', hint = 'privacy_controller_eik_invalid';
  end if;
  if new.controller_eik <> '' and not private.valid_eik(new.controller_eik) then
    raise exception 'Невалиден ЕИК: контролната цифра не съвпада. Проверете го в Търговския регистър.' using errcode = '22023', hint = 'privacy_controller_eik_invalid';
  end if;
  if char_length(new.controller_address) > 300 then
    raise exception 'Адресът е твърде дълъг: до 300 знака.' using errcode = '22023', hint = 'privacy_controller_address_too_long';
  end if;
  if new.controller_email <> '' and private.newsletter_address(new.controller_email) is null then
    raise exception 'Въведете валиден имейл за връзка с администратора на данните.' using errcode = '22023', hint = 'privacy_controller_email_invalid';
  end if;
  if jsonb_typeof(new.processors) is distinct from 'array' or jsonb_array_length(new.processors) > 20 then
    raise exception 'Списъкът с обработващи трябва да е списък с до 20 записа.' using errcode = '22023', hint = 'privacy_processors_invalid';
  end if;
  for item in select value from jsonb_array_elements(new.processors) loop
    p_name := case when jsonb_typeof(item -> 'name') = 'string' then private.plain_line(item ->> 'name') else '' end;
    p_purpose := case when jsonb_typeof(item -> 'purpose') = 'string' then private.plain_line(item ->> 'purpose') else '' end;
    p_place := case when jsonb_typeof(item -> 'location') = 'string' then private.plain_line(item ->> 'location') else '' end;
    if p_name = '' or p_purpose = '' or p_place = '' then
      raise exception 'Всеки обработващ трябва да има име, цел и местоположение.' using errcode = '22023', hint = 'privacy_processor_incomplete';
    end if;
    if char_length(p_name) > 120 or char_length(p_purpose) > 300 or char_length(p_place) > 120 then
      raise exception 'Обработващият е описан твърде дълго: име до 120, цел до 300, местоположение до 120 знака.' using errcode = '22023', hint = 'privacy_processor_too_long';
    end if;
    cleaned := cleaned || jsonb_build_array(jsonb_build_object('name', p_name, 'purpose', p_purpose, 'location', p_place));
  end loop;
  new.processors := cleaned;
  return new;
end
$$;
comment on function private.check_privacy_settings() is
  'Trigger: cleans the controller''s facts and the processors (plain lines, only name, purpose and location kept) and refuses a bad ЕИК, e-mail or processor in Bulgarian (22023).';

create trigger privacy_settings_10_checked before insert or update on public.privacy_settings
  for each row execute function private.check_privacy_settings();
create trigger privacy_settings_20_updated_at before update on public.privacy_settings
  for each row execute function private.set_updated_at();

-- the row, with the processors every installation has (each one's words an administrator may
-- change); the meeting service is the one the meeting settings use now
insert into public.privacy_settings (processors)
select jsonb_build_array(
  jsonb_build_object('name', 'Хостинг доставчик на сайта', 'purpose', 'Сървърите, от които се зареждат страниците на сайта, и техните технически журнали', 'location', 'Европейски съюз'),
  jsonb_build_object('name', 'Supabase', 'purpose', 'Базата данни с формулярите, резервациите и абонаментите, и входът на екипа', 'location', 'Европейски съюз (регион на ЕС)'),
  jsonb_build_object('name', 'Resend', 'purpose', 'Изпращането на имейлите: потвърждения, напомняния и бюлетина', 'location', 'САЩ (при стандартни договорни клаузи)'),
  jsonb_build_object('name', m.name, 'purpose', 'Видеосрещите на резервираните консултации', 'location', m.place))
from (
  select case when host is null then 'Jitsi Meet (meet.jit.si)'
              when host = 'meet.google.com' then 'Google Meet'
              when host = 'zoom.us' or host like '%.zoom.us' then 'Zoom'
              when host in ('teams.microsoft.com', 'teams.live.com') then 'Microsoft Teams'
              else host end as name,
         case when host is null then 'ЕС и САЩ (8x8)'
              when host = 'meet.google.com' then 'ЕС и САЩ (Google)'
              when host = 'zoom.us' or host like '%.zoom.us' then 'САЩ (Zoom)'
              when host in ('teams.microsoft.com', 'teams.live.com') then 'Европейски съюз (Microsoft)'
              else 'Според условията на доставчика' end as place
    from (select lower(substring((select s.meeting_link from public.meeting_settings s where s.id) from '^https://([^/?#:]+)')) as host) link
) m;

alter table public.privacy_settings enable row level security;
revoke all on public.privacy_settings from public, anon, authenticated;
grant select on public.privacy_settings to anon, authenticated;
grant update (controller_name, controller_eik, controller_address, controller_email, processors) on public.privacy_settings to authenticated;
grant all on public.privacy_settings to service_role;

create policy "Anyone reads the privacy notice's facts" on public.privacy_settings for select to anon, authenticated
  using (true);
create policy "Admins change the privacy notice's facts" on public.privacy_settings for update to authenticated
  using ((select private.is_admin())) with check ((select private.is_admin()));

-- ---------------------------------------------------------------------------------------------
-- The notice's versions
-- ---------------------------------------------------------------------------------------------
create table public.privacy_notices (
  version integer primary key constraint privacy_notices_version_check check (version > 0),
  body text not null constraint privacy_notices_body_check check (char_length(body) between 1 and 50000),
  created_at timestamptz not null default now()
);
comment on table public.privacy_notices is
  'The privacy notice''s text (markdown), one row per version, numbered 1, 2, … by the database; the highest is the current one. Insert-only: a new text is a new version. Everyone reads them; administrators publish.';

create table public.privacy_notice_staff (
  version integer primary key references public.privacy_notices (version),
  created_by uuid references public.blog_users (id) on delete set null,
  created_by_name text not null default ''
);
create index privacy_notice_staff_created_by_idx on public.privacy_notice_staff (created_by);
comment on table public.privacy_notice_staff is
  'Who published each version of the privacy notice: the blog user and their name then (kept when the person goes). Written by the database; admins only.';

-- Before a version goes in: the number, the time, and the checks. Anyone but an administrator is
-- refused by row-level security right after this trigger, with nothing checked here for them.
create function private.next_privacy_notice() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  facts public.privacy_settings;
  current_body text;
  current_version integer;
begin
  if private.is_api_caller() and not coalesce(private.is_admin(), false) then
    return new;
  end if;
  -- one version at a time: two publishers never get the same number
  perform pg_advisory_xact_lock(hashtext('public.privacy_notices'));
  select * into facts from public.privacy_settings s where s.id;
  if coalesce(facts.controller_eik, '') = '' then
    raise exception 'Политиката не може да се публикува без ЕИК на администратора на данните. Попълнете го в „Администратор на данните“.'
      using errcode = '22023', hint = 'privacy_controller_eik';
  end if;
  if coalesce(facts.controller_name, '') = '' then
    raise exception 'Политиката не може да се публикува без името на администратора на данните.' using errcode = '22023', hint = 'privacy_controller_name';
  end if;
  if coalesce(facts.controller_address, '') = '' then
    raise exception 'Политиката не може да се публикува без адреса на администратора на данните.' using errcode = '22023', hint = 'privacy_controller_address';
  end if;
  if coalesce(facts.controller_email, '') = '' then
    raise exception 'Политиката не може да се публикува без имейла на администратора на данните.' using errcode = '22023', hint = 'privacy_controller_email';
  end if;
  new.body := btrim(replace(replace(coalesce(new.body, ''), E'\r\n', E'\n'), E'\r', E'\n'), E' \n\t');
  if new.body = '' then
    raise exception 'Текстът на политиката е празен.' using errcode = '22023', hint = 'privacy_notice_empty';
  end if;
  if char_length(new.body) > 50000 then
    raise exception 'Текстът на политиката е твърде дълъг: до 50 000 знака.' using errcode = '22023', hint = 'privacy_notice_too_long';
  end if;
  select n.version, n.body into current_version, current_body from public.privacy_notices n order by n.version desc limit 1;
  if current_body = new.body then
    raise exception 'Текстът е същият като на текущата версия %. Променете го, преди да публикувате нова версия.', current_version
      using errcode = '22023', hint = 'privacy_notice_unchanged';
  end if;
  new.version := coalesce(current_version, 0) + 1;
  new.created_at := now();
  return new;
end
$$;
comment on function private.next_privacy_notice() is
  'Trigger: numbers a new version of the privacy notice (the next after the highest) and refuses it in Bulgarian (22023) while the controller''s ЕИК, name, address or e-mail is missing, or when its text is empty, too long or the current version''s.';

-- after it went in: who published it, and the audit log
create function private.privacy_notice_published() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  author uuid := private.current_blog_user();
begin
  insert into public.privacy_notice_staff (version, created_by, created_by_name)
  values (new.version, author,
          coalesce((select coalesce(nullif(btrim(b.full_name), ''), b.username) from public.blog_users b where b.id = author), ''));
  perform private.audit('privacy.published', 'privacy_notices', new.version::text);
  return null;
end
$$;
comment on function private.privacy_notice_published() is
  'Trigger: records who published a version of the privacy notice (privacy_notice_staff) and the event in the audit log (privacy.published).';

-- a published version is never changed nor deleted, by anyone
create function private.privacy_notices_kept() returns trigger
language plpgsql set search_path = ''
as $$
begin
  raise exception 'Публикувана версия на политиката не се променя и не се изтрива: публикувайте нова версия.'
    using errcode = '42501', hint = 'privacy_notice_kept';
end
$$;
comment on function private.privacy_notices_kept() is 'Refuses every UPDATE, DELETE and TRUNCATE of the privacy notice''s versions, the owner''s too: a new text is a new version.';

create trigger privacy_notices_checked before insert on public.privacy_notices
  for each row execute function private.next_privacy_notice();
create trigger privacy_notices_kept before update or delete or truncate on public.privacy_notices
  for each statement execute function private.privacy_notices_kept();

alter table public.privacy_notices enable row level security;
alter table public.privacy_notice_staff enable row level security;
revoke all on public.privacy_notices, public.privacy_notice_staff from public, anon, authenticated;
grant select on public.privacy_notices to anon, authenticated;
grant insert (body) on public.privacy_notices to authenticated;
grant select, insert on public.privacy_notices to service_role;
grant select on public.privacy_notice_staff to authenticated;
grant select on public.privacy_notice_staff to service_role;

create policy "Anyone reads the privacy notice" on public.privacy_notices for select to anon, authenticated
  using (true);
create policy "Admins publish a new version of the privacy notice" on public.privacy_notices for insert to authenticated
  with check ((select private.is_admin()));
create policy "Admins read who published the privacy notice" on public.privacy_notice_staff for select to authenticated
  using ((select private.is_admin()));

-- ---------------------------------------------------------------------------------------------
-- The audit log: a new version is an event of its own
-- ---------------------------------------------------------------------------------------------
alter table private.audit_events drop constraint audit_events_kind_check;
alter table private.audit_events add constraint audit_events_kind_check check (kind in (
  'post.created', 'post.changed', 'post.deleted', 'project.created', 'project.changed', 'project.deleted',
  'category.created', 'category.changed', 'category.deleted', 'client.created', 'client.changed', 'client.deleted',
  'person.created', 'person.changed', 'person.role', 'person.deactivated', 'person.activated', 'person.deleted',
  'settings.changed', 'lead.stage', 'lead.owner', 'lead.note', 'export.csv', 'contact.export', 'contact.erased',
  'subscriber.erased', 'newsletter.sent', 'newsletter.suppression_lifted', 'account.signed_in',
  'factor.enrolled', 'factor.removed', 'factor.reset',
  'privacy.published'));

-- ---------------------------------------------------------------------------------------------
-- The content webhook: /poveritelnost follows both tables; the notice's body is not sent
-- ---------------------------------------------------------------------------------------------
create or replace function private.notify_content_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  hook text := private.vault_secret('content_webhook_url');
  secret text := private.vault_secret('content_webhook_secret');
  strip constant text[] := array['content', 'detailed_description', 'gallery', 'body'];
  headers jsonb := '{"Content-Type": "application/json"}'::jsonb;
  rec jsonb := case when tg_op = 'DELETE' then null else to_jsonb(new) - strip end;
  old_rec jsonb := case when tg_op = 'INSERT' then null else to_jsonb(old) - strip end;
begin
  -- Drafts change often while being written; a post that is unpublished before and after the
  -- change shows on no public page, so its change is not sent.
  if tg_table_name = 'blog_posts'
     and not coalesce((rec ->> 'is_published')::boolean, false)
     and not coalesce((old_rec ->> 'is_published')::boolean, false) then
    return null;
  end if;
  if hook is null then
    return null;
  end if;
  if to_regprocedure('net.http_post(text, jsonb, jsonb, jsonb, integer)') is null then
    raise warning 'content webhook: pg_net is not installed, the receiver was not told about a change of %', tg_table_name;
    return null;
  end if;
  if coalesce(secret, '') <> '' then
    headers := headers || jsonb_build_object('Authorization', 'Bearer ' || secret);
  end if;
  perform net.http_post(
    url := hook,
    body := jsonb_build_object('type', tg_op, 'table', tg_table_name, 'schema', tg_table_schema, 'record', rec, 'old_record', old_rec),
    headers := headers,
    timeout_milliseconds := 5000);
  return null;
end
$$;

create trigger privacy_settings_10_content_webhook after insert or update or delete on public.privacy_settings
  for each row execute function private.notify_content_change();
create trigger privacy_settings_20_audit after insert or update or delete on public.privacy_settings
  for each row execute function private.audit_row_change('settings');
create trigger privacy_notices_10_published after insert on public.privacy_notices
  for each row execute function private.privacy_notice_published();
create trigger privacy_notices_20_content_webhook after insert on public.privacy_notices
  for each row execute function private.notify_content_change();

-- ---------------------------------------------------------------------------------------------
-- The version each inquiry, booking and newsletter consent was sent under
-- ---------------------------------------------------------------------------------------------
alter table public.contact_submissions add column privacy_version integer references public.privacy_notices (version);
alter table public.appointments add column privacy_version integer references public.privacy_notices (version);
alter table public.newsletter_consents add column privacy_version integer references public.privacy_notices (version);
create index contact_submissions_privacy_version_idx on public.contact_submissions (privacy_version);
create index appointments_privacy_version_idx on public.appointments (privacy_version);
create index newsletter_consents_privacy_version_idx on public.newsletter_consents (privacy_version);
comment on column public.contact_submissions.privacy_version is 'The version of the privacy notice the inquiry was sent under (the page''s, else the current one).';
comment on column public.appointments.privacy_version is 'The version of the privacy notice the booking was sent under (the page''s, else the current one).';
comment on column public.newsletter_consents.privacy_version is 'The version of the privacy notice current when the consent was given.';

create function private.set_privacy_version() returns trigger
language plpgsql set search_path = ''
as $$
begin
  if new.privacy_version is null then
    new.privacy_version := (select max(n.version) from public.privacy_notices n);
  elsif not exists (select 1 from public.privacy_notices n where n.version = new.privacy_version) then
    raise exception 'Тази версия на политиката за поверителност не съществува. Презаредете страницата и изпратете отново.'
      using errcode = '22023', hint = 'privacy_version_unknown';
  end if;
  return new;
end
$$;
comment on function private.set_privacy_version() is
  'Trigger: a form sent without a privacy notice version gets the current one; one that names a version that does not exist is refused (22023, privacy_version_unknown).';

-- after the form's text is cleaned and its first touch checked, before the limits and the contact
create trigger contact_submissions_35_privacy_version before insert on public.contact_submissions
  for each row execute function private.set_privacy_version();
create trigger appointments_47_privacy_version before insert on public.appointments
  for each row execute function private.set_privacy_version();
create trigger newsletter_consents_privacy_version before insert on public.newsletter_consents
  for each row execute function private.set_privacy_version();

-- the public forms send the version their page showed
grant insert (privacy_version) on public.contact_submissions to anon, authenticated;
grant insert (privacy_version) on public.appointments to anon, authenticated;
