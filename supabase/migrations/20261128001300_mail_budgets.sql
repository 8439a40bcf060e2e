-- Mail budgets by cause: what strangers send cannot silence the mail (issue 46).
--
-- The outbox's hourly circuit breaker counted every e-mail alike, so a flood of forms held
-- everyone's mail: 60 forms from 12 networks held a real booking's e-mail and a real newsletter
-- confirmation for the hour; 24 forms to random gmail.com addresses held every mail to gmail.com,
-- the consultant's "confirmed" among it. Held mail went out oldest first, so a steady trickle
-- delayed genuine mail without bound, and the job looked only at the oldest 100 open rows. Now
-- each message belongs to a budget, by what caused it (private.mail_budget):
--
--   * team: what an admin or the system causes (the consultant confirms, moves or cancels a
--     booking, reminders, follow-up digests, newsletter tests, anything entered in the panel);
--   * booking: a visitor's own change to an existing booking through its manage link (the move,
--     the cancellation);
--   * visitor: what a visitor's new form causes (an inquiry's acknowledgement, a new booking's
--     first e-mail, a newsletter confirmation they asked for).
--
-- The hour's provider cap (`mail_per_hour`) counts every e-mail, but keeps room: visitors'
-- e-mails (booking and visitor together) may use all but `mail_kept_for_team_per_hour`, and new
-- forms' e-mails all but `mail_kept_for_bookings_per_hour` more. So nothing visitors cause holds
-- the team's mail, and no flood of forms holds a booking's own changes. Per recipient domain the
-- same: new forms' mail may use all but `mail_kept_per_domain_per_hour` of
-- `mail_per_domain_per_hour`. Visitors' forms have their own budget, fair per network (the
-- visitor's IPv4 /24 or IPv6 /48, as private.visitor_keys() hashes it):
--
--   * one network's forms cause at most `mail_visitor_per_network_per_hour` e-mails an hour;
--   * once the new forms' budget (or a domain's share of it) is a quarter spent, a network that
--     already had `mail_visitor_share_per_network` e-mails (to that domain) waits, while one that
--     had fewer goes through: a handful of networks cannot crowd out a fresh one.
--
-- The scheduled job sends held mail by priority (team, then booking, then visitors: the networks
-- that had least first), reads every held message, and skips only what is full, so one domain's
-- or one network's backlog never blocks another's. Held mail for a meeting that has begun is given
-- up, as before, and so is a new form's mail held for a day. The team's chat is told once an hour
-- per budget while mail is held. The network's keyed hash is kept on a message only while a budget
-- needs it: until it has been sent for an hour (at most a day and an hour while it is held).

insert into private.intake_limits (name, value, description) values
  ('mail_per_hour', 100, 'e-mails handed to the provider in an hour, every kind together, before the outbox holds the rest (circuit breaker)'),
  ('mail_per_domain_per_hour', 60, 'e-mails to one recipient domain in an hour, every kind together, before the outbox holds the rest (circuit breaker)'),
  ('mail_kept_for_team_per_hour', 20, 'of mail_per_hour: room that only the team''s and the system''s e-mails may use (nothing a visitor causes)'),
  ('mail_kept_for_bookings_per_hour', 20, 'of mail_per_hour: more room that visitors'' new forms may not use (kept for the team and for visitors'' changes to their booking)'),
  ('mail_kept_per_domain_per_hour', 20, 'of mail_per_domain_per_hour: room at each domain that visitors'' new forms may not use'),
  ('mail_visitor_per_network_per_hour', 6, 'e-mails the new forms of one network (IPv4 /24, IPv6 /48) may cause in an hour; more wait'),
  ('mail_visitor_share_per_network', 2, 'once the new forms'' e-mail budget (or a domain''s part of it) is a quarter spent, a network that had this many in the hour (to that domain) waits for those that had fewer')
on conflict (name) do update set value = excluded.value, description = excluded.description;

-- ---------------------------------------------------------------------------------------------
-- Which budget a message is in, and from which network
-- ---------------------------------------------------------------------------------------------
-- team (an admin or the system caused it), booking (a visitor changed an existing booking through
-- its link), visitor (a visitor's new form: an inquiry, a new booking, a newsletter sign-up).
create or replace function private.mail_budget(kind text, cause text) returns text
language sql immutable set search_path = ''
as $$
  select case
    when cause is distinct from 'visitor' then 'team'
    when kind in ('booking_confirmed', 'booking_moved', 'booking_cancelled', 'booking_reminder') then 'booking'
    else 'visitor'
  end
$$;

alter table private.mail_outbox
  add column budget text not null default 'team' check (budget in ('team', 'booking', 'visitor')),
  add column network text;
update private.mail_outbox set budget = private.mail_budget(purpose, caused_by);
comment on column private.mail_outbox.budget is
  'What caused the message, for the circuit breaker: team (an admin or the system), booking (a visitor''s change to an existing booking '
  'through its link), visitor (a visitor''s new form). See private.mail_budget.';
comment on column private.mail_outbox.network is
  'A visitor-budget message only: the keyed hash of the sender''s wide network (IPv4 /24, IPv6 /48; private.visitor_keys().wide), '
  'or ''unknown'' without a client address. Cleared an hour after the message was handed over (or at once when skipped or superseded).';
-- the job's look at the held mail of the classes before a visitor's
create index mail_outbox_held_idx on private.mail_outbox (budget, id) where status = 'held';

-- ---------------------------------------------------------------------------------------------
-- The breaker
-- ---------------------------------------------------------------------------------------------
drop function private.mail_breaker(text);

-- Whether `m` must wait: the reason (for last_error and the team), and what is full, as a key the
-- job skips for the rest of its run ('all', 'from:booking' (booking and visitor mail),
-- 'from:visitor', 'domain:<d>', 'vdomain:<d>' (new forms' mail to d), 'net:<n>', 'netdom:<n> <d>');
-- both null when it may go. Counts what was handed to the provider in the last hour.
create or replace function private.mail_breaker(m private.mail_outbox, out reason text, out block text)
language plpgsql stable security definer set search_path = ''
as $$
declare
  domain text := split_part(m.mailbox, '@', 2);
  all_cap integer := private.intake_limit('mail_per_hour');
  domain_cap integer := private.intake_limit('mail_per_domain_per_hour');
  -- what visitors cause (booking and visitor mail) may use, and what their new forms may
  side_cap integer := all_cap - private.intake_limit('mail_kept_for_team_per_hour');
  visitor_cap integer := side_cap - private.intake_limit('mail_kept_for_bookings_per_hour');
  visitor_domain_cap integer := domain_cap - private.intake_limit('mail_kept_per_domain_per_hour');
  network_cap integer := private.intake_limit('mail_visitor_per_network_per_hour');
  share integer := private.intake_limit('mail_visitor_share_per_network');
  total bigint;
  team_to_domain bigint;
  side bigint;
  visitors bigint;
  to_domain bigint;
  visitors_to_domain bigint;
  from_network bigint;
  from_network_to_domain bigint;
  waiting bigint := 0;
begin
  select count(*),
         count(*) filter (where o.budget = 'team' and split_part(o.mailbox, '@', 2) = domain),
         count(*) filter (where o.budget <> 'team'),
         count(*) filter (where o.budget = 'visitor'),
         count(*) filter (where split_part(o.mailbox, '@', 2) = domain),
         count(*) filter (where o.budget = 'visitor' and split_part(o.mailbox, '@', 2) = domain),
         count(*) filter (where o.budget = 'visitor' and o.network = m.network),
         count(*) filter (where o.budget = 'visitor' and o.network = m.network and split_part(o.mailbox, '@', 2) = domain)
    into total, team_to_domain, side, visitors, to_domain, visitors_to_domain, from_network, from_network_to_domain
    from private.mail_outbox o
   where o.status in ('sending', 'sent', 'failed', 'given_up')
     and o.last_attempt_at > now() - interval '1 hour'
     and o.id <> m.id;
  -- held mail of a budget that goes first is spoken for
  if m.budget <> 'team' then
    waiting := (select count(*) from private.mail_outbox o
                 where o.status = 'held' and o.id <> m.id
                   and (o.budget = 'team' or (m.budget = 'visitor' and o.budget = 'booking')));
  end if;

  -- the team's mail counts what visitors caused only up to what visitors may use: their room is
  -- kept even if more of theirs went out (a budget raised within the hour, a retry)
  if m.budget = 'team' then
    total := (total - side) + least(side, greatest(side_cap, 0));
    to_domain := team_to_domain + least(to_domain - team_to_domain, greatest(visitor_domain_cap, 0));
  end if;

  if total + waiting >= all_cap then
    reason := 'more than ' || all_cap || ' e-mails in an hour';
    block := case m.budget when 'team' then 'all' else 'from:' || m.budget end;
  elsif to_domain >= domain_cap then
    reason := 'more than ' || domain_cap || ' e-mails to ' || domain || ' in an hour';
    block := 'domain:' || domain;
  elsif m.budget = 'team' then
    return;
  elsif side >= side_cap then
    reason := 'more than ' || greatest(side_cap, 0) || ' e-mails visitors caused in an hour';
    block := 'from:booking';
  elsif m.budget = 'booking' then
    return;
  elsif visitors >= visitor_cap then
    reason := 'more than ' || greatest(visitor_cap, 0) || ' e-mails from visitors'' forms in an hour';
    block := 'from:visitor';
  elsif visitors_to_domain >= visitor_domain_cap then
    reason := 'more than ' || greatest(visitor_domain_cap, 0) || ' e-mails from visitors'' forms to ' || domain || ' in an hour';
    block := 'vdomain:' || domain;
  elsif from_network >= network_cap then
    reason := 'more than ' || network_cap || ' e-mails from one network''s forms in an hour';
    block := 'net:' || coalesce(m.network, '');
  elsif from_network >= share and visitors * 4 >= visitor_cap then
    reason := 'visitors'' forms are busy: this network had its share of ' || share || ' e-mails this hour';
    block := 'net:' || coalesce(m.network, '');
  elsif from_network_to_domain >= share and visitors_to_domain * 4 >= visitor_domain_cap then
    reason := 'visitors'' forms to ' || domain || ' are busy: this network had its share of ' || share || ' e-mails there this hour';
    block := 'netdom:' || coalesce(m.network, '') || ' ' || domain;
  end if;
end
$$;

-- When the breaker last told the team, per budget (once an hour each while mail is held: the
-- team hears when its own mail waits even though visitors' mail was held a minute before).
alter table private.mail_breaker_alerts add column budget text not null default 'visitor' check (budget in ('team', 'booking', 'visitor'));
alter table private.mail_breaker_alerts drop constraint mail_breaker_alerts_pkey;
alter table private.mail_breaker_alerts drop column id;
alter table private.mail_breaker_alerts add primary key (budget);
alter table private.mail_breaker_alerts alter column budget drop default;

drop function private.tell_team_mail_held(text);

create or replace function private.tell_team_mail_held(reason text, lane text) returns void
language plpgsql security definer set search_path = ''
as $$
declare
  message_id bigint;
begin
  if exists (select 1 from private.mail_breaker_alerts a where a.budget = lane and a.told_at > now() - interval '1 hour')
     or not private.chat_ready() then
    return;
  end if;
  insert into private.mail_breaker_alerts (budget, told_at) values (lane, now())
  on conflict (budget) do update set told_at = excluded.told_at;
  insert into private.chat_outbox (payload) values (jsonb_build_object(
    'content', '⚠️ Изходящата поща е задържана',
    'embeds', jsonb_build_array(jsonb_build_object(
      'title', 'Предпазителят на пощата задържа имейли',
      'description', 'Причина: ' || reason || E'.\n'
        || case lane
             when 'visitor' then 'Задържани са имейли от формите на посетителите (запитвания, нови резервации, абонаменти). '
               || 'Имейлите на екипа и тези за съществуващи резервации не чакат заради тях. '
             when 'booking' then 'Задържани са имейли за промени, които клиенти правят по резервациите си. '
             else 'Задържани са имейли на екипа или на системата. '
           end
        || E'Задържаните имейли ще тръгнат сами, когато часът го позволи. '
        || 'Ако не очаквате толкова писма, проверете входящите запитвания и резервации за злоупотреба.',
      'color', 14427686,
      'timestamp', to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))),
    'allowed_mentions', jsonb_build_object('parse', jsonb_build_array())))
  returning id into message_id;
  perform private.send_chat_message(message_id);
end
$$;

-- ---------------------------------------------------------------------------------------------
-- Sending
-- ---------------------------------------------------------------------------------------------
drop function private.send_mail(bigint);

-- Hands one message to pg_net, unless the breaker holds it. Answers null when it was handed over
-- (or there was nothing to send), else what is full (private.mail_breaker's block; 'all' when
-- nothing can be sent at all: no settings, key or pg_net).
create or replace function private.send_mail(message_id bigint) returns text
language plpgsql security definer set search_path = ''
as $$
declare
  settings private.mail_settings;
  key text := private.vault_secret('mail_api_key');
  message private.mail_outbox;
  reason text;
  block text;
  request bigint;
begin
  select * into settings from private.mail_settings where id;
  if not found or key is null then
    return 'all';
  end if;
  if to_regprocedure('net.http_post(text, jsonb, jsonb, jsonb, integer)') is null then
    raise warning 'mail: pg_net is not installed, message % stays queued', message_id;
    return 'all';
  end if;
  select * into message from private.mail_outbox o where o.id = message_id;
  if not found or message.payload is null or message.status not in ('pending', 'failed', 'held') then
    return null;
  end if;
  select b.reason, b.block into reason, block from private.mail_breaker(message) b;
  if reason is not null then
    update private.mail_outbox set status = 'held', last_error = 'held: ' || reason where id = message_id;
    perform private.tell_team_mail_held(reason, message.budget);
    return block;
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
  return null;
end
$$;

-- Stores one message and hands it on: a newer message about a booking supersedes the older ones
-- not sent yet; past the recipient's daily limit a message of a visitor's new form is skipped; a
-- new form's message carries its network's keyed hash for the visitors' budget.
create or replace function private.enqueue_mail(
  booking uuid, inquiry uuid, kind text, meeting timestamptz, send_to text, title text, body jsonb, cause text
) returns bigint
language plpgsql security definer set search_path = ''
as $$
declare
  box text := private.mailbox_key(send_to);
  lane text := private.mail_budget(kind, cause);
  net text;
  message_id bigint;
begin
  if booking is not null and kind <> 'booking_reminder' then
    update private.mail_outbox o
       set status = 'superseded', payload = null, network = null
     where o.appointment_id = booking and o.purpose <> 'booking_reminder' and o.status in ('pending', 'failed', 'held');
  end if;
  if lane = 'visitor' then
    if (select count(*) from private.mail_outbox o
         where o.mailbox = box and o.budget = 'visitor' and o.created_at > now() - interval '1 day'
           and o.status not in ('skipped', 'superseded'))
       >= private.intake_limit('mail_per_recipient_per_day') then
      insert into private.mail_outbox (appointment_id, inquiry_id, purpose, meeting_at, recipient, mailbox, subject, payload, status, last_error, caused_by, budget)
      values (booking, inquiry, kind, meeting, send_to, box, title, null, 'skipped',
              'not sent: ' || private.intake_limit('mail_per_recipient_per_day') || ' e-mails to this mailbox in 24 hours', cause, lane)
      returning id into message_id;
      return message_id;
    end if;
    net := coalesce((select k.wide from private.visitor_keys() k), 'unknown');
  end if;
  insert into private.mail_outbox (appointment_id, inquiry_id, purpose, meeting_at, recipient, mailbox, subject, payload, caused_by, budget, network)
  values (booking, inquiry, kind, meeting, send_to, box, title, body, cause, lane, net)
  returning id into message_id;
  perform private.send_mail(message_id);
  return message_id;
end
$$;

-- ---------------------------------------------------------------------------------------------
-- The scheduled job
-- ---------------------------------------------------------------------------------------------
-- Answers, retries and reminders as before. Held mail goes out by priority: the team's, then
-- bookings' changes, then visitors' forms, the networks that had least this hour first (one
-- message of each in turn), each budget's domains in turn. Every open message is looked at;
-- what is full (a domain, a network, a budget) is skipped for the rest of the run, so no backlog
-- blocks mail that has room. Held mail for a meeting that has begun is given up, and so is a new
-- form's mail held for a day. Network keys no budget needs any more are forgotten.
create or replace function private.process_mail_outbox() returns void
language plpgsql security definer set search_path = ''
as $$
declare
  m record;
  c record;
  outcome record;
  a public.appointments;
  blocked text[] := array[]::text[];
  keys text[];
  block text;
  handed integer := 0;
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
  update private.mail_outbox
     set status = 'given_up', payload = null, last_error = coalesce(last_error, 'held') || '; held for a day'
   where status = 'held' and budget = 'visitor' and created_at <= now() - interval '1 day';

  -- a network's key lives as long as a budget counts it
  update private.mail_outbox
     set network = null
   where network is not null
     and (status in ('skipped', 'superseded')
          or (status in ('sent', 'given_up') and coalesce(last_attempt_at, created_at) <= now() - interval '1 hour'));

  -- one run sends at a time (pg_cron may start the next while a slow one still runs); a run that
  -- finds another under way leaves the held mail to it
  if not pg_try_advisory_xact_lock(hashtext('private.process_mail_outbox')) then
    return;
  end if;
  for c in
    select o.id, o.budget, o.network, o.domain
      from (select x.id, x.budget, x.network, split_part(x.mailbox, '@', 2) as domain,
                   row_number() over (partition by x.budget, x.network order by x.id) as nth_of_network,
                   row_number() over (partition by x.budget, split_part(x.mailbox, '@', 2) order by x.id) as nth_of_domain
              from private.mail_outbox x
             where x.payload is not null
               and (x.status = 'held' or (x.status = 'pending' and x.last_attempt_at is null)
                    or (x.status in ('pending', 'failed')
                        and x.last_attempt_at <= now() - make_interval(mins => power(2, least(x.attempts - 1, 6))::int)))) o
      left join (select s.network, count(*) as n from private.mail_outbox s
                  where s.budget = 'visitor' and s.network is not null
                    and s.status in ('sending', 'sent', 'failed', 'given_up') and s.last_attempt_at > now() - interval '1 hour'
                  group by s.network) had
        on o.budget = 'visitor' and had.network = o.network
     order by case o.budget when 'team' then 0 when 'booking' then 1 else 2 end,
              case when o.budget = 'visitor' then coalesce(had.n, 0) + o.nth_of_network else 0 end,
              o.nth_of_domain,
              o.id
  loop
    keys := array['all', 'domain:' || c.domain]
      || case c.budget
           when 'team' then array[]::text[]
           when 'booking' then array['from:booking']
           else array['from:booking', 'from:visitor', 'vdomain:' || c.domain,
                      'net:' || coalesce(c.network, ''), 'netdom:' || coalesce(c.network, '') || ' ' || c.domain]
         end;
    if blocked && keys then
      -- visitors come last: once their whole budget is full, nothing more can go
      exit when c.budget = 'visitor' and blocked && array['from:booking', 'from:visitor'];
      continue;
    end if;
    perform 1 from private.mail_outbox o where o.id = c.id and o.status in ('held', 'pending', 'failed') for update skip locked;
    if not found then
      continue;
    end if;
    block := private.send_mail(c.id);
    if block is null then
      handed := handed + 1;
      exit when handed >= 500;
    else
      exit when block = 'all';
      blocked := blocked || block;
    end if;
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

revoke all on function private.mail_budget(text, text), private.mail_breaker(private.mail_outbox),
  private.tell_team_mail_held(text, text), private.send_mail(bigint), private.enqueue_mail(uuid, uuid, text, timestamptz, text, text, jsonb, text),
  private.process_mail_outbox()
  from public, anon, authenticated;
