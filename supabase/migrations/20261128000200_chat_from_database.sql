-- The team-chat notification leaves the browser.
--
-- The system this product was specified from posted every new inquiry and booking to the team's
-- chat from the visitor's browser, so the chat's webhook URL — a secret: whoever has it can post
-- to the channel or delete the webhook — shipped in every visitor's JavaScript. Now the database
-- sends it, after the row is committed, the way it already tells the publisher about content
-- (pg_net), from an address kept in a private table:
--
--   insert into private.chat_webhook (url) values ('https://discord.com/api/webhooks/…')
--     on conflict (id) do update set url = excluded.url, updated_at = now();
--
-- Each message is a row of private.chat_outbox (Discord's webhook JSON: a content line and one
-- embed). Sending it records pg_net's request; a scheduled job (pg_cron, every minute) reads the
-- answers, marks each message sent or failed, writes notified_at / notify_error on the inquiry or
-- booking (which the inbox shows), and sends failed ones again, up to ten times. Without an
-- address nothing is queued; without pg_net a configured address only warns: an inquiry is never
-- lost because the chat could not be told.

create table private.chat_webhook (
  id boolean primary key default true check (id),
  url text not null check (url ~* '^https?://[^\s]+$'),
  updated_at timestamptz not null default now()
);
revoke all on private.chat_webhook from public, anon, authenticated;

alter table public.contact_submissions add column notified_at timestamptz, add column notify_error text;
alter table public.appointments add column notified_at timestamptz, add column notify_error text;
comment on column public.contact_submissions.notified_at is 'When the team chat accepted the notification (set by the database).';
comment on column public.contact_submissions.notify_error is 'Why the last attempt to notify the team chat failed, while it has not succeeded.';

-- Recording a notification is not an edit: updated_at (the admins' version check) moves only when
-- what an admin sees and edits changes, so a delivery report never makes an admin's save "stale".
drop trigger contact_submissions_updated_at on public.contact_submissions;
create trigger contact_submissions_updated_at
  before update of name, email, phone, company, message, purpose, contact_method, status on public.contact_submissions
  for each row execute function public.set_updated_at();
drop trigger appointments_updated_at on public.appointments;
create trigger appointments_updated_at
  before update of client_name, client_email, client_phone, company_name, preferred_date, message, status on public.appointments
  for each row execute function public.set_updated_at();

create table private.chat_outbox (
  id bigserial primary key,
  inquiry_id uuid references public.contact_submissions (id) on delete cascade,
  appointment_id uuid references public.appointments (id) on delete cascade,
  payload jsonb not null,
  status text not null default 'pending' check (status in ('pending', 'sending', 'sent', 'failed', 'given_up')),
  attempts integer not null default 0,
  request_id bigint,
  last_error text,
  created_at timestamptz not null default now(),
  last_attempt_at timestamptz,
  sent_at timestamptz,
  check ((inquiry_id is null) <> (appointment_id is null))
);
create index chat_outbox_open_idx on private.chat_outbox (status, last_attempt_at) where status in ('pending', 'sending', 'failed');
revoke all on private.chat_outbox from public, anon, authenticated;

-- ---------------------------------------------------------------------------------------------
-- The messages (the same texts the browser sent before)
-- ---------------------------------------------------------------------------------------------
create or replace function private.chat_field(value text, placeholder text) returns text
language sql immutable set search_path = ''
as $$
  -- a chat refuses empty values and values above 1024 characters
  select case
    when coalesce(btrim(value), '') = '' then placeholder
    when char_length(btrim(value)) > 1024 then left(btrim(value), 1023) || '…'
    else btrim(value)
  end
$$;

-- '23 ноември 2026 г., 10:00 (българско време)', or the zone's name for another zone
create or replace function private.slot_for_team(at timestamptz, zone text) returns text
language sql stable set search_path = ''
as $$
  select format('%s, %s %s %s г., %s (%s)',
    (array['понеделник', 'вторник', 'сряда', 'четвъртък', 'петък', 'събота', 'неделя'])[extract(isodow from at at time zone zone)::int],
    extract(day from at at time zone zone)::int,
    (array['януари', 'февруари', 'март', 'април', 'май', 'юни', 'юли', 'август', 'септември', 'октомври', 'ноември', 'декември'])[extract(month from at at time zone zone)::int],
    extract(year from at at time zone zone)::int,
    to_char(at at time zone zone, 'HH24:MI'),
    case when zone = 'Europe/Sofia' then 'българско време' else zone end)
$$;

create or replace function private.inquiry_message(c public.contact_submissions) returns jsonb
language sql stable set search_path = ''
as $$
  select jsonb_build_object(
    'content', '📩 Ново запитване от сайта',
    'embeds', jsonb_build_array(jsonb_build_object(
      'title', 'Запитване: ' || service,
      'color', 3099844, -- the brand blue, #2f4cc4
      'timestamp', to_char(c.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'fields', jsonb_build_array(
        jsonb_build_object('name', 'Име', 'value', private.chat_field(c.name, 'Не е предоставен'), 'inline', true),
        jsonb_build_object('name', 'Компания', 'value', private.chat_field(c.company, 'Не е посочена'), 'inline', true),
        jsonb_build_object('name', 'Услуга', 'value', service, 'inline', true),
        jsonb_build_object('name', 'Имейл', 'value', private.chat_field(c.email, 'Не е предоставен'), 'inline', true),
        jsonb_build_object('name', 'Телефон', 'value', private.chat_field(c.phone, 'Не е предоставен'), 'inline', true),
        jsonb_build_object('name', 'Предпочитан начин за контакт', 'value',
          case c.contact_method when 'email' then 'Имейл' when 'phone' then 'Телефон' when 'both' then 'Имейл и телефон' else c.contact_method end,
          'inline', true),
        jsonb_build_object('name', 'Съобщение', 'value', private.chat_field(c.message, 'Няма съобщение'))
      )
    )),
    -- text typed by visitors must never ping anyone in the chat
    'allowed_mentions', jsonb_build_object('parse', jsonb_build_array())
  )
  from (select case c.purpose
                 when 'real_estate' then 'Недвижими имоти'
                 when 'hospitality' then 'Туризъм и ресторанти'
                 when 'fitness' then 'Фитнес'
                 when 'custom' then 'Софтуер по поръчка'
                 else c.purpose end as service) s
$$;

create or replace function private.booking_message(a public.appointments) returns jsonb
language sql stable set search_path = ''
as $$
  select jsonb_build_object(
    'content', '📅 Нова заявка за консултация',
    'embeds', jsonb_build_array(jsonb_build_object(
      'title', 'Консултация: ' || slot,
      'color', 888724, -- the accent teal, #0d9488
      'timestamp', to_char(a.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'fields', jsonb_build_array(
        jsonb_build_object('name', 'Клиент', 'value', private.chat_field(a.client_name, 'Не е предоставен'), 'inline', true),
        jsonb_build_object('name', 'Компания', 'value', private.chat_field(a.company_name, 'Не е посочена'), 'inline', true),
        jsonb_build_object('name', 'Имейл', 'value', private.chat_field(a.client_email, 'Не е предоставен'), 'inline', true),
        jsonb_build_object('name', 'Телефон', 'value', private.chat_field(a.client_phone, 'Не е предоставен'), 'inline', true),
        jsonb_build_object('name', 'Дата и час', 'value', slot),
        jsonb_build_object('name', 'Съобщение', 'value', private.chat_field(a.message, 'Няма съобщение'))
      )
    )),
    'allowed_mentions', jsonb_build_object('parse', jsonb_build_array())
  )
  from (select private.slot_for_team(a.preferred_date,
                 coalesce((select s.time_zone from public.calendar_settings s limit 1), 'Europe/Sofia')) as slot) t
$$;

-- ---------------------------------------------------------------------------------------------
-- Sending
-- ---------------------------------------------------------------------------------------------
-- Hands one message to pg_net, which sends it once this transaction commits.
create or replace function private.send_chat_message(message_id bigint) returns void
language plpgsql security definer set search_path = ''
as $$
declare
  hook text := (select url from private.chat_webhook where id);
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
  if not exists (select 1 from private.chat_webhook where id) then
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
create trigger contact_submissions_chat after insert on public.contact_submissions
  for each row execute function private.queue_chat_message();
create trigger appointments_chat after insert on public.appointments
  for each row execute function private.queue_chat_message();

-- The scheduled job: reads pg_net's answers, records them on the outbox and on the inquiry or
-- booking, and sends again what failed (after 1, 2, 4 … minutes; at most ten attempts).
create or replace function private.process_chat_outbox() returns void
language plpgsql security definer set search_path = ''
as $$
declare
  m record;
  answer record;
  failure text;
begin
  for m in select * from private.chat_outbox where status = 'sending' order by id for update skip locked loop
    select r.status_code, r.timed_out, r.error_msg, left(r.content, 200) as content into answer
      from net._http_response r where r.id = m.request_id;
    if not found then
      if m.last_attempt_at > now() - interval '5 minutes' then
        continue; -- not answered yet
      end if;
      failure := 'no answer within 5 minutes';
    elsif answer.status_code between 200 and 299 then
      update private.chat_outbox set status = 'sent', sent_at = now(), last_error = null where id = m.id;
      update public.contact_submissions set notified_at = now(), notify_error = null where id = m.inquiry_id;
      update public.appointments set notified_at = now(), notify_error = null where id = m.appointment_id;
      continue;
    elsif answer.timed_out then
      failure := 'timed out';
    elsif answer.error_msg is not null then
      failure := answer.error_msg;
    else
      failure := 'HTTP ' || answer.status_code || coalesce(': ' || nullif(answer.content, ''), '');
    end if;
    update private.chat_outbox
       set status = case when attempts >= 10 then 'given_up' else 'failed' end, last_error = failure
     where id = m.id;
    update public.contact_submissions set notify_error = failure where id = m.inquiry_id;
    update public.appointments set notify_error = failure where id = m.appointment_id;
  end loop;

  for m in select id from private.chat_outbox
            where status in ('failed', 'pending')
              and (last_attempt_at is null or last_attempt_at <= now() - make_interval(mins => power(2, least(attempts - 1, 6))::int))
            order by id limit 100 for update skip locked loop
    perform private.send_chat_message(m.id);
  end loop;
end
$$;

revoke all on all functions in schema private from public, anon, authenticated;

-- every minute, wherever a scheduler is available
do $$
begin
  if to_regprocedure('cron.schedule(text, text, text)') is not null then
    perform cron.schedule('chat-notifications', '* * * * *', 'select private.process_chat_outbox()');
  else
    raise warning 'pg_cron is not available: failed chat notifications are not retried (enable pg_cron and run this migration''s cron.schedule)';
  end if;
end
$$;
