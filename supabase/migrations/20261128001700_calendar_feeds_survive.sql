-- Calendar feeds that survive their contents (issue 46).
--
-- Before this, one bad or oversized event failed its whole feed, and two hours without a good
-- sync paused every booking; an invitation the consultant had not answered counted as busy; a
-- failing feed told nobody but the tab; and when the call never reached the Edge Function (it
-- could not boot, pg_net timed out) the tab showed no error at all. Now:
--
--   * What a sync skipped. The function skips an event it cannot use (unreadable, without a start,
--     ending before it starts, longer than 31 days, a rule that runs away or repeats too often)
--     and stores the rest; public.calendar_sync_store takes the list of what it skipped, by
--     reason, and keeps it with the feed's good sync (calendar_feeds.skipped), for the tab.
--   * Whose calendar it is. An admin may give the owner's e-mail address with a feed
--     (add_calendar_feed's owner_email); the sync hands it to the function, which frees the time of
--     an invitation whose owner's ATTENDEE line says NEEDS-ACTION or DECLINED.
--   * One e-mail per failure. private.calendar_feed_failed records why a feed could not be read
--     and, the first time since its last good sync, e-mails every admin once through the outbox
--     (purpose 'calendar_feed_failed', caused by the system). The e-mail names the feed by its
--     label and says what failed, never its address.
--   * The call itself. private.request_calendar_sync keeps pg_net's request id with each run, and
--     private.calendar_sync_outcomes reads pg_net's answer: a run the function never recorded (a
--     boot error, a 404, a timeout, no answer in 5 minutes) becomes that feed's error in Bulgarian.
--     A new job, calendar-sync-outcomes, reads them every minute; calendar-sync still asks for a
--     sync every 10 minutes.

-- ---------------------------------------------------------------------------------------------
-- The mail to admins about a failing feed
-- ---------------------------------------------------------------------------------------------
alter table private.mail_outbox drop constraint mail_outbox_purpose_check;
alter table private.mail_outbox add constraint mail_outbox_purpose_check check (purpose in
  ('booking_received', 'booking_confirmed', 'booking_cancelled', 'booking_moved', 'booking_reminder', 'inquiry_received',
   'follow_up_digest', 'newsletter_confirm', 'newsletter_test', 'calendar_feed_failed'));

-- ---------------------------------------------------------------------------------------------
-- The feeds' new columns
-- ---------------------------------------------------------------------------------------------
alter table private.calendar_feeds
  add column owner_email text check (owner_email is null or (char_length(owner_email) <= 254 and owner_email = lower(owner_email))),
  add column skipped jsonb not null default '[]'::jsonb check (jsonb_typeof(skipped) = 'array' and jsonb_array_length(skipped) <= 20),
  add column failure_mailed_at timestamptz;
comment on column private.calendar_feeds.owner_email is
  'The calendar owner''s own address, if the admin gave one: an invitation whose ATTENDEE line for it is not accepted is not busy.';
comment on column private.calendar_feeds.skipped is
  'What the last good sync left out, by reason: [{"reason", "count", "first" (YYYY-MM-DD)}].';
comment on column private.calendar_feeds.failure_mailed_at is
  'When the admins were told the feed fails; cleared by a good sync, so the next failure tells them again.';

alter table private.calendar_sync_runs
  add column request_id bigint,
  add column settled_at timestamptz;
comment on column private.calendar_sync_runs.request_id is 'pg_net''s id of the call that carried the run''s token.';
comment on column private.calendar_sync_runs.settled_at is 'When the run''s outcome was known (recorded by the function, or read from pg_net''s answer).';
create index calendar_sync_runs_open_idx on private.calendar_sync_runs (created_at) where settled_at is null;

-- What a sync may say it skipped (supabase/functions/calendar-sync/skipped.ts).
create or replace function private.calendar_skip_reasons() returns text[]
language sql immutable set search_path = ''
as $$
  select array['unreadable', 'no_start', 'invalid_date', 'invalid_zone', 'end_before_start', 'invalid_duration', 'invalid_rule',
               'too_long', 'too_many_occurrences', 'endless_rule', 'too_complex', 'too_many_events', 'too_many_blocks']
$$;

-- An owner's address as the sync compares it, or an error in Bulgarian. Empty is none.
create or replace function private.normalized_owner_email(value text) returns text
language plpgsql immutable set search_path = ''
as $$
declare
  clean text := lower(btrim(coalesce(value, '')));
begin
  if clean = '' then
    return null;
  end if;
  if char_length(clean) > 254 or clean !~ '^[^\s@<>(),;:"\[\]\\]+@[^\s@<>(),;:"\[\]\\]+\.[^\s@<>(),;:"\[\]\\]+$' then
    raise exception 'Въведете имейл адреса, с който сте в този календар, или оставете полето празно.'
      using errcode = '22023', hint = 'calendar_feed_owner';
  end if;
  return clean;
end
$$;

-- ---------------------------------------------------------------------------------------------
-- A failure: recorded, and the admins told once
-- ---------------------------------------------------------------------------------------------
-- Why the feed could not be read, in Bulgarian; its last good blocks stay. The first failure
-- since the feed's last good sync (or since it was added or switched on) e-mails every admin,
-- once; the next good sync makes the next failure tell them again. Without mail settings nobody
-- is told and nothing is marked, so the first failure once mail works still tells them.
create or replace function private.calendar_feed_failed(feed uuid, message text) returns void
language plpgsql security definer set search_path = ''
as $$
declare
  f private.calendar_feeds;
  settings private.mail_settings;
  zone text := private.calendar_zone();
  admin record;
  subject text;
  bodies jsonb;
  pause_at timestamptz;
begin
  update private.calendar_feeds c
     set last_error = left(coalesce(nullif(btrim(message), ''), 'Календарът не може да бъде прочетен.'), 300),
         last_error_at = now()
   where c.id = feed
  returning * into f;
  if not found or not f.is_active or f.failure_mailed_at is not null or not private.mail_ready() then
    return;
  end if;
  select * into settings from private.mail_settings where id;
  pause_at := coalesce(f.last_synced_at, f.active_since) + private.calendar_stale_after();
  subject := 'Календарът „' || private.plain_line(f.label) || '“ не се синхронизира — ' || settings.brand;
  for admin in
    select b.email, coalesce(nullif(b.full_name, ''), b.username) as name
      from public.blog_users b
     where private.is_admin_user(b.id)
     order by b.id
  loop
    bodies := private.mail_bodies('Календар за заетост не се синхронизира',
      array[private.greeting(admin.name),
            'Календарът „' || f.label || '“ не можа да бъде прочетен при последната синхронизация. '
              || 'Заетите му периоди остават такива, каквито бяха при последната успешна синхронизация.',
            case when pause_at > now()
              then 'Ако не бъде прочетен успешно до ' || to_char(pause_at at time zone zone, 'DD.MM.YYYY HH24:MI')
                   || ', новите резервации ще бъдат спрени, докато това стане (или докато не го изключите).'
              else 'Новите резервации са спрени, докато календарът не бъде прочетен успешно (или докато не го изключите).' end],
      array[array['Календар', f.label],
            array['Грешка', f.last_error],
            array['Последна успешна синхронизация',
                  coalesce(to_char(f.last_synced_at at time zone zone, 'DD.MM.YYYY HH24:MI'), 'още няма')]],
      array[array['Отвори календарите', settings.site_url || '/blog-admin/calendar']],
      array['Ще ви пишем отново за този календар само ако бъде прочетен успешно и после пак спре да се чете.'],
      E'Поздрави,\n' || settings.brand);
    perform private.enqueue_mail(null, null, 'calendar_feed_failed', null, admin.email, subject,
      jsonb_build_object('from', settings.sender, 'to', jsonb_build_array(admin.email), 'subject', subject,
                         'html', bodies ->> 'html', 'text', bodies ->> 'text'),
      'system');
  end loop;
  update private.calendar_feeds c set failure_mailed_at = now() where c.id = feed;
end
$$;

-- The function's report of a feed it could not read.
create or replace function public.calendar_sync_failed(feed uuid, message text) returns void
language plpgsql security definer set search_path = ''
as $$
begin
  perform private.calendar_feed_failed(feed, message);
end
$$;

-- ---------------------------------------------------------------------------------------------
-- A good sync: its blocks replace the ones before, with what it skipped
-- ---------------------------------------------------------------------------------------------
drop function public.calendar_sync_store(uuid, jsonb);
create function public.calendar_sync_store(feed uuid, blocks jsonb, skipped jsonb default '[]'::jsonb) returns integer
language plpgsql security definer set search_path = ''
as $$
declare
  stored integer;
  report jsonb;
begin
  if jsonb_typeof(blocks) is distinct from 'array' or jsonb_array_length(blocks) > private.calendar_busy_limit() then
    raise exception 'Busy blocks must be an array of at most % objects', private.calendar_busy_limit() using errcode = '22023';
  end if;
  skipped := coalesce(skipped, '[]'::jsonb);
  if jsonb_typeof(skipped) is distinct from 'array' or jsonb_array_length(skipped) > 20 or exists (
       select 1 from jsonb_array_elements(skipped) s
        where jsonb_typeof(s) is distinct from 'object'
           or not (s ->> 'reason') = any (private.calendar_skip_reasons())
           or jsonb_typeof(s -> 'count') is distinct from 'number'
           or (s ->> 'count') !~ '^[1-9][0-9]{0,8}$'
           or (s -> 'first' is not null and s -> 'first' <> 'null'::jsonb
               and coalesce(s ->> 'first', '') !~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$')) then
    raise exception 'Skipped must be an array of at most 20 {reason, count, first} objects' using errcode = '22023';
  end if;
  select coalesce(jsonb_agg(jsonb_build_object('reason', s ->> 'reason', 'count', (s ->> 'count')::integer,
                                               'first', nullif(s ->> 'first', ''))
                            order by array_position(private.calendar_skip_reasons(), s ->> 'reason')), '[]'::jsonb)
    into report
    from jsonb_array_elements(skipped) s;
  perform 1 from private.calendar_feeds f where f.id = feed for update;
  if not found then
    return null; -- removed while the sync ran
  end if;
  delete from private.calendar_busy b where b.feed_id = feed;
  insert into private.calendar_busy (feed_id, starts_at, ends_at)
  select feed, (x ->> 'start')::timestamptz, (x ->> 'end')::timestamptz
    from jsonb_array_elements(blocks) x;
  get diagnostics stored = row_count;
  update private.calendar_feeds f
     set last_synced_at = now(), last_error = null, last_error_at = null, busy_count = stored,
         skipped = report, failure_mailed_at = null
   where f.id = feed;
  return stored;
end
$$;

-- ---------------------------------------------------------------------------------------------
-- The run: the feed's owner for the function, pg_net's request kept, its answer read
-- ---------------------------------------------------------------------------------------------
create or replace function public.calendar_sync_claim(run text) returns jsonb
language plpgsql security definer set search_path = ''
as $$
declare
  horizon integer := coalesce((select s.booking_horizon_days from public.calendar_settings s limit 1), 60);
  run_feed uuid;
begin
  update private.calendar_sync_runs r set claimed_at = now()
   where r.token_hash = private.token_hash(coalesce(run, ''))
     and r.claimed_at is null and r.created_at > now() - interval '10 minutes'
  returning r.feed_id into run_feed;
  if not found then
    raise exception 'Unknown or used calendar sync run' using errcode = '42501', hint = 'calendar_sync_run_unknown';
  end if;
  return jsonb_build_object(
    'time_zone', private.calendar_zone(),
    'from', date_trunc('day', now()) - interval '1 day',
    'to', date_trunc('day', now()) + make_interval(days => horizon + 2),
    'max_blocks', private.calendar_busy_limit(),
    'feeds', coalesce((
      select jsonb_agg(jsonb_build_object('id', f.id, 'url', s.decrypted_secret, 'owner_email', f.owner_email) order by f.created_at)
        from private.calendar_feeds f join vault.decrypted_secrets s on s.id = f.secret_id
       where f.is_active and f.id = run_feed), '[]'::jsonb));
end
$$;

-- One call of the function per feed, each with its own one-time run token and pg_net's request
-- id kept with it (private.calendar_sync_outcomes reads the answer). A sync that cannot start
-- (no functions_url, no pg_net) is each feed's failure, told to the admins once.
create or replace function private.request_calendar_sync(one_feed uuid default null) returns boolean
language plpgsql security definer set search_path = ''
as $$
declare
  base text := (select s.functions_url from private.mail_settings s where s.id);
  target uuid;
  token text;
  request bigint;
begin
  if not exists (select 1 from private.calendar_feeds f where f.is_active and (one_feed is null or f.id = one_feed)) then
    return false;
  end if;
  if base is null or to_regprocedure('net.http_post(text, jsonb, jsonb, jsonb, integer)') is null then
    for target in
      update private.calendar_feeds f set last_attempt_at = now()
       where f.is_active and (one_feed is null or f.id = one_feed)
      returning f.id
    loop
      perform private.calendar_feed_failed(target, case when base is null
        then 'Синхронизацията не е настроена: липсва адресът на Edge Functions (functions_url в private.mail_settings).'
        else 'Синхронизацията не е настроена: базата няма разширението pg_net.' end);
    end loop;
    return false;
  end if;
  delete from private.calendar_sync_runs r where r.created_at < now() - interval '1 day';
  for target in
    update private.calendar_feeds f set last_attempt_at = now()
     where f.is_active and (one_feed is null or f.id = one_feed)
    returning f.id
  loop
    token := private.random_token();
    request := net.http_post(
      url := base || '/calendar-sync',
      body := jsonb_build_object('run', token),
      headers := jsonb_build_object('Content-Type', 'application/json'),
      timeout_milliseconds := 60000);
    insert into private.calendar_sync_runs (token_hash, feed_id, request_id) values (private.token_hash(token), target, request);
  end loop;
  return true;
end
$$;

-- Why a call of the function came to nothing, from pg_net's answer to it, in Bulgarian (never the
-- answer's text itself: only its status and the platform's or the function's error code).
create or replace function private.calendar_call_failure(status integer, code text, timed_out boolean, error text) returns text
language sql immutable set search_path = ''
as $$
  select 'Синхронизацията не стигна до календара: ' || case
    when timed_out then 'функцията calendar-sync не отговори за 60 секунди.'
    when error is not null then 'функцията calendar-sync не може да бъде достигната ('
      || left(regexp_replace(error, '[a-z][a-z0-9+.-]*://\S+', 'адреса', 'gi'), 120) || '). Проверете functions_url в private.mail_settings.'
    when status = 404 then 'функцията calendar-sync не е публикувана (грешка 404). Публикувайте я: npx supabase functions deploy calendar-sync.'
    when status = 503 and code = 'BOOT_ERROR' then 'функцията calendar-sync не успя да стартира (грешка 503, BOOT_ERROR). Вижте логовете ѝ (Edge Functions → calendar-sync → Logs).'
    when status = 546 then 'функцията calendar-sync спря, защото надхвърли ограничението за време или памет (грешка 546).'
    when status = 504 then 'функцията calendar-sync не отговори навреме (грешка 504).'
    when status = 401 and code = 'invalid_run' then 'задачата ѝ вече не беше валидна, когато стигна до функцията calendar-sync (грешка 401). Ще опитаме отново при следващото синхронизиране.'
    when status = 401 then 'функцията calendar-sync поиска ключ за достъп (грешка 401' || coalesce(', ' || code, '') || '). Публикувайте я отново: verify_jwt = false идва от supabase/config.toml.'
    when status = 502 and code = 'claim_failed' then 'функцията calendar-sync не можа да получи задачата си от базата данни (грешка 502). Вижте логовете ѝ.'
    when status = 500 and code = 'not_configured' then 'функцията calendar-sync няма SUPABASE_URL или SUPABASE_SERVICE_ROLE_KEY (грешка 500).'
    when status between 200 and 299 then 'функцията calendar-sync завърши, без да запише резултат. Ще опитаме отново при следващото синхронизиране.'
    when status is null then 'заявката към функцията calendar-sync остана без отговор 5 минути. Проверете дали pg_net работи и дали функцията е публикувана.'
    else 'функцията calendar-sync отговори с грешка ' || status || coalesce(' (' || code || ')', '') || '.'
  end
$$;

-- The runs the function never recorded, settled from pg_net's answers: a run it claimed and
-- recorded (a good sync or its own error since) is done; otherwise its answer, or none within
-- 5 minutes, becomes the feed's error (and, the first time, the admins' e-mail).
create or replace function private.calendar_sync_outcomes() returns integer
language plpgsql security definer set search_path = ''
as $$
declare
  r record;
  f private.calendar_feeds;
  answer record;
  parsed jsonb;
  code text;
  failed integer := 0;
begin
  if to_regclass('net._http_response') is null then
    return 0;
  end if;
  for r in
    select x.token_hash, x.feed_id, x.request_id, x.created_at, x.claimed_at
      from private.calendar_sync_runs x
     where x.settled_at is null and x.request_id is not null
     order by x.created_at
     for update skip locked
  loop
    select * into f from private.calendar_feeds c where c.id = r.feed_id;
    if not f.is_active or (r.claimed_at is not null and greatest(f.last_synced_at, f.last_error_at) >= r.claimed_at) then
      update private.calendar_sync_runs x set settled_at = now() where x.token_hash = r.token_hash;
      continue;
    end if;
    select n.status_code, n.timed_out, n.error_msg, n.content, n.headers into answer
      from net._http_response n where n.id = r.request_id;
    if not found then
      if r.created_at > now() - interval '5 minutes' then
        continue; -- not answered yet
      end if;
    elsif answer.status_code between 200 and 299 and r.claimed_at is null then
      continue; -- (cannot be: the function answers 200 only after it claimed the run)
    end if;
    parsed := null;
    begin
      parsed := answer.content::jsonb;
    exception when others then
      parsed := null;
    end;
    code := coalesce(answer.headers ->> 'sb-error-code', parsed ->> 'code', parsed ->> 'error');
    if code !~ '^[A-Za-z_]{1,40}$' then
      code := null;
    end if;
    perform private.calendar_feed_failed(r.feed_id,
      private.calendar_call_failure(answer.status_code, code, coalesce(answer.timed_out, false), answer.error_msg));
    update private.calendar_sync_runs x set settled_at = now() where x.token_hash = r.token_hash;
    failed := failed + 1;
  end loop;
  return failed;
end
$$;

-- ---------------------------------------------------------------------------------------------
-- The admins' calls: the owner's address, what the last sync skipped
-- ---------------------------------------------------------------------------------------------
drop function public.calendar_feeds();
create function public.calendar_feeds()
returns table (id uuid, label text, url_hint text, is_active boolean, created_at timestamptz,
               last_attempt_at timestamptz, last_synced_at timestamptz, last_error text, last_error_at timestamptz,
               busy_count integer, stale boolean, owner_email text, skipped jsonb)
language plpgsql stable security definer set search_path = ''
as $$
begin
  perform private.require_admin();
  return query
    select f.id, f.label, f.url_hint, f.is_active, f.created_at, f.last_attempt_at, f.last_synced_at,
           f.last_error, f.last_error_at, f.busy_count,
           f.is_active and coalesce(f.last_synced_at, f.active_since) < now() - private.calendar_stale_after(),
           f.owner_email, f.skipped
      from private.calendar_feeds f
     order by f.created_at, f.id;
end
$$;

drop function public.add_calendar_feed(text, text);
create function public.add_calendar_feed(label text, url text, owner_email text default null) returns uuid
language plpgsql security definer set search_path = ''
as $$
declare
  address text;
  owner text;
  name text := btrim(coalesce(label, ''));
  feed uuid := gen_random_uuid();
  vault_id uuid;
begin
  perform private.require_admin();
  if char_length(name) not between 1 and 80 then
    raise exception 'Дайте име на календара (до 80 знака).' using errcode = '22023', hint = 'calendar_feed_label';
  end if;
  address := private.normalized_feed_url(url);
  owner := private.normalized_owner_email(owner_email);
  perform pg_advisory_xact_lock(hashtext('private.calendar:feeds'));
  if (select count(*) from private.calendar_feeds) >= private.calendar_feed_limit() then
    raise exception 'Може да добавите до % календара.', private.calendar_feed_limit() using errcode = 'P0001', hint = 'calendar_feed_limit';
  end if;
  if exists (select 1 from private.calendar_feeds f join vault.decrypted_secrets s on s.id = f.secret_id
              where s.decrypted_secret = address) then
    raise exception 'Този календар вече е добавен.' using errcode = 'P0001', hint = 'calendar_feed_duplicate';
  end if;
  vault_id := vault.create_secret(address, 'calendar_feed:' || feed,
    'The private ICS address of a calendar feed; only the calendar sync reads it.');
  insert into private.calendar_feeds (id, label, secret_id, url_hint, created_by, owner_email)
  values (feed, name, vault_id, private.masked_feed_url(address), auth.uid(), owner);
  -- the first sync at once rather than in up to 10 minutes
  perform private.request_calendar_sync(feed);
  return feed;
end
$$;

-- As before; switched on, a feed starts afresh (its next failure tells the admins again), and
-- switched off, its last sync's report goes with its busy times.
create or replace function public.set_calendar_feed_active(feed uuid, active boolean) returns void
language plpgsql security definer set search_path = ''
as $$
begin
  perform private.require_admin();
  if active is null then
    raise exception 'Say whether the feed is active' using errcode = '22023';
  end if;
  update private.calendar_feeds f set is_active = active where f.id = feed and f.is_active <> active;
  if not found then
    return;
  end if;
  if active then
    -- its staleness counts from now, and it syncs at once
    update private.calendar_feeds f set active_since = now(), failure_mailed_at = null where f.id = feed;
    perform private.request_calendar_sync(feed);
  else
    -- switched off: its times are nobody's business any more, and its last sync is forgotten
    delete from private.calendar_busy b where b.feed_id = feed;
    update private.calendar_feeds f set busy_count = 0, last_synced_at = null, skipped = '[]'::jsonb where f.id = feed;
  end if;
end
$$;

-- ---------------------------------------------------------------------------------------------
-- Rights, comments and the job
-- ---------------------------------------------------------------------------------------------
revoke all on function private.calendar_skip_reasons(), private.normalized_owner_email(text),
  private.calendar_feed_failed(uuid, text), private.calendar_call_failure(integer, text, boolean, text),
  private.calendar_sync_outcomes(), private.request_calendar_sync(uuid)
  from public, anon, authenticated;
revoke all on function public.calendar_feeds(), public.add_calendar_feed(text, text, text), public.set_calendar_feed_active(uuid, boolean),
  public.calendar_sync_claim(text), public.calendar_sync_store(uuid, jsonb, jsonb), public.calendar_sync_failed(uuid, text)
  from public, anon, authenticated;
grant execute on function public.calendar_feeds(), public.add_calendar_feed(text, text, text), public.set_calendar_feed_active(uuid, boolean)
  to authenticated;
grant execute on function public.calendar_sync_claim(text), public.calendar_sync_store(uuid, jsonb, jsonb),
  public.calendar_sync_failed(uuid, text) to service_role;

comment on function public.calendar_feeds() is
  'The calendar feeds with a masked address, the owner''s address, the last good sync, what it skipped and the last error. In the API because the calendar tab lists them; SECURITY DEFINER because the feeds are in the private schema (admins only, checked inside).';
comment on function public.add_calendar_feed(text, text, text) is
  'Adds a private ICS feed, its address into Vault, optionally its owner''s e-mail address, and asks for a first sync. In the API because the calendar tab adds feeds; SECURITY DEFINER because it writes Vault and the private schema (admins only, checked inside).';
comment on function public.calendar_sync_store(uuid, jsonb, jsonb) is
  'A good sync of one feed: its busy blocks replace the last ones, with what it skipped. In the API because the Edge Function calendar-sync reports through it; SECURITY DEFINER because the feeds are in the private schema (the service role only).';

do $$
begin
  if to_regprocedure('cron.schedule(text, text, text)') is not null then
    perform cron.schedule('calendar-sync-outcomes', '* * * * *', 'select private.calendar_sync_outcomes()');
  else
    raise warning 'pg_cron is not available: a calendar sync that never reached its function leaves no error (enable pg_cron and run this migration''s cron.schedule)';
  end if;
end
$$;
