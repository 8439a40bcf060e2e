-- A booking is a conversation: the database e-mails the visitor at every step, and a private link
-- lets the visitor move or cancel the booking.
--
-- Mail leaves the database the way the team-chat notification does: a row per message in
-- private.mail_outbox, handed to pg_net after the commit, answered and retried by a scheduled job
-- (pg_cron, every minute). The provider is Resend's HTTP API; its address, key and sender live in
-- one private row, set once per project:
--
--   insert into private.mail_settings (api_url, api_key, sender, reply_to, site_url)
--   values ('https://api.resend.com/emails', 're_…', 'Синаптика <zdravei@sinaptika.bg>',
--           'zdravei@sinaptika.bg', 'https://sinaptika.bg')
--   on conflict (id) do update set api_url = excluded.api_url, api_key = excluded.api_key,
--     sender = excluded.sender, reply_to = excluded.reply_to, site_url = excluded.site_url, updated_at = now();
--
-- Each message is Resend's JSON ({from, to, subject, html, text, reply_to, attachments: [{filename,
-- content (base64), content_type}]}) sent with an Idempotency-Key, so a retry after a lost answer
-- never sends it twice. Without settings nothing is queued and no link is made.
--
-- The visitor's messages:
--   * booked: the time in the consultant's zone and in the visitor's own (recorded at booking),
--     an invitation (invite.ics: METHOD:REQUEST, a UID stable for the booking, SEQUENCE raised at
--     every change), an "add to Google Calendar" link and a private manage link;
--   * confirmed or cancelled by the consultant (METHOD:CANCEL for a cancellation);
--   * moved or cancelled by the visitor through the manage link;
--   * a reminder 24 hours before a confirmed meeting, once per meeting time;
--   * a short acknowledgement of an inquiry.
-- The manage link's token is 32 random bytes; only its SHA-256 is stored. It works until the
-- meeting has ended; a move makes every earlier link of the booking dead. The visitor acts only
-- through the SECURITY DEFINER functions below, which take the token: visitors still have no
-- access to the tables.

-- ---------------------------------------------------------------------------------------------
-- Settings and state
-- ---------------------------------------------------------------------------------------------
create table private.mail_settings (
  id boolean primary key default true check (id),
  api_url text not null check (api_url ~* '^https?://[^\s]+$'),
  api_key text not null check (api_key <> ''),
  sender text not null check (sender ~ '@'),
  reply_to text,
  site_url text not null check (site_url ~* '^https?://[^/\s]+$'),
  brand text not null default 'Синаптика',
  updated_at timestamptz not null default now()
);
revoke all on private.mail_settings from public, anon, authenticated;

-- the zone the visitor's browser reported (an IANA name; anything else is dropped), and the
-- invitation's SEQUENCE, the database's alone
alter table public.appointments
  add column visitor_time_zone text check (char_length(visitor_time_zone) <= 64),
  add column sequence integer not null default 0;
grant insert (visitor_time_zone) on public.appointments to anon, authenticated;
comment on column public.appointments.visitor_time_zone is 'The time zone of the visitor''s browser at booking (IANA name), for the times in their e-mails.';
comment on column public.appointments.sequence is 'The invitation''s SEQUENCE: raised by the database at every change of time or status.';

alter table public.calendar_settings
  add column manage_cutoff_hours integer not null default 12
    constraint calendar_settings_cutoff check (manage_cutoff_hours between 0 and 168);
comment on column public.calendar_settings.manage_cutoff_hours is 'Until how many hours before the meeting a visitor may move or cancel it through their link.';

create table private.booking_links (
  token_hash bytea primary key,
  appointment_id uuid not null references public.appointments (id) on delete cascade,
  created_at timestamptz not null default now(),
  revoked_at timestamptz
);
create index booking_links_appointment_idx on private.booking_links (appointment_id) where revoked_at is null;
revoke all on private.booking_links from public, anon, authenticated;

create table private.booking_events (
  id bigserial primary key,
  appointment_id uuid not null references public.appointments (id) on delete cascade,
  kind text not null check (kind in ('booked', 'confirmed', 'cancelled', 'moved', 'reopened')),
  actor text not null check (actor in ('visitor', 'admin', 'system')),
  actor_id uuid,
  detail jsonb not null default '{}',
  created_at timestamptz not null default clock_timestamp()
);
create index booking_events_appointment_idx on private.booking_events (appointment_id, id);
revoke all on private.booking_events from public, anon, authenticated;

create table private.mail_outbox (
  id bigserial primary key,
  appointment_id uuid references public.appointments (id) on delete cascade,
  inquiry_id uuid references public.contact_submissions (id) on delete cascade,
  purpose text not null check (purpose in
    ('booking_received', 'booking_confirmed', 'booking_cancelled', 'booking_moved', 'booking_reminder', 'inquiry_received')),
  -- the meeting's start the message speaks of (a reminder is sent once per start)
  meeting_at timestamptz,
  recipient text not null,
  subject text not null,
  -- the provider's JSON; emptied once sent or given up, since it carries a private link
  payload jsonb,
  status text not null default 'pending' check (status in ('pending', 'sending', 'sent', 'failed', 'given_up')),
  attempts integer not null default 0,
  request_id bigint,
  last_error text,
  created_at timestamptz not null default clock_timestamp(),
  last_attempt_at timestamptz,
  sent_at timestamptz,
  check ((inquiry_id is null) <> (appointment_id is null))
);
create index mail_outbox_open_idx on private.mail_outbox (status, last_attempt_at) where status in ('pending', 'sending', 'failed');
create index mail_outbox_appointment_idx on private.mail_outbox (appointment_id, id);
create unique index mail_outbox_reminder_once_idx on private.mail_outbox (appointment_id, meeting_at) where purpose = 'booking_reminder';
revoke all on private.mail_outbox from public, anon, authenticated;

-- ---------------------------------------------------------------------------------------------
-- Text helpers
-- ---------------------------------------------------------------------------------------------
create or replace function private.html_text(value text) returns text
language sql immutable set search_path = ''
as $$
  select replace(replace(replace(replace(replace(coalesce(value, ''), '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '"', '&quot;'), '''', '&#39;')
$$;

-- RFC 3986 percent-encoding of every character but the unreserved ones (UTF-8 bytes)
create or replace function private.url_encode(value text) returns text
language sql immutable set search_path = ''
as $$
  select coalesce(string_agg(
    case when ch ~ '^[A-Za-z0-9._~-]$' then ch
         else regexp_replace(upper(encode(convert_to(ch, 'UTF8'), 'hex')), '(..)', '%\1', 'g') end,
    '' order by n), '')
  from regexp_split_to_table(coalesce(value, ''), '') with ordinality as t(ch, n)
$$;

-- iCalendar TEXT: backslash, semicolon and comma escaped, line breaks as \n (RFC 5545 3.3.11)
create or replace function private.ics_text(value text) returns text
language sql immutable set search_path = ''
as $$
  select replace(replace(replace(replace(replace(coalesce(value, ''), E'\\', E'\\\\'), ';', E'\\;'), ',', E'\\,'), E'\r', ''), E'\n', E'\\n')
$$;

-- a content line folded at 75 octets, never inside a UTF-8 character (RFC 5545 3.1)
create or replace function private.ics_fold(line text) returns text
language plpgsql immutable set search_path = ''
as $$
declare
  result text := '';
  current text := '';
  width integer := 0;
  limit_octets integer := 75;
  ch text;
begin
  foreach ch in array regexp_split_to_array(line, '') loop
    if width + octet_length(ch) > limit_octets then
      result := result || current || E'\r\n ';
      current := '';
      width := 0;
      limit_octets := 74; -- the leading space of a continuation line counts
    end if;
    current := current || ch;
    width := width + octet_length(ch);
  end loop;
  return result || current;
end
$$;

create or replace function private.ics_time(at timestamptz) returns text
language sql immutable set search_path = ''
as $$ select to_char(at at time zone 'UTC', 'YYYYMMDD"T"HH24MISS"Z"') $$;

-- the address of 'Name <address>', or the text itself
create or replace function private.mail_address(sender text) returns text
language sql immutable set search_path = ''
as $$ select coalesce(substring(sender from '<([^>]+)>'), btrim(sender)) $$;

-- ---------------------------------------------------------------------------------------------
-- Links
-- ---------------------------------------------------------------------------------------------
create or replace function private.token_hash(token text) returns bytea
language sql immutable set search_path = ''
as $$ select sha256(convert_to(token, 'UTF8')) $$;

-- a new manage link for a booking: 32 random bytes, base64url (43 characters); only the hash stays
create or replace function private.mint_booking_link(booking uuid) returns text
language plpgsql security definer set search_path = ''
as $$
declare
  token text := rtrim(translate(encode(extensions.gen_random_bytes(32), 'base64'), E'+/\n', '-_'), '=');
begin
  insert into private.booking_links (token_hash, appointment_id) values (private.token_hash(token), booking);
  return token;
end
$$;

-- ---------------------------------------------------------------------------------------------
-- The messages
-- ---------------------------------------------------------------------------------------------
/** The length of a consultation (the calendar's slot). */
create or replace function private.meeting_length() returns interval
language sql immutable set search_path = ''
as $$ select interval '30 minutes' $$;

create or replace function private.calendar_zone() returns text
language sql stable set search_path = ''
as $$ select coalesce((select s.time_zone from public.calendar_settings s limit 1), 'Europe/Sofia') $$;

create or replace function private.cutoff_hours() returns integer
language sql stable set search_path = ''
as $$ select coalesce((select s.manage_cutoff_hours from public.calendar_settings s limit 1), 12) $$;

-- the invitation: METHOD:REQUEST, or METHOD:CANCEL for a cancelled booking
create or replace function private.booking_ics(a public.appointments, settings private.mail_settings, link text) returns text
language sql stable set search_path = ''
as $$
  select string_agg(private.ics_fold(line), E'\r\n' order by n) || E'\r\n'
  from unnest(array[
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//' || private.ics_text(settings.brand) || '//Booking//BG',
    'CALSCALE:GREGORIAN',
    'METHOD:' || case when a.status = 'cancelled' then 'CANCEL' else 'REQUEST' end,
    'BEGIN:VEVENT',
    'UID:booking-' || a.id || '@' || coalesce(substring(settings.site_url from '^https?://([^/:]+)'), 'localhost'),
    'SEQUENCE:' || a.sequence,
    'DTSTAMP:' || private.ics_time(now()),
    'DTSTART:' || private.ics_time(a.preferred_date),
    'DTEND:' || private.ics_time(a.preferred_date + private.meeting_length()),
    'SUMMARY:' || private.ics_text('Консултация със ' || settings.brand),
    'DESCRIPTION:' || private.ics_text(
      'Консултация с ' || coalesce((select s.consultant_name from public.calendar_settings s limit 1), settings.brand)
      || case when link is not null then E'.\nПреместване или отказ: ' || link else '.' end),
    'STATUS:' || case a.status when 'cancelled' then 'CANCELLED' when 'confirmed' then 'CONFIRMED' else 'TENTATIVE' end,
    'TRANSP:OPAQUE',
    'ORGANIZER;CN="' || replace(settings.brand, '"', '') || '":mailto:' || private.mail_address(settings.sender),
    'ATTENDEE;CN="' || replace(replace(a.client_name, '"', ''), E'\n', ' ') || '";ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED;RSVP=FALSE:mailto:' || a.client_email
  ] || case when link is not null then array['URL:' || link] else array[]::text[] end
    || array['END:VEVENT', 'END:VCALENDAR']) with ordinality as t(line, n)
$$;

create or replace function private.google_calendar_link(a public.appointments, settings private.mail_settings, link text) returns text
language sql stable set search_path = ''
as $$
  select 'https://calendar.google.com/calendar/render?action=TEMPLATE'
    || '&text=' || private.url_encode('Консултация със ' || settings.brand)
    || '&dates=' || private.ics_time(a.preferred_date) || '/' || private.ics_time(a.preferred_date + private.meeting_length())
    || '&details=' || private.url_encode(case when link is null then '' else 'Преместване или отказ: ' || link end)
$$;

-- One e-mail as HTML and as plain text: a heading, paragraphs, an optional button (a plain link,
-- readable without images or styles) and a closing line. The texts arrive unescaped.
create or replace function private.mail_bodies(
  heading text, paragraphs text[], facts text[][], actions text[][], notes text[], closing text
) returns jsonb
language plpgsql immutable set search_path = ''
as $$
declare
  html text;
  plain text;
  p text;
  i integer;
begin
  html := '<!doctype html><html lang="bg"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">'
    || '<title>' || private.html_text(heading) || '</title></head>'
    || '<body style="margin:0;padding:24px;background:#f8fafc;color:#0f172a;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5">'
    || '<div style="max-width:560px;margin:0 auto;background:#ffffff;border:1px solid #e2e8f0;border-radius:8px;padding:24px">'
    || '<h1 style="font-size:22px;margin:0 0 16px">' || private.html_text(heading) || '</h1>';
  plain := heading || E'\n' || repeat('=', char_length(heading)) || E'\n\n';
  foreach p in array coalesce(paragraphs, array[]::text[]) loop
    html := html || '<p style="margin:0 0 12px">' || private.html_text(p) || '</p>';
    plain := plain || p || E'\n\n';
  end loop;
  if coalesce(array_length(facts, 1), 0) > 0 then
    html := html || '<table role="presentation" style="border-collapse:collapse;margin:0 0 16px">';
    for i in 1 .. array_length(facts, 1) loop
      html := html || '<tr><th scope="row" style="text-align:left;vertical-align:top;padding:4px 12px 4px 0;color:#334155">'
        || private.html_text(facts[i][1]) || '</th><td style="padding:4px 0">' || private.html_text(facts[i][2]) || '</td></tr>';
      plain := plain || facts[i][1] || ': ' || facts[i][2] || E'\n';
    end loop;
    html := html || '</table>';
    plain := plain || E'\n';
  end if;
  if coalesce(array_length(actions, 1), 0) > 0 then
    for i in 1 .. array_length(actions, 1) loop
      html := html || '<p style="margin:0 0 12px"><a href="' || private.html_text(actions[i][2])
        || '" style="color:#1d4ed8;font-weight:bold">' || private.html_text(actions[i][1]) || '</a></p>';
      plain := plain || actions[i][1] || ': ' || actions[i][2] || E'\n';
    end loop;
    plain := plain || E'\n';
  end if;
  foreach p in array coalesce(notes, array[]::text[]) loop
    html := html || '<p style="margin:0 0 12px;font-size:14px;color:#334155">' || private.html_text(p) || '</p>';
    plain := plain || p || E'\n\n';
  end loop;
  html := html || '<p style="margin:16px 0 0;color:#334155">' || replace(private.html_text(closing), E'\n', '<br>') || '</p></div></body></html>';
  plain := plain || closing || E'\n';
  return jsonb_build_object('html', html, 'text', plain);
end
$$;

-- The visitor's name as a greeting: what they typed, shortened (a stranger's address may be typed).
create or replace function private.greeting(name text) returns text
language sql immutable set search_path = ''
as $$
  select 'Здравейте, ' || case when char_length(btrim(name)) > 60 then left(btrim(name), 59) || '…' else btrim(name) end || '!'
$$;

-- Composes one message about a booking, stores it in the outbox and hands it to pg_net. Returns
-- the manage link's token it made (null when the message carries none or mail is not set up).
create or replace function private.queue_booking_mail(a public.appointments, purpose text, actor text default 'system')
returns text
language plpgsql security definer set search_path = ''
as $$
declare
  settings private.mail_settings;
  zone text := private.calendar_zone();
  cutoff integer := private.cutoff_hours();
  consultant text := coalesce((select s.consultant_name from public.calendar_settings s limit 1), 'Консултант');
  token text;
  link text;
  when_text text := private.slot_for_team(a.preferred_date, zone);
  subject text;
  heading text;
  paragraphs text[];
  notes text[] := array[]::text[];
  facts text[][];
  actions text[][] := array[]::text[][];
  bodies jsonb;
  ics text;
  payload jsonb;
  message_id bigint;
begin
  select * into settings from private.mail_settings where id;
  if not found then
    return null;
  end if;
  if a.status <> 'cancelled' then
    token := private.mint_booking_link(a.id);
    link := settings.site_url || '/booking/' || token;
  end if;

  facts := array[array['Кога', when_text]];
  if a.visitor_time_zone is not null and a.visitor_time_zone <> zone then
    facts := facts || array['По вашето време', private.slot_for_team(a.preferred_date, a.visitor_time_zone)];
  end if;
  facts := facts || array['Продължителност', '30 минути'] || array['Консултант', consultant];

  case purpose
    when 'booking_received' then
      subject := 'Получихме заявката ви за консултация: ' || when_text;
      heading := 'Получихме заявката ви за консултация';
      paragraphs := array[private.greeting(a.client_name),
        'Благодарим ви! Часът е запазен за вас. Консултантът ще потвърди срещата скоро и ще получите още един имейл.'];
    when 'booking_confirmed' then
      subject := 'Консултацията ви е потвърдена: ' || when_text;
      heading := 'Консултацията ви е потвърдена';
      paragraphs := array[private.greeting(a.client_name), 'Потвърждаваме срещата ви. Очакваме ви!'];
    when 'booking_moved' then
      subject := 'Консултацията ви е преместена: ' || when_text;
      heading := 'Консултацията ви е преместена';
      paragraphs := array[private.greeting(a.client_name),
        case when actor = 'visitor' then 'Преместихте консултацията си на нов час.' else 'Консултантът премести срещата ви на нов час.' end,
        'Връзката за управление от предишните имейли вече не работи: използвайте новата по-долу.']
        || case when a.status = 'pending' then array['Консултантът ще потвърди новия час и ще получите още един имейл.'] else array[]::text[] end;
    when 'booking_cancelled' then
      subject := 'Консултацията ви е отменена: ' || when_text;
      heading := 'Консултацията ви е отменена';
      paragraphs := array[private.greeting(a.client_name),
        case when actor = 'visitor' then 'Отменихте консултацията си. Часът вече е свободен за други.'
             else 'За съжаление се налага да отменим консултацията ви. Извиняваме се за неудобството.' end,
        'Ако искате нов час, можете да запазите друг на сайта ни.'];
      actions := array[array['Запазете нов час', settings.site_url || '/']];
    when 'booking_reminder' then
      subject := 'Напомняне за консултацията ви: ' || when_text;
      heading := 'Напомняне: консултацията ви наближава';
      paragraphs := array[private.greeting(a.client_name), 'Напомняме ви за потвърдената ви консултация.'];
    else
      raise exception 'Unknown booking message %', purpose;
  end case;

  if link is not null then
    actions := array[array['Добавете в Google Календар', private.google_calendar_link(a, settings, link)],
                     array['Преместете или откажете консултацията', link]];
    notes := array[
      'Можете да преместите или откажете срещата до ' || cutoff || ' часа преди началото ѝ, '
      || 'по-късно — само по телефона или с отговор на този имейл. Връзката е лична: не я препращайте.'];
  end if;
  if purpose <> 'booking_reminder' and a.status <> 'cancelled' then
    notes := array['Поканата за календара ви е в прикачения файл invite.ics.'] || notes;
  end if;
  bodies := private.mail_bodies(heading, paragraphs, facts, actions, notes,
    E'Поздрави,\nекипът на ' || settings.brand);

  payload := jsonb_build_object(
    'from', settings.sender,
    'to', jsonb_build_array(a.client_email),
    'subject', subject,
    'html', bodies ->> 'html',
    'text', bodies ->> 'text');
  if settings.reply_to is not null then
    payload := payload || jsonb_build_object('reply_to', settings.reply_to);
  end if;
  if purpose <> 'booking_reminder' then
    ics := private.booking_ics(a, settings, link);
    payload := payload || jsonb_build_object('attachments', jsonb_build_array(jsonb_build_object(
      'filename', case when a.status = 'cancelled' then 'cancel.ics' else 'invite.ics' end,
      'content', translate(encode(convert_to(ics, 'UTF8'), 'base64'), E'\n', ''),
      'content_type', 'text/calendar; charset=utf-8; method=' || case when a.status = 'cancelled' then 'CANCEL' else 'REQUEST' end)));
  end if;

  insert into private.mail_outbox (appointment_id, purpose, meeting_at, recipient, subject, payload)
  values (a.id, purpose, a.preferred_date, a.client_email, subject, payload)
  returning id into message_id;
  perform private.send_mail(message_id);
  return token;
end
$$;

create or replace function private.queue_inquiry_mail(c public.contact_submissions) returns void
language plpgsql security definer set search_path = ''
as $$
declare
  settings private.mail_settings;
  bodies jsonb;
  subject text;
  message_id bigint;
begin
  select * into settings from private.mail_settings where id;
  if not found or c.email = '' then
    return;
  end if;
  subject := 'Получихме запитването ви — ' || settings.brand;
  -- what the visitor wrote is not repeated: anyone may type another person's address
  bodies := private.mail_bodies('Получихме запитването ви',
    array[private.greeting(c.name),
      'Благодарим ви за запитването! Ще го прегледаме и ще се свържем с вас '
        || case c.contact_method when 'phone' then 'по телефона' when 'both' then 'по имейл или по телефона' else 'по имейл' end
        || ' в рамките на един работен ден.',
      'Ако не сте изпращали запитване до нас, просто не обръщайте внимание на този имейл.'],
    array[]::text[][], array[]::text[][], array[]::text[], E'Поздрави,\nекипът на ' || settings.brand);
  insert into private.mail_outbox (inquiry_id, purpose, recipient, subject, payload)
  values (c.id, 'inquiry_received', c.email, subject, jsonb_build_object(
    'from', settings.sender, 'to', jsonb_build_array(c.email), 'subject', subject,
    'html', bodies ->> 'html', 'text', bodies ->> 'text')
    || case when settings.reply_to is null then '{}'::jsonb else jsonb_build_object('reply_to', settings.reply_to) end)
  returning id into message_id;
  perform private.send_mail(message_id);
end
$$;

-- ---------------------------------------------------------------------------------------------
-- Sending (as the chat notification: pg_net after the commit, the job reads the answers)
-- ---------------------------------------------------------------------------------------------
create or replace function private.send_mail(message_id bigint) returns void
language plpgsql security definer set search_path = ''
as $$
declare
  settings private.mail_settings;
  request bigint;
begin
  select * into settings from private.mail_settings where id;
  if not found then
    return;
  end if;
  if to_regprocedure('net.http_post(text, jsonb, jsonb, jsonb, integer)') is null then
    raise warning 'mail: pg_net is not installed, message % stays queued', message_id;
    return;
  end if;
  select net.http_post(
           url := settings.api_url,
           body := o.payload,
           headers := jsonb_build_object(
             'Content-Type', 'application/json',
             'Authorization', 'Bearer ' || settings.api_key,
             -- a retry after an answer was lost is recognised and not sent twice
             'Idempotency-Key', 'mail-' || o.id || '-' || extract(epoch from o.created_at)::bigint),
           timeout_milliseconds := 10000)
    into request
    from private.mail_outbox o where o.id = message_id and o.payload is not null;
  if request is null then
    return;
  end if;
  update private.mail_outbox
     set status = 'sending', request_id = request, attempts = attempts + 1, last_attempt_at = now()
   where id = message_id;
end
$$;

-- The scheduled job: records the provider's answers, sends again what failed (after 1, 2, 4 …
-- minutes, ten attempts at most) and queues the reminders that are due.
-- What became of a request handed to pg_net: not answered yet (answered false), sent (answered,
-- no failure), or failed with its reason (also when no answer came within five minutes). Both
-- outboxes, the team chat's and the visitors' mail, read their answers through it.
create or replace function private.net_outcome(request bigint, attempted timestamptz, out answered boolean, out failure text)
language plpgsql stable security definer set search_path = ''
as $$
declare
  answer record;
begin
  select r.status_code, r.timed_out, r.error_msg, left(r.content, 200) as content into answer
    from net._http_response r where r.id = request;
  answered := true;
  if not found then
    answered := attempted <= now() - interval '5 minutes';
    failure := case when answered then 'no answer within 5 minutes' end;
  elsif answer.status_code between 200 and 299 then
    failure := null;
  elsif answer.timed_out then
    failure := 'timed out';
  elsif answer.error_msg is not null then
    failure := answer.error_msg;
  else
    failure := 'HTTP ' || answer.status_code || coalesce(': ' || nullif(answer.content, ''), '');
  end if;
end
$$;

-- The chat's job, now through net_outcome (what it does is unchanged).
create or replace function private.process_chat_outbox() returns void
language plpgsql security definer set search_path = ''
as $$
declare
  m record;
  outcome record;
begin
  for m in select * from private.chat_outbox where status = 'sending' order by id for update skip locked loop
    outcome := private.net_outcome(m.request_id, m.last_attempt_at);
    if not outcome.answered then
      continue;
    elsif outcome.failure is null then
      update private.chat_outbox set status = 'sent', sent_at = now(), last_error = null where id = m.id;
      update public.contact_submissions set notified_at = now(), notify_error = null where id = m.inquiry_id;
      update public.appointments set notified_at = now(), notify_error = null where id = m.appointment_id;
      continue;
    end if;
    update private.chat_outbox
       set status = case when attempts >= 10 then 'given_up' else 'failed' end, last_error = outcome.failure
     where id = m.id;
    update public.contact_submissions set notify_error = outcome.failure where id = m.inquiry_id;
    update public.appointments set notify_error = outcome.failure where id = m.appointment_id;
  end loop;

  for m in select id from private.chat_outbox
            where status in ('failed', 'pending')
              and (last_attempt_at is null or last_attempt_at <= now() - make_interval(mins => power(2, least(attempts - 1, 6))::int))
            order by id limit 100 for update skip locked loop
    perform private.send_chat_message(m.id);
  end loop;
end
$$;

create or replace function private.process_mail_outbox() returns void
language plpgsql security definer set search_path = ''
as $$
declare
  m record;
  outcome record;
  a public.appointments;
begin
  for m in select * from private.mail_outbox where status = 'sending' order by id for update skip locked loop
    outcome := private.net_outcome(m.request_id, m.last_attempt_at);
    if not outcome.answered then
      continue;
    elsif outcome.failure is null then
      update private.mail_outbox set status = 'sent', sent_at = now(), last_error = null, payload = null where id = m.id;
      continue;
    end if;
    update private.mail_outbox
       set status = case when attempts >= 10 then 'given_up' else 'failed' end,
           last_error = outcome.failure,
           payload = case when attempts >= 10 then null else payload end
     where id = m.id;
  end loop;

  for m in select id from private.mail_outbox
            where status in ('failed', 'pending')
              and (last_attempt_at is null or last_attempt_at <= now() - make_interval(mins => power(2, least(attempts - 1, 6))::int))
            order by id limit 100 for update skip locked loop
    perform private.send_mail(m.id);
  end loop;

  -- reminders: confirmed meetings that start within 24 hours, once per start time
  if exists (select 1 from private.mail_settings where id) then
    for a in select * from public.appointments ap
              where ap.status = 'confirmed'
                and ap.preferred_date > now()
                and ap.preferred_date <= now() + interval '24 hours'
                and not exists (select 1 from private.mail_outbox o
                                 where o.appointment_id = ap.id and o.purpose = 'booking_reminder' and o.meeting_at = ap.preferred_date)
              order by ap.preferred_date limit 100 loop
      perform private.queue_booking_mail(a, 'booking_reminder', 'system');
    end loop;
  end if;
end
$$;

-- ---------------------------------------------------------------------------------------------
-- What happens to a booking: history, invitation sequence, e-mails, the chat
-- ---------------------------------------------------------------------------------------------
-- Who is acting: a visitor through their link (set by the functions below), an admin through the
-- API, a visitor booking through the API, or the system (jobs, SQL).
create or replace function private.booking_actor() returns text
language sql stable security definer set search_path = ''
as $$
  select case
    when current_setting('app.booking_actor', true) = 'visitor' then 'visitor'
    when auth.uid() is not null and public.is_admin() then 'admin'
    when coalesce(auth.jwt() ->> 'role', '') in ('anon', 'authenticated') then 'visitor'
    else 'system'
  end
$$;

create or replace function private.record_booking_event(booking uuid, kind text, detail jsonb default '{}') returns void
language sql security definer set search_path = ''
as $$
  insert into private.booking_events (appointment_id, kind, actor, actor_id, detail)
  select booking, kind, actor, case when actor = 'admin' then auth.uid() end, detail
    from (select private.booking_actor() as actor) w
$$;

create or replace function private.normalize_visitor_zone() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  if new.visitor_time_zone is not null
     and not exists (select 1 from pg_catalog.pg_timezone_names where name = new.visitor_time_zone) then
    new.visitor_time_zone := null; -- an odd browser value must never cost the visitor the booking
  end if;
  new.sequence := 0;
  return new;
end
$$;
create trigger appointments_visitor_zone before insert on public.appointments
  for each row execute function private.normalize_visitor_zone();

create or replace function private.raise_booking_sequence() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  if new.preferred_date is distinct from old.preferred_date or new.status is distinct from old.status then
    new.sequence := old.sequence + 1;
  else
    new.sequence := old.sequence;
  end if;
  return new;
end
$$;
create trigger appointments_sequence before update on public.appointments
  for each row execute function private.raise_booking_sequence();

-- the team chat hears of a visitor's own cancel or move (when a chat address is set)
create or replace function private.queue_chat_booking_change(a public.appointments, change text, previous timestamptz) returns void
language plpgsql security definer set search_path = ''
as $$
declare
  message_id bigint;
  zone text := private.calendar_zone();
begin
  if not exists (select 1 from private.chat_webhook where id) then
    return;
  end if;
  insert into private.chat_outbox (appointment_id, payload) values (a.id, jsonb_build_object(
    'content', case change when 'cancelled' then '❌ Клиент отмени консултация' else '🔁 Клиент премести консултация' end,
    'embeds', jsonb_build_array(jsonb_build_object(
      'title', 'Консултация: ' || private.slot_for_team(a.preferred_date, zone),
      'color', case change when 'cancelled' then 14427686 else 888724 end, -- red #dc2626, teal #0d9488
      'timestamp', to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'fields', jsonb_build_array(
          jsonb_build_object('name', 'Клиент', 'value', private.chat_field(a.client_name, 'Не е предоставен'), 'inline', true),
          jsonb_build_object('name', 'Имейл', 'value', private.chat_field(a.client_email, 'Не е предоставен'), 'inline', true))
        || case when change = 'moved' then jsonb_build_array(
             jsonb_build_object('name', 'Предишен час', 'value', private.slot_for_team(previous, zone)),
             jsonb_build_object('name', 'Нов час', 'value', private.slot_for_team(a.preferred_date, zone)))
           else jsonb_build_array(jsonb_build_object('name', 'Дата и час', 'value', private.slot_for_team(a.preferred_date, zone))) end)),
    'allowed_mentions', jsonb_build_object('parse', jsonb_build_array())))
  returning id into message_id;
  perform private.send_chat_message(message_id);
end
$$;

create or replace function private.booking_created() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  perform private.record_booking_event(new.id, 'booked');
  if new.status = 'confirmed' then
    perform private.queue_booking_mail(new, 'booking_confirmed', private.booking_actor());
  elsif new.status = 'pending' then
    perform private.queue_booking_mail(new, 'booking_received', private.booking_actor());
  end if;
  return null;
end
$$;
create trigger appointments_conversation_created after insert on public.appointments
  for each row execute function private.booking_created();

create or replace function private.booking_changed() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  actor text := private.booking_actor();
  token text;
begin
  if new.preferred_date is distinct from old.preferred_date then
    perform private.record_booking_event(new.id, 'moved', jsonb_build_object('from', old.preferred_date, 'to', new.preferred_date));
    -- every earlier link dies; the message about the move carries the only live one
    update private.booking_links set revoked_at = now() where appointment_id = new.id and revoked_at is null;
    if new.status <> 'cancelled' then
      -- without mail settings no message carries a link: the visitor who moved still gets one
      token := coalesce(private.queue_booking_mail(new, 'booking_moved', actor), private.mint_booking_link(new.id));
      perform set_config('app.booking_new_link', token, true);
    end if;
    if actor = 'visitor' then
      perform private.queue_chat_booking_change(new, 'moved', old.preferred_date);
    end if;
  end if;
  -- a move back to waiting for confirmation is part of the move, not an event of its own
  if new.status is distinct from old.status
     and not (new.status = 'pending' and new.preferred_date is distinct from old.preferred_date) then
    perform private.record_booking_event(new.id,
      case new.status when 'confirmed' then 'confirmed' when 'cancelled' then 'cancelled' else 'reopened' end,
      jsonb_build_object('from', old.status, 'to', new.status));
    if new.status = 'cancelled' then
      perform private.queue_booking_mail(new, 'booking_cancelled', actor);
      if actor = 'visitor' then
        perform private.queue_chat_booking_change(new, 'cancelled', null);
      end if;
    elsif new.status = 'confirmed' and new.preferred_date is not distinct from old.preferred_date then
      perform private.queue_booking_mail(new, 'booking_confirmed', actor);
    end if;
  end if;
  return null;
end
$$;
create trigger appointments_conversation_changed after update of preferred_date, status on public.appointments
  for each row execute function private.booking_changed();

create or replace function private.inquiry_created() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  perform private.queue_inquiry_mail(new);
  return null;
end
$$;
create trigger contact_submissions_acknowledged after insert on public.contact_submissions
  for each row execute function private.inquiry_created();

-- ---------------------------------------------------------------------------------------------
-- The manage link: what a visitor may do, through these functions only
-- ---------------------------------------------------------------------------------------------
-- The booking a link opens, locked for the caller's change. Refusals name what went wrong in their
-- hint: booking_link_unknown (no such link), booking_link_replaced (the booking was moved since:
-- a newer e-mail has the live link), booking_link_expired (the meeting is over).
create or replace function private.booking_by_link(token text) returns public.appointments
language plpgsql security definer set search_path = ''
as $$
declare
  link private.booking_links;
  a public.appointments;
begin
  if token is null or token !~ '^[A-Za-z0-9_-]{43}$' then
    raise exception 'Unknown booking link' using errcode = 'P0001', hint = 'booking_link_unknown';
  end if;
  select * into link from private.booking_links l where l.token_hash = private.token_hash(token);
  if not found then
    raise exception 'Unknown booking link' using errcode = 'P0001', hint = 'booking_link_unknown';
  end if;
  select * into a from public.appointments ap where ap.id = link.appointment_id for update;
  if not found then
    raise exception 'Unknown booking link' using errcode = 'P0001', hint = 'booking_link_unknown';
  end if;
  if link.revoked_at is not null then
    raise exception 'This booking link was replaced by a newer one' using errcode = 'P0001', hint = 'booking_link_replaced';
  end if;
  if a.preferred_date + private.meeting_length() <= now() then
    raise exception 'This booking link has expired' using errcode = 'P0001', hint = 'booking_link_expired';
  end if;
  return a;
end
$$;

-- What the manage page shows: never the e-mail, the phone or the message the visitor typed.
create or replace function private.booking_view(a public.appointments) returns jsonb
language sql stable security definer set search_path = ''
as $$
  select jsonb_build_object(
    'status', a.status,
    'starts_at', a.preferred_date,
    'ends_at', a.preferred_date + private.meeting_length(),
    'client_name', a.client_name,
    'consultant_name', coalesce(s.consultant_name, 'Консултант'),
    'time_zone', coalesce(s.time_zone, 'Europe/Sofia'),
    'visitor_time_zone', a.visitor_time_zone,
    'cutoff_hours', h.hours,
    'change_until', a.preferred_date - make_interval(hours => h.hours),
    'can_change', a.status <> 'cancelled' and now() < a.preferred_date - make_interval(hours => h.hours))
  from (select private.cutoff_hours() as hours) h
  left join lateral (select * from public.calendar_settings limit 1) s on true
$$;

create or replace function public.booking_by_token(token text) returns jsonb
language plpgsql volatile security definer set search_path = ''
as $$
begin
  return private.booking_view(private.booking_by_link(token));
end
$$;
comment on function public.booking_by_token(text) is 'The booking a manage link opens (POST only: the token never travels in a URL the API logs).';

-- The booking a link opens, when its visitor may still change it: not cancelled (refused with
-- `cancelled_hint`) and before the cut-off (booking_change_too_late). What follows in this
-- transaction is the visitor's doing.
create or replace function private.changeable_booking(token text, cancelled_hint text) returns public.appointments
language plpgsql security definer set search_path = ''
as $$
declare
  a public.appointments := private.booking_by_link(token);
begin
  if a.status = 'cancelled' then
    raise exception 'The booking is cancelled' using errcode = 'P0001', hint = cancelled_hint;
  end if;
  if now() >= a.preferred_date - make_interval(hours => private.cutoff_hours()) then
    raise exception 'Too late to change the booking through the link' using errcode = 'P0001', hint = 'booking_change_too_late';
  end if;
  perform set_config('app.booking_actor', 'visitor', true);
  return a;
end
$$;

create or replace function public.cancel_booking(token text) returns jsonb
language plpgsql volatile security definer set search_path = ''
as $$
declare
  a public.appointments := private.changeable_booking(token, 'booking_already_cancelled');
begin
  update public.appointments set status = 'cancelled' where id = a.id returning * into a;
  return private.booking_view(a);
end
$$;

-- Moves the booking to another free slot under every booking rule (the slot check of
-- appointments, as for a new booking; the intake limits are not counted again). The booking waits
-- for the consultant's confirmation again. Returns the new link's token and the booking.
create or replace function public.move_booking(token text, new_start timestamptz) returns jsonb
language plpgsql volatile security definer set search_path = ''
as $$
declare
  a public.appointments := private.changeable_booking(token, 'booking_move_cancelled');
begin
  if new_start is null or new_start = a.preferred_date then
    raise exception 'The booking is already at that time' using errcode = 'P0001', hint = 'booking_same_slot';
  end if;
  perform set_config('app.booking_new_link', '', true);
  update public.appointments set preferred_date = new_start, status = 'pending' where id = a.id returning * into a;
  return jsonb_build_object('token', nullif(current_setting('app.booking_new_link', true), ''), 'booking', private.booking_view(a));
end
$$;

revoke all on function public.booking_by_token(text), public.cancel_booking(text), public.move_booking(text, timestamptz) from public;
grant execute on function public.booking_by_token(text), public.cancel_booking(text), public.move_booking(text, timestamptz)
  to anon, authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- The inbox: a booking's history (events and every e-mail), for admins
-- ---------------------------------------------------------------------------------------------
create or replace function public.booking_history(booking uuid)
returns table (at timestamptz, kind text, actor text, actor_email text, detail jsonb)
language plpgsql stable security definer set search_path = ''
as $$
begin
  if not public.is_admin() then
    raise exception 'permission denied for function booking_history' using errcode = '42501';
  end if;
  return query
    select h.at, h.kind, h.actor, h.actor_email, h.detail from (
      select e.created_at as at, e.kind, e.actor, u.email::text as actor_email, e.detail, e.id as seq, 0 as src
        from private.booking_events e left join auth.users u on u.id = e.actor_id
       where e.appointment_id = booking
      union all
      select o.created_at, 'mail', 'system', null::text,
             jsonb_build_object('purpose', o.purpose, 'subject', o.subject, 'to', o.recipient, 'status', o.status,
                                'attempts', o.attempts, 'last_error', o.last_error, 'sent_at', o.sent_at),
             o.id, 1
        from private.mail_outbox o
       where o.appointment_id = booking
    ) h
    order by h.at, h.src, h.seq
    limit 200;
end
$$;
revoke all on function public.booking_history(uuid) from public;
grant execute on function public.booking_history(uuid) to authenticated, service_role;

-- functions of the private schema are for triggers, jobs and the functions above
revoke all on all functions in schema private from public, anon, authenticated;

-- every minute, wherever a scheduler is available
do $$
begin
  if to_regprocedure('cron.schedule(text, text, text)') is not null then
    perform cron.schedule('booking-mail', '* * * * *', 'select private.process_mail_outbox()');
  else
    raise warning 'pg_cron is not available: e-mails are not retried and no reminders are sent (enable pg_cron and run this migration''s cron.schedule)';
  end if;
end
$$;
