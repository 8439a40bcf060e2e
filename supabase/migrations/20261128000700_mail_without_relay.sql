-- The database's e-mail is no relay, its invitations cannot be injected, and its links stay few.
--
-- Every inquiry and booking makes the database mail the address the sender typed, from the
-- agency's domain. Before this, that mail carried the sender's own words (the name in the greeting
-- and in the invitation's ATTENDEE line, where a bare CR once injected properties), any number of
-- messages went to one mailbox under different spellings, every message minted one more live
-- manage link (also written into the invitation and the Google Calendar link, so into shared
-- calendars), a link could move the booking in a loop, and a confirmed booking could not be moved
-- at all. Now:
--
--   * Nothing a stranger typed reaches a third party's inbox. A message shows the visitor's name
--     only when the mailbox has answered us (its owner used a link of ours: private.proven_mailboxes)
--     or the team itself booked; otherwise it greets without a name and still says what was booked.
--     What the visitor wrote is never repeated.
--   * At most `mail_per_recipient_per_day` messages a visitor's actions cause reach one mailbox a day,
--     whatever the spelling; the rest are stored as skipped (the inbox shows them), not sent.
--   * A circuit breaker: past `mail_per_hour` messages an hour, or `mail_per_domain_per_hour` to
--     one recipient domain, mail is held instead of sent, the team's chat is told (once an hour
--     while it lasts), and the held messages go out in order once the hour allows.
--   * A newer message about a booking replaces the older ones not sent yet: it tells the booking as
--     it is now and carries the only live link.
--   * A new link retires the older ones. Invitations and calendar links carry no token: they say to
--     use the link in the e-mail. A booking is moved through its links at most `moves_per_booking`
--     times. Moving a confirmed booking works: it waits for the consultant's confirmation again.
--   * Names are cleaned of control characters, cut to 60 characters and quoted as RFC 5545 and
--     RFC 6868 say; the team chat gets what visitors typed with its markdown escaped.
--   * The mail provider's key, the chat's webhook address and the content webhook's address and
--     secret are secrets: they live in Vault (`mail_api_key`, `chat_webhook_url`,
--     `content_webhook_url`, `content_webhook_secret`), no longer in private tables. pg_net still
--     holds them in its request queue for the moment between the commit and the send.
--
-- Setting the secrets (SQL editor; null deletes one):
--   select private.set_vault_secret('mail_api_key', 're_…', 'Resend API key for the e-mails to visitors');
--   select private.set_vault_secret('chat_webhook_url', 'https://discord.com/api/webhooks/…', 'The team chat''s webhook');
--   select private.set_vault_secret('content_webhook_url', 'https://…/__publish'), private.set_vault_secret('content_webhook_secret', '…');

insert into private.intake_limits (name, value, description) values
  ('mail_per_recipient_per_day', 4, 'e-mails a visitor''s actions may cause to one mailbox (any spelling) in 24 hours; more are skipped'),
  ('mail_per_hour', 60, 'e-mails handed to the provider in an hour before the outbox holds the rest (circuit breaker)'),
  ('mail_per_domain_per_hour', 20, 'e-mails to one recipient domain in an hour before the outbox holds the rest (circuit breaker)'),
  ('moves_per_booking', 3, 'how often a visitor may move one booking through its links')
on conflict (name) do update set value = excluded.value, description = excluded.description;

-- ---------------------------------------------------------------------------------------------
-- Secrets to Vault
-- ---------------------------------------------------------------------------------------------
do $$
declare
  key text;
  hook text;
  content record;
begin
  select s.api_key into key from private.mail_settings s where s.id;
  if key is not null and private.vault_secret('mail_api_key') is null then
    perform private.set_vault_secret('mail_api_key', key, 'The mail provider''s API key (e-mails to visitors).');
  end if;
  select w.url into hook from private.chat_webhook w where w.id;
  if hook is not null and private.vault_secret('chat_webhook_url') is null then
    perform private.set_vault_secret('chat_webhook_url', hook, 'The team chat''s incoming webhook (whoever has it can post to the channel).');
  end if;
  select c.url, c.secret into content from private.content_webhook c where c.id;
  if content.url is not null and private.vault_secret('content_webhook_url') is null then
    perform private.set_vault_secret('content_webhook_url', content.url, 'Where content changes are posted (a build hook''s URL is itself a secret).');
    if coalesce(content.secret, '') <> '' then
      perform private.set_vault_secret('content_webhook_secret', content.secret, 'The content webhook''s Bearer token.');
    end if;
  end if;
end
$$;
alter table private.mail_settings drop column api_key;
comment on table private.mail_settings is 'Where and as whom the database sends e-mail. The provider''s key is in Vault (mail_api_key).';

-- The settings when mail can be sent: a settings row and a key.
create or replace function private.mail_ready() returns boolean
language sql stable security definer set search_path = ''
as $$ select exists (select 1 from private.mail_settings where id) and private.vault_secret('mail_api_key') is not null $$;

-- The content webhook, as before, with its address and secret from Vault.
create or replace function private.notify_content_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  hook text := private.vault_secret('content_webhook_url');
  secret text := private.vault_secret('content_webhook_secret');
  strip constant text[] := array['content', 'detailed_description', 'gallery'];
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
drop table private.content_webhook;

create or replace function private.chat_ready() returns boolean
language sql stable security definer set search_path = ''
as $$ select private.vault_secret('chat_webhook_url') is not null $$;

-- ---------------------------------------------------------------------------------------------
-- Mailboxes that have answered
-- ---------------------------------------------------------------------------------------------
create table private.proven_mailboxes (
  mailbox text primary key,
  proven_at timestamptz not null default now(),
  how text not null
);
comment on table private.proven_mailboxes is 'Mailboxes whose owner used a link the database e-mailed them (a button, never a mere visit): only these get messages with the name they typed.';
revoke all on private.proven_mailboxes from public, anon, authenticated;

create or replace function private.prove_mailbox(address text, how text) returns void
language sql security definer set search_path = ''
as $$
  insert into private.proven_mailboxes (mailbox, how) values (private.mailbox_key(address), how)
  on conflict (mailbox) do nothing
$$;

-- ---------------------------------------------------------------------------------------------
-- Names in messages, invitations and the chat
-- ---------------------------------------------------------------------------------------------
-- A name as messages show it: one clean line, at most 60 characters.
create or replace function private.short_name(name text) returns text
language sql immutable set search_path = ''
as $$
  select case when char_length(n) > 60 then left(n, 59) || '…' else n end
  from (select private.plain_line(name) as n) x
$$;

-- The name a message may show for a booking: the one typed, only once the mailbox has answered or
-- when the team made the booking; null otherwise.
create or replace function private.shown_name(a public.appointments) returns text
language sql stable security definer set search_path = ''
as $$
  select case when exists (select 1 from private.proven_mailboxes p where p.mailbox = private.mailbox_key(a.client_email))
                or exists (select 1 from private.booking_events e
                            where e.appointment_id = a.id and e.kind = 'booked' and e.actor in ('admin', 'system'))
              then nullif(private.short_name(a.client_name), '') end
$$;

create or replace function private.greeting(name text) returns text
language sql immutable set search_path = ''
as $$ select case when coalesce(private.short_name(name), '') = '' then 'Здравейте!' else 'Здравейте, ' || private.short_name(name) || '!' end $$;

-- An iCalendar parameter value: one clean line, quoted, with RFC 6868's caret escapes (^^ for ^,
-- ^' for a double quote), so that nothing in it can end the parameter or the line. Null stays null.
create or replace function private.ics_param(value text) returns text
language sql immutable set search_path = ''
as $$ select case when value is not null then '"' || replace(replace(private.plain_line(value), '^', '^^'), '"', '^''') || '"' end $$;

-- iCalendar TEXT: also without control characters (a bare CR or a form feed is no line break)
create or replace function private.ics_text(value text) returns text
language sql immutable set search_path = ''
as $$
  select replace(replace(replace(replace(private.plain_lines(value), E'\\', E'\\\\'), ';', E'\\;'), ',', E'\\,'), E'\n', E'\\n')
$$;

-- A chat field: what a visitor typed, with Discord's markdown escaped (no masked links, no
-- headings, no mentions), cut below the chat's 1024 characters.
create or replace function private.chat_field(value text, placeholder text) returns text
language sql immutable set search_path = ''
as $$
  select case
    when coalesce(btrim(value), '') = '' then placeholder
    else (select case when char_length(e) > 1024 then left(e, 1023) || '…' else e end
            from (select regexp_replace(private.plain_lines(left(value, 2000)), '([\\*_~`|>#\[\]()<:@!-])', '\\\1', 'g') as e) x)
  end
$$;

-- The invitation: METHOD:REQUEST, or METHOD:CANCEL for a cancelled booking. No link in it: it is
-- copied into calendars, shared ones too; it says to use the link in the e-mail.
drop function if exists private.booking_ics(public.appointments, private.mail_settings, text);
create or replace function private.booking_ics(a public.appointments, settings private.mail_settings) returns text
language sql stable security definer set search_path = ''
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
      'Консултация с ' || coalesce((select s.consultant_name from public.calendar_settings s limit 1), settings.brand) || '.'
      || case when a.status = 'cancelled' then ''
              else E'\nЗа преместване или отказ използвайте личната връзка от имейла, не тази покана.' end),
    'STATUS:' || case a.status when 'cancelled' then 'CANCELLED' when 'confirmed' then 'CONFIRMED' else 'TENTATIVE' end,
    'TRANSP:OPAQUE',
    'ORGANIZER;CN=' || private.ics_param(settings.brand) || ':mailto:' || private.mail_address(settings.sender),
    'ATTENDEE;' || coalesce('CN=' || private.ics_param(private.shown_name(a)) || ';', '')
      || 'ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED;RSVP=FALSE:mailto:' || a.client_email,
    'END:VEVENT',
    'END:VCALENDAR'
  ]) with ordinality as t(line, n)
$$;

drop function if exists private.google_calendar_link(public.appointments, private.mail_settings, text);
create or replace function private.google_calendar_link(a public.appointments, settings private.mail_settings) returns text
language sql stable set search_path = ''
as $$
  select 'https://calendar.google.com/calendar/render?action=TEMPLATE'
    || '&text=' || private.url_encode('Консултация със ' || settings.brand)
    || '&dates=' || private.ics_time(a.preferred_date) || '/' || private.ics_time(a.preferred_date + private.meeting_length())
    || '&details=' || private.url_encode('За преместване или отказ използвайте личната връзка от имейла.')
$$;

-- ---------------------------------------------------------------------------------------------
-- Links: one live link per booking
-- ---------------------------------------------------------------------------------------------
create or replace function private.mint_booking_link(booking uuid) returns text
language plpgsql security definer set search_path = ''
as $$
declare
  token text := rtrim(translate(encode(extensions.gen_random_bytes(32), 'base64'), E'+/\n', '-_'), '=');
begin
  -- the newest e-mail carries the only link that works
  update private.booking_links set revoked_at = now() where appointment_id = booking and revoked_at is null;
  insert into private.booking_links (token_hash, appointment_id) values (private.token_hash(token), booking);
  return token;
end
$$;

-- ---------------------------------------------------------------------------------------------
-- The outbox: who caused a message, to which mailbox, and what became of it
-- ---------------------------------------------------------------------------------------------
alter table private.mail_outbox
  add column caused_by text not null default 'system' check (caused_by in ('visitor', 'admin', 'system')),
  add column mailbox text;
update private.mail_outbox set mailbox = private.mailbox_key(recipient);
alter table private.mail_outbox alter column mailbox set not null;
alter table private.mail_outbox drop constraint mail_outbox_status_check;
alter table private.mail_outbox add constraint mail_outbox_status_check
  check (status in ('pending', 'sending', 'sent', 'failed', 'given_up', 'held', 'skipped', 'superseded'));
comment on column private.mail_outbox.status is
  'pending, sending, sent, failed (tried again), given_up; held (the circuit breaker: sent once the hour allows), '
  'skipped (the recipient''s daily limit: never sent), superseded (a newer message about the booking replaced it before it was sent).';
create index mail_outbox_mailbox_idx on private.mail_outbox (mailbox, created_at);
create index mail_outbox_sent_idx on private.mail_outbox (last_attempt_at) where status in ('sending', 'sent', 'failed', 'given_up');
drop index private.mail_outbox_open_idx;
create index mail_outbox_open_idx on private.mail_outbox (status, last_attempt_at) where status in ('pending', 'sending', 'failed', 'held');
create index mail_outbox_inquiry_idx on private.mail_outbox (inquiry_id);

-- Whether mail to `domain` must wait: the breaker's reason, or null.
create or replace function private.mail_breaker(domain text) returns text
language sql stable security definer set search_path = ''
as $$
  select case
    when (select count(*) from private.mail_outbox o
           where o.status in ('sending', 'sent', 'failed', 'given_up') and o.last_attempt_at > now() - interval '1 hour')
         >= private.intake_limit('mail_per_hour')
      then 'more than ' || private.intake_limit('mail_per_hour') || ' e-mails in an hour'
    when (select count(*) from private.mail_outbox o
           where o.status in ('sending', 'sent', 'failed', 'given_up') and o.last_attempt_at > now() - interval '1 hour'
             and split_part(o.mailbox, '@', 2) = domain)
         >= private.intake_limit('mail_per_domain_per_hour')
      then 'more than ' || private.intake_limit('mail_per_domain_per_hour') || ' e-mails to ' || domain || ' in an hour'
  end
$$;

-- When the breaker last told the team (once an hour while mail is held).
create table private.mail_breaker_alerts (
  id boolean primary key default true check (id),
  told_at timestamptz not null
);
revoke all on private.mail_breaker_alerts from public, anon, authenticated;

-- the team chat may now hear of things that are no inquiry or booking (the breaker)
alter table private.chat_outbox drop constraint chat_outbox_check;
alter table private.chat_outbox add constraint chat_outbox_subject check (num_nonnulls(inquiry_id, appointment_id) <= 1);

create or replace function private.tell_team_mail_held(reason text) returns void
language plpgsql security definer set search_path = ''
as $$
declare
  message_id bigint;
begin
  if exists (select 1 from private.mail_breaker_alerts where told_at > now() - interval '1 hour') or not private.chat_ready() then
    return;
  end if;
  insert into private.mail_breaker_alerts (id, told_at) values (true, now())
  on conflict (id) do update set told_at = excluded.told_at;
  insert into private.chat_outbox (payload) values (jsonb_build_object(
    'content', '⚠️ Изходящата поща е задържана',
    'embeds', jsonb_build_array(jsonb_build_object(
      'title', 'Предпазителят на пощата задържа имейли',
      'description', 'Причина: ' || reason || E'.\nЗадържаните имейли ще тръгнат сами, когато часът го позволи. '
        || 'Ако не очаквате толкова писма, проверете входящите запитвания и резервации за злоупотреба.',
      'color', 14427686,
      'timestamp', to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))),
    'allowed_mentions', jsonb_build_object('parse', jsonb_build_array())))
  returning id into message_id;
  perform private.send_chat_message(message_id);
end
$$;

-- Stores one message and hands it on: a newer message about a booking supersedes the older ones
-- not sent yet; past the recipient's daily limit a visitor's message is skipped.
create or replace function private.enqueue_mail(
  booking uuid, inquiry uuid, kind text, meeting timestamptz, send_to text, title text, body jsonb, cause text
) returns bigint
language plpgsql security definer set search_path = ''
as $$
declare
  box text := private.mailbox_key(send_to);
  message_id bigint;
begin
  if booking is not null and kind <> 'booking_reminder' then
    update private.mail_outbox o
       set status = 'superseded', payload = null
     where o.appointment_id = booking and o.purpose <> 'booking_reminder' and o.status in ('pending', 'failed', 'held');
  end if;
  if cause = 'visitor' and (
      select count(*) from private.mail_outbox o
       where o.mailbox = box and o.caused_by = 'visitor' and o.created_at > now() - interval '1 day'
         and o.status not in ('skipped', 'superseded'))
     >= private.intake_limit('mail_per_recipient_per_day') then
    insert into private.mail_outbox (appointment_id, inquiry_id, purpose, meeting_at, recipient, mailbox, subject, payload, status, last_error, caused_by)
    values (booking, inquiry, kind, meeting, send_to, box, title, null, 'skipped',
            'not sent: ' || private.intake_limit('mail_per_recipient_per_day') || ' e-mails to this mailbox in 24 hours', cause)
    returning id into message_id;
    return message_id;
  end if;
  insert into private.mail_outbox (appointment_id, inquiry_id, purpose, meeting_at, recipient, mailbox, subject, payload, caused_by)
  values (booking, inquiry, kind, meeting, send_to, box, title, body, cause)
  returning id into message_id;
  perform private.send_mail(message_id);
  return message_id;
end
$$;

-- Hands one message to pg_net, unless the breaker holds it.
create or replace function private.send_mail(message_id bigint) returns void
language plpgsql security definer set search_path = ''
as $$
declare
  settings private.mail_settings;
  key text := private.vault_secret('mail_api_key');
  message private.mail_outbox;
  reason text;
  request bigint;
begin
  select * into settings from private.mail_settings where id;
  if not found or key is null then
    return;
  end if;
  select * into message from private.mail_outbox o where o.id = message_id;
  if not found or message.payload is null then
    return;
  end if;
  if to_regprocedure('net.http_post(text, jsonb, jsonb, jsonb, integer)') is null then
    raise warning 'mail: pg_net is not installed, message % stays queued', message_id;
    return;
  end if;
  reason := private.mail_breaker(split_part(message.mailbox, '@', 2));
  if reason is not null then
    update private.mail_outbox set status = 'held', last_error = 'held: ' || reason where id = message_id;
    perform private.tell_team_mail_held(reason);
    return;
  end if;
  select net.http_post(
           url := settings.api_url,
           body := message.payload,
           headers := jsonb_build_object(
             'Content-Type', 'application/json',
             'Authorization', 'Bearer ' || key,
             -- a retry after an answer was lost is recognised and not sent twice
             'Idempotency-Key', 'mail-' || message.id || '-' || extract(epoch from message.created_at)::bigint),
           timeout_milliseconds := 10000)
    into request;
  update private.mail_outbox
     set status = 'sending', request_id = request, attempts = attempts + 1, last_attempt_at = now(),
         last_error = case when status = 'held' then null else last_error end
   where id = message_id;
end
$$;

-- ---------------------------------------------------------------------------------------------
-- The messages
-- ---------------------------------------------------------------------------------------------
create or replace function private.queue_booking_mail(a public.appointments, purpose text, actor text default 'system')
returns text
language plpgsql security definer set search_path = ''
as $$
declare
  settings private.mail_settings;
  zone text := private.calendar_zone();
  cutoff integer := private.cutoff_hours();
  consultant text := coalesce((select s.consultant_name from public.calendar_settings s limit 1), 'Консултант');
  greeting text := private.greeting(private.shown_name(a));
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
  payload jsonb;
begin
  if not private.mail_ready() then
    return null;
  end if;
  select * into settings from private.mail_settings where id;
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
      paragraphs := array[greeting,
        'Благодарим ви! Часът е запазен за вас. Консултантът ще потвърди срещата скоро и ще получите още един имейл.',
        'Ако не сте запазвали консултация при нас, не е нужно да правите нищо: часът ще бъде освободен.'];
    when 'booking_confirmed' then
      subject := 'Консултацията ви е потвърдена: ' || when_text;
      heading := 'Консултацията ви е потвърдена';
      paragraphs := array[greeting, 'Потвърждаваме срещата ви. Очакваме ви!'];
    when 'booking_moved' then
      subject := 'Консултацията ви е преместена: ' || when_text;
      heading := 'Консултацията ви е преместена';
      paragraphs := array[greeting,
        case when actor = 'visitor' then 'Преместихте консултацията си на нов час.' else 'Консултантът премести срещата ви на нов час.' end]
        || case when a.status = 'pending' then array['Консултантът ще потвърди новия час и ще получите още един имейл.'] else array[]::text[] end;
    when 'booking_cancelled' then
      subject := 'Консултацията ви е отменена: ' || when_text;
      heading := 'Консултацията ви е отменена';
      paragraphs := array[greeting,
        case when actor = 'visitor' then 'Отменихте консултацията си. Часът вече е свободен за други.'
             else 'За съжаление се налага да отменим консултацията ви. Извиняваме се за неудобството.' end,
        'Ако искате нов час, можете да запазите друг на сайта ни.'];
      actions := array[array['Запазете нов час', settings.site_url || '/']];
    when 'booking_reminder' then
      subject := 'Напомняне за консултацията ви: ' || when_text;
      heading := 'Напомняне: консултацията ви наближава';
      paragraphs := array[greeting, 'Напомняме ви за потвърдената ви консултация.'];
    else
      raise exception 'Unknown booking message %', purpose;
  end case;

  if link is not null then
    actions := array[array['Добавете в Google Календар', private.google_calendar_link(a, settings)],
                     array['Преместете или откажете консултацията', link]];
    notes := array[
      'Можете да преместите или откажете срещата до ' || cutoff || ' часа преди началото ѝ, '
      || 'по-късно — само по телефона или с отговор на този имейл. Връзката е лична: не я препращайте. '
      || 'Работи само връзката от най-новия ни имейл.'];
  end if;
  if purpose <> 'booking_reminder' and a.status <> 'cancelled' then
    notes := array['Поканата за календара ви е в прикачения файл invite.ics.'] || notes;
  end if;
  bodies := private.mail_bodies(heading, paragraphs, facts, actions, notes, E'Поздрави,\nекипът на ' || settings.brand);

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
    payload := payload || jsonb_build_object('attachments', jsonb_build_array(jsonb_build_object(
      'filename', case when a.status = 'cancelled' then 'cancel.ics' else 'invite.ics' end,
      'content', translate(encode(convert_to(private.booking_ics(a, settings), 'UTF8'), 'base64'), E'\n', ''),
      'content_type', 'text/calendar; charset=utf-8; method=' || case when a.status = 'cancelled' then 'CANCEL' else 'REQUEST' end)));
  end if;

  perform private.enqueue_mail(a.id, null, purpose, a.preferred_date, a.client_email, subject, payload,
    case when actor in ('visitor', 'admin') then actor else 'system' end);
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
  shown text;
begin
  if c.email = '' or not private.mail_ready() then
    return;
  end if;
  select * into settings from private.mail_settings where id;
  shown := case when exists (select 1 from private.proven_mailboxes p where p.mailbox = private.mailbox_key(c.email))
                then c.name end;
  subject := 'Получихме запитването ви — ' || settings.brand;
  -- what the visitor wrote is not repeated: anyone may type another person's address
  bodies := private.mail_bodies('Получихме запитването ви',
    array[private.greeting(shown),
      'Благодарим ви за запитването! Ще го прегледаме и ще се свържем с вас '
        || case c.contact_method when 'phone' then 'по телефона' when 'both' then 'по имейл или по телефона' else 'по имейл' end
        || ' в рамките на един работен ден.',
      'Ако не сте изпращали запитване до нас, просто не обръщайте внимание на този имейл.'],
    array[]::text[][], array[]::text[][], array[]::text[], E'Поздрави,\nекипът на ' || settings.brand);
  perform private.enqueue_mail(null, c.id, 'inquiry_received', null, c.email, subject,
    jsonb_build_object('from', settings.sender, 'to', jsonb_build_array(c.email), 'subject', subject,
                       'html', bodies ->> 'html', 'text', bodies ->> 'text')
      || case when settings.reply_to is null then '{}'::jsonb else jsonb_build_object('reply_to', settings.reply_to) end,
    case when private.is_visitor() then 'visitor' when private.is_api_caller() then 'admin' else 'system' end);
end
$$;

-- The scheduled job: answers, retries and reminders as before; held mail goes out in order once
-- the breaker allows, and mail held for a meeting that has begun is given up.
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

  update private.mail_outbox
     set status = 'given_up', payload = null, last_error = coalesce(last_error, 'held') || '; the meeting has begun'
   where status = 'held' and meeting_at is not null and meeting_at <= now();

  for m in select id from private.mail_outbox
            where status in ('failed', 'pending', 'held')
              and (status = 'held' or last_attempt_at is null
                   or last_attempt_at <= now() - make_interval(mins => power(2, least(attempts - 1, 6))::int))
            order by id limit 100 for update skip locked loop
    perform private.send_mail(m.id);
  end loop;

  -- reminders: confirmed meetings that start within 24 hours, once per start time
  if private.mail_ready() then
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
-- The team chat: its address from Vault
-- ---------------------------------------------------------------------------------------------
create or replace function private.send_chat_message(message_id bigint) returns void
language plpgsql security definer set search_path = ''
as $$
declare
  hook text := private.vault_secret('chat_webhook_url');
  request bigint;
begin
  if hook is null then
    return;
  end if;
  if to_regprocedure('net.http_post(text, jsonb, jsonb, jsonb, integer)') is null then
    raise warning 'chat notification: pg_net is not installed, message % stays queued', message_id;
    return;
  end if;
  select net.http_post(
           url := hook,
           body := o.payload,
           headers := '{"Content-Type": "application/json"}'::jsonb,
           timeout_milliseconds := 5000)
    into request
    from private.chat_outbox o where o.id = message_id;
  update private.chat_outbox
     set status = 'sending', request_id = request, attempts = attempts + 1, last_attempt_at = now()
   where id = message_id;
end
$$;

create or replace function private.queue_chat_message() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  message_id bigint;
begin
  if not private.chat_ready() then
    return null; -- nowhere to send: the team reads the inbox
  end if;
  if tg_table_name = 'contact_submissions' then
    insert into private.chat_outbox (inquiry_id, payload) values (new.id, private.inquiry_message(new)) returning id into message_id;
  else
    insert into private.chat_outbox (appointment_id, payload) values (new.id, private.booking_message(new)) returning id into message_id;
  end if;
  perform private.send_chat_message(message_id);
  return null;
end
$$;

create or replace function private.queue_chat_booking_change(a public.appointments, change text, previous timestamptz) returns void
language plpgsql security definer set search_path = ''
as $$
declare
  message_id bigint;
  zone text := private.calendar_zone();
begin
  if not private.chat_ready() then
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

drop table private.chat_webhook;

-- ---------------------------------------------------------------------------------------------
-- Moving a booking: a confirmed one too, a few times at most
-- ---------------------------------------------------------------------------------------------
-- A move sends a confirmed booking back to waiting for confirmation (the consultant confirms the
-- new time); otherwise a status still only moves forward.
create or replace function public.appointments_status_transition() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.status is distinct from old.status and not (
    (old.status = 'pending' and new.status in ('confirmed', 'cancelled'))
    or (old.status = 'confirmed' and new.status = 'cancelled')
    or (old.status = 'confirmed' and new.status = 'pending' and new.preferred_date is distinct from old.preferred_date)
  ) then
    raise exception 'Статусът на резервацията не може да се промени от „%“ на „%“.', old.status, new.status
      using errcode = '23514';
  end if;
  return new;
end;
$$;

create or replace function private.visitor_moves(booking uuid) returns integer
language sql stable security definer set search_path = ''
as $$
  select count(*)::integer from private.booking_events e
   where e.appointment_id = booking and e.kind = 'moved' and e.actor = 'visitor'
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
    'can_change', a.status <> 'cancelled' and now() < a.preferred_date - make_interval(hours => h.hours),
    'moves_left', greatest(0, private.intake_limit('moves_per_booking') - private.visitor_moves(a.id)))
  from (select private.cutoff_hours() as hours) h
  left join lateral (select * from public.calendar_settings limit 1) s on true
$$;

create or replace function public.cancel_booking(token text) returns jsonb
language plpgsql volatile security definer set search_path = ''
as $$
declare
  a public.appointments := private.changeable_booking(token, 'booking_already_cancelled');
begin
  -- the button was pressed through a link we e-mailed: the mailbox has answered
  perform private.prove_mailbox(a.client_email, 'cancelled through the manage link');
  update public.appointments set status = 'cancelled' where id = a.id returning * into a;
  return private.booking_view(a);
end
$$;

-- Moves the booking to another free slot under every booking rule (the slot check of
-- appointments, as for a new booking; the intake limits are not counted again), at most
-- moves_per_booking times. A pending or confirmed booking then waits for the consultant's
-- confirmation of the new time. Returns the new link's token and the booking.
create or replace function public.move_booking(token text, new_start timestamptz) returns jsonb
language plpgsql volatile security definer set search_path = ''
as $$
declare
  a public.appointments := private.changeable_booking(token, 'booking_move_cancelled');
begin
  if new_start is null or new_start = a.preferred_date then
    raise exception 'The booking is already at that time' using errcode = 'P0001', hint = 'booking_same_slot';
  end if;
  if private.visitor_moves(a.id) >= private.intake_limit('moves_per_booking') then
    raise exception 'The booking was moved as often as a link allows' using errcode = 'P0001', hint = 'booking_move_limit';
  end if;
  perform private.prove_mailbox(a.client_email, 'moved through the manage link');
  perform set_config('app.booking_new_link', '', true);
  update public.appointments set preferred_date = new_start, status = 'pending' where id = a.id returning * into a;
  return jsonb_build_object('token', nullif(current_setting('app.booking_new_link', true), ''), 'booking', private.booking_view(a));
end
$$;

-- Nightly: forget what no limit counts any more, spent challenges that have expired, and that a
-- mailbox answered once a year has passed.
create or replace function private.prune_intake_clients() returns void
language sql security definer set search_path = ''
as $$
  delete from private.intake_clients c
   where c.created_at < now() - interval '1 day'
     and not exists (
       select 1 from public.appointments a
        where a.id = c.appointment_id and a.status = 'pending' and a.preferred_date > now());
  delete from private.spent_challenges where expires_at < now();
  delete from private.proven_mailboxes where proven_at < now() - interval '1 year';
$$;

-- functions of the private schema are for triggers, jobs and the functions above
revoke all on all functions in schema private from public, anon, authenticated;
