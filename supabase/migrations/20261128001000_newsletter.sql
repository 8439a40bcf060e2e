-- A real newsletter: double opt-in, a post sent once to each confirmed subscriber, one-click
-- unsubscribe, bounces and complaints.
--
-- Before this, the footer's box thanked the visitor and stored nothing. Now:
--
--   * Subscribers (public.newsletter_subscribers) are pending, confirmed, unsubscribed or
--     suppressed (bounced or complained), one per mailbox (private.mailbox_key: case, +tags and
--     Gmail's dots folded). Every sign-up keeps its consent record (public.newsletter_consents):
--     when, from which page, the wording shown and its version, and a keyed hash of the visitor's
--     network (never an address).
--   * Subscribing is public.subscribe_newsletter: the per-visitor rules of the other public forms
--     (per visitor and per network, a proof of work near the site-wide ceiling, the bot trap), and
--     always the same answer, whatever the address's state: nobody learns who subscribes. A
--     confirmed or suppressed address is sent nothing; a pending one at most one e-mail in ten
--     minutes. The confirmation e-mail carries nothing the visitor typed.
--   * Its link opens a page; only that page's button (public.confirm_newsletter, a POST) confirms.
--     A link lasts 7 days, the newest one only; an expired one can ask for a new e-mail.
--   * Each newsletter message links to a page with a button (public.unsubscribe_newsletter) and
--     carries List-Unsubscribe (the Edge Function newsletter-unsubscribe, per recipient) and
--     List-Unsubscribe-Post: List-Unsubscribe=One-Click (RFC 8058): a POST there unsubscribes at
--     once. The unsubscribe token is a keyed hash of the subscriber (Vault: newsletter_link_key),
--     so no table of live tokens grows with every send.
--   * A post goes out once: first a test to the sending admin's own address
--     (public.send_newsletter_test), then public.start_newsletter_send, which records one delivery
--     per post and confirmed subscriber (unique) and hands them to the provider's batch API in
--     batches of 100 through pg_net; the job newsletter-sends records the answers, retries what
--     failed (5 attempts) and sends the next batch each minute, so a send resumes after anything.
--     Only one send runs at a time. Pending, unsubscribed and suppressed addresses get nothing,
--     also when they change state while a send runs.
--   * The provider's webhook (Edge Function mail-events, signature checked there) reports bounces
--     and complaints through public.record_mail_event (service role only): a complaint or a hard
--     bounce suppresses at once, soft bounces after three.

-- ---------------------------------------------------------------------------------------------
-- Settings, limits, the key of the unsubscribe links
-- ---------------------------------------------------------------------------------------------
alter table private.mail_settings add column functions_url text check (functions_url ~* '^https?://[^\s]+[^/]$');
comment on column private.mail_settings.functions_url is
  'The project''s Edge Functions, e.g. https://<ref>.supabase.co/functions/v1: newsletters carry its newsletter-unsubscribe address. Without it no newsletter is sent.';

insert into private.intake_limits (name, value, description) values
  ('newsletter_per_client_per_10_minutes', 3, 'newsletter sign-ups one visitor (an IPv4 address, an IPv6 /64) may make in 10 minutes'),
  ('newsletter_per_network_per_10_minutes', 10, 'newsletter sign-ups one network (IPv4 /24, IPv6 /48) may make in 10 minutes; half of it asks for a proof of work'),
  ('newsletter_per_minute', 20, 'newsletter sign-ups a minute, all visitors together: from half of it every sign-up proves work, harder past it')
on conflict (name) do update set value = excluded.value, description = excluded.description;

do $$
begin
  if private.vault_secret('newsletter_link_key') is null then
    perform private.set_vault_secret('newsletter_link_key', encode(extensions.gen_random_bytes(32), 'hex'),
      'Signs the newsletter''s unsubscribe links; a new key retires every link already sent');
  end if;
end
$$;

-- What the footer's box tells a visitor before they subscribe; the site shows the newest version
-- (src/site/dialogs/newsletter/consent.ts) and sends its name with the sign-up.
create table private.newsletter_wordings (
  version text primary key,
  wording text not null,
  created_at timestamptz not null default now()
);
revoke all on private.newsletter_wordings from public, anon, authenticated;
insert into private.newsletter_wordings (version, wording) values
  ('2026-12', 'Полезни идеи за AI и автоматизация, веднъж месечно. Ще ви изпратим имейл за потвърждение; можете да се отпишете по всяко време.');

-- ---------------------------------------------------------------------------------------------
-- Subscribers and their consent
-- ---------------------------------------------------------------------------------------------
create table public.newsletter_subscribers (
  id uuid primary key default gen_random_uuid(),
  email text not null check (char_length(email) between 3 and 254),
  mailbox text not null unique,
  status text not null default 'pending' check (status in ('pending', 'confirmed', 'unsubscribed', 'suppressed')),
  suppressed_reason text check (suppressed_reason in ('bounced', 'complained')),
  soft_bounces integer not null default 0,
  confirmation_sent_at timestamptz,
  confirmed_at timestamptz,
  unsubscribed_at timestamptz,
  unsubscribed_via text check (unsubscribed_via in ('link', 'one_click', 'admin')),
  suppressed_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check ((status = 'suppressed') = (suppressed_reason is not null))
);
comment on table public.newsletter_subscribers is
  'One row per mailbox that asked for the newsletter. Admins read it; every change goes through the newsletter functions.';
create index newsletter_subscribers_list_idx on public.newsletter_subscribers (created_at desc, id desc);
create index newsletter_subscribers_confirmed_idx on public.newsletter_subscribers (id) where status = 'confirmed';
create trigger newsletter_subscribers_updated_at before update on public.newsletter_subscribers
  for each row execute function private.set_updated_at();
alter table public.newsletter_subscribers enable row level security;
create policy "Admins read subscribers" on public.newsletter_subscribers for select to authenticated using ((select private.is_admin()));
grant select on public.newsletter_subscribers to authenticated;

create table public.newsletter_consents (
  id bigint generated always as identity primary key,
  subscriber_id uuid not null references public.newsletter_subscribers (id) on delete cascade,
  given_at timestamptz not null default now(),
  page text not null default '',
  wording text not null,
  wording_version text not null,
  -- private.client_key of the visitor's network: the same visitor can be told apart, nobody found
  network text,
  confirmed_at timestamptz
);
comment on table public.newsletter_consents is
  'Proof of consent: each sign-up''s time, page, the wording shown and its version, and when its e-mail link confirmed it.';
create index newsletter_consents_subscriber_idx on public.newsletter_consents (subscriber_id, given_at desc);
alter table public.newsletter_consents enable row level security;
create policy "Admins read consents" on public.newsletter_consents for select to authenticated using ((select private.is_admin()));
grant select on public.newsletter_consents to authenticated;

create table private.newsletter_links (
  token_hash bytea primary key,
  subscriber_id uuid not null references public.newsletter_subscribers (id) on delete cascade,
  consent_id bigint references public.newsletter_consents (id) on delete cascade,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz,
  revoked_at timestamptz
);
create index newsletter_links_subscriber_idx on private.newsletter_links (subscriber_id) where revoked_at is null and used_at is null;
create index newsletter_links_consent_idx on private.newsletter_links (consent_id);
revoke all on private.newsletter_links from public, anon, authenticated;

-- Sign-ups per visitor and network, for the limits (pruned with the other intake records).
create table private.newsletter_intake (
  id bigint generated always as identity primary key,
  client text,
  network text,
  created_at timestamptz not null default now()
);
create index newsletter_intake_client_idx on private.newsletter_intake (client, created_at);
create index newsletter_intake_network_idx on private.newsletter_intake (network, created_at);
create index newsletter_intake_time_idx on private.newsletter_intake (created_at);
revoke all on private.newsletter_intake from public, anon, authenticated;

create table private.newsletter_erasures (
  id bigint generated always as identity primary key,
  erased_at timestamptz not null default now(),
  erased_by uuid
);
comment on table private.newsletter_erasures is 'That a subscriber was erased on request, when and by whom: nothing about the person.';
revoke all on private.newsletter_erasures from public, anon, authenticated;

-- the mail of the newsletter itself
alter table private.mail_outbox drop constraint mail_outbox_purpose_check;
alter table private.mail_outbox add constraint mail_outbox_purpose_check check (purpose in
  ('booking_received', 'booking_confirmed', 'booking_cancelled', 'booking_moved', 'booking_reminder', 'inquiry_received',
   'follow_up_digest', 'newsletter_confirm', 'newsletter_test'));

-- ---------------------------------------------------------------------------------------------
-- Helpers
-- ---------------------------------------------------------------------------------------------
-- An address as a sign-up may give it: one line, an @ with something on both sides and a dot
-- after it, at most 254 characters. Null when it is none.
create or replace function private.newsletter_address(value text) returns text
language sql immutable set search_path = ''
as $$
  select case when v ~ '^[^\s@<>(),;:"\[\]\\]+@[^\s@<>(),;:"\[\]\\]+\.[^\s@<>(),;:"\[\]\\]+$' and char_length(v) <= 254 then v end
    from (select btrim(coalesce(value, '')) as v) t
$$;

-- An address shown on a link's page: enough to recognise one's own, not to read someone else's.
create or replace function private.masked_address(address text) returns text
language sql immutable set search_path = ''
as $$
  select left(split_part(address, '@', 1), 1) || '***@' || split_part(address, '@', 2)
$$;

create or replace function private.random_token() returns text
language sql volatile set search_path = ''
as $$ select rtrim(translate(encode(extensions.gen_random_bytes(32), 'base64'), E'+/\n', '-_'), '=') $$;

-- The unsubscribe token of a subscriber: its id and a keyed hash of it. Checked by recomputing.
create or replace function private.unsubscribe_token(subscriber uuid) returns text
language sql stable security definer set search_path = ''
as $$
  select replace(subscriber::text, '-', '') || '.'
    || left(rtrim(translate(encode(extensions.hmac('newsletter-unsubscribe:' || subscriber::text,
                                                    private.vault_secret('newsletter_link_key'), 'sha256'), 'base64'),
                            E'+/\n', '-_'), '='), 32)
$$;

-- The subscriber an unsubscribe token names, or null when the token is not one of ours.
create or replace function private.unsubscribe_subscriber(token text) returns uuid
language plpgsql stable security definer set search_path = ''
as $$
declare
  id uuid;
begin
  if token is null or token !~ '^[0-9a-f]{32}\.[A-Za-z0-9_-]{32}$' then
    return null;
  end if;
  id := split_part(token, '.', 1)::uuid;
  if private.unsubscribe_token(id) <> token then
    return null;
  end if;
  return id;
end
$$;

create or replace function private.site_pressure(form text) returns integer
language sql stable security definer set search_path = ''
as $$
  select case form
    when 'appointments' then private.ceiling_level(
      (select count(*) from public.appointments a where a.created_at > now() - interval '1 minute'),
      private.intake_limit('bookings_per_minute'))
    when 'newsletter' then private.ceiling_level(
      (select count(*) from private.newsletter_intake n where n.created_at > now() - interval '1 minute'),
      private.intake_limit('newsletter_per_minute'))
    else private.ceiling_level(
      (select count(*) from public.contact_submissions c where c.created_at > now() - interval '1 minute'),
      private.intake_limit('inquiries_per_minute'))
  end
$$;

-- Nightly, as before, and the sign-ups no newsletter limit counts any more.
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
  delete from private.newsletter_intake where created_at < now() - interval '1 day';
$$;

-- ---------------------------------------------------------------------------------------------
-- The confirmation e-mail
-- ---------------------------------------------------------------------------------------------
-- Mints the subscriber's one live confirmation link (7 days) and mails it. Nothing in it comes
-- from the visitor but the address it goes to. False when mail is not set up.
create or replace function private.send_newsletter_confirmation(subscriber uuid, consent bigint, cause text) returns boolean
language plpgsql security definer set search_path = ''
as $$
declare
  settings private.mail_settings;
  s public.newsletter_subscribers;
  token text := private.random_token();
  link text;
  subject text;
  bodies jsonb;
begin
  if not private.mail_ready() then
    return false;
  end if;
  select * into settings from private.mail_settings where id;
  select * into s from public.newsletter_subscribers n where n.id = subscriber;
  update private.newsletter_links set revoked_at = now()
   where subscriber_id = subscriber and revoked_at is null and used_at is null;
  insert into private.newsletter_links (token_hash, subscriber_id, consent_id, expires_at)
  values (private.token_hash(token), subscriber, consent, now() + interval '7 days');
  link := settings.site_url || '/newsletter/confirm/' || token;
  subject := 'Потвърдете абонамента си за бюлетина на ' || settings.brand;
  bodies := private.mail_bodies('Потвърдете абонамента си',
    array['Здравейте,',
          'Някой, вероятно вие, поиска бюлетина на ' || settings.brand || ' на този адрес. '
            || 'Ще ви пишем само ако потвърдите: отворете връзката и натиснете „Потвърди“.',
          'Ако не сте били вие, не правете нищо: без потвърждение няма да получавате писма от нас.'],
    array[]::text[][],
    array[array['Потвърди абонамента', link]],
    array['Връзката е валидна 7 дни.'],
    E'Поздрави,\n' || settings.brand);
  perform private.enqueue_mail(null, null, 'newsletter_confirm', null, s.email, subject,
    jsonb_build_object('from', settings.sender, 'to', jsonb_build_array(s.email), 'subject', subject,
                       'html', bodies ->> 'html', 'text', bodies ->> 'text')
      || case when settings.reply_to is null then '{}'::jsonb else jsonb_build_object('reply_to', settings.reply_to) end,
    cause);
  update public.newsletter_subscribers set confirmation_sent_at = now() where id = subscriber;
  return true;
end
$$;

-- ---------------------------------------------------------------------------------------------
-- Subscribing
-- ---------------------------------------------------------------------------------------------
create or replace function public.subscribe_newsletter(
  email text,
  page text default '',
  wording_version text default null,
  proof text default null,
  fill_ms integer default null,
  bot_trap text default null
) returns void
language plpgsql volatile security definer set search_path = ''
as $$
declare
  address text := private.newsletter_address(email);
  box text;
  shown private.newsletter_wordings;
  narrow text;
  wide text;
  network_count bigint := 0;
  s public.newsletter_subscribers;
  consent bigint;
  restarted boolean := false;
  visitor boolean := private.is_visitor();
begin
  if address is null then
    raise exception 'Въведете валиден имейл адрес.' using errcode = '22023', hint = 'newsletter_email_invalid';
  end if;
  select * into shown from private.newsletter_wordings w
   where w.version = coalesce(wording_version, (select max(x.version) from private.newsletter_wordings x));
  if not found then
    raise exception 'Unknown wording version' using errcode = '22023', hint = 'newsletter_wording_unknown';
  end if;
  -- a bot that filled the hidden field, or sent sooner than a person could, learns nothing
  if visitor and (coalesce(btrim(bot_trap), '') <> '' or (fill_ms is not null and fill_ms < private.intake_limit('min_fill_ms'))) then
    return;
  end if;

  if visitor then
    perform pg_advisory_xact_lock(hashtext('private.intake:newsletter'));
    select k.narrow, k.wide into narrow, wide from private.visitor_keys() k;
    if narrow is not null and (select count(*) from private.newsletter_intake n
                                where n.client = narrow and n.created_at > now() - interval '10 minutes')
                              >= private.intake_limit('newsletter_per_client_per_10_minutes') then
      raise exception 'Too many sign-ups from this visitor' using errcode = 'P0001', hint = 'newsletter_limit_client';
    end if;
    if wide is not null then
      network_count := (select count(*) from private.newsletter_intake n
                         where n.network = wide and n.created_at > now() - interval '10 minutes');
      if network_count >= private.intake_limit('newsletter_per_network_per_10_minutes') then
        raise exception 'Too many sign-ups from this network' using errcode = 'P0001', hint = 'newsletter_limit_network';
      end if;
    end if;
    perform private.require_work('newsletter', narrow, network_count, private.intake_limit('newsletter_per_network_per_10_minutes'), proof);
    insert into private.newsletter_intake (client, network) values (narrow, wide);
  end if;

  box := private.mailbox_key(address);
  perform pg_advisory_xact_lock(hashtext('private.newsletter:' || box));
  select * into s from public.newsletter_subscribers n where n.mailbox = box for update;
  if found and s.status in ('confirmed', 'suppressed') then
    return;  -- nothing new for them, and the same answer as anyone's
  end if;
  if not found then
    insert into public.newsletter_subscribers (email, mailbox) values (address, box) returning * into s;
  elsif s.status = 'unsubscribed' then
    update public.newsletter_subscribers
       set status = 'pending', email = address, unsubscribed_at = null, unsubscribed_via = null
     where id = s.id returning * into s;
    restarted := true;
  end if;
  insert into public.newsletter_consents (subscriber_id, page, wording, wording_version, network)
  values (s.id, case when page ~ '^/[A-Za-z0-9/_.~%-]{0,199}$' then page else '' end, shown.wording, shown.version, narrow)
  returning id into consent;
  -- a pending address gets at most one e-mail in ten minutes, however often it is typed; one that
  -- had unsubscribed and signs up again gets its link at once
  if restarted or s.confirmation_sent_at is null or s.confirmation_sent_at <= now() - interval '10 minutes' then
    perform private.send_newsletter_confirmation(s.id, consent, case when visitor then 'visitor' else 'admin' end);
  end if;
end
$$;
comment on function public.subscribe_newsletter(text, text, text, text, integer, text) is
  'The footer''s sign-up. In the API because visitors subscribe from the site; SECURITY DEFINER because '
  'visitors may neither read nor write the subscribers: it answers the same for every address and '
  'applies the per-visitor limits of the public forms.';

-- ---------------------------------------------------------------------------------------------
-- The links' pages and buttons
-- ---------------------------------------------------------------------------------------------
-- What a link's page shows before anything is pressed: `kind` is 'confirm' or 'unsubscribe'.
-- state: ready, confirmed, unsubscribed, suppressed, expired, replaced (a newer e-mail's link is
-- the live one) or unknown. Reads only.
create or replace function public.newsletter_link(kind text, token text) returns jsonb
language plpgsql stable security definer set search_path = ''
as $$
declare
  l private.newsletter_links;
  s public.newsletter_subscribers;
  subscriber uuid;
begin
  if kind = 'confirm' then
    select * into l from private.newsletter_links x where x.token_hash = private.token_hash(coalesce(token, ''));
    if not found then
      return jsonb_build_object('state', 'unknown');
    end if;
    select * into s from public.newsletter_subscribers n where n.id = l.subscriber_id;
    return jsonb_build_object('email', private.masked_address(s.email), 'state', case
      when s.status = 'confirmed' then 'confirmed'
      when s.status = 'suppressed' then 'suppressed'
      when s.status = 'unsubscribed' then 'unsubscribed'
      when l.revoked_at is not null then 'replaced'
      when l.expires_at <= now() then 'expired'
      else 'ready' end);
  elsif kind = 'unsubscribe' then
    subscriber := private.unsubscribe_subscriber(token);
    select * into s from public.newsletter_subscribers n where n.id = subscriber;
    if not found then
      return jsonb_build_object('state', 'unknown');
    end if;
    return jsonb_build_object('email', private.masked_address(s.email), 'state', case
      when s.status in ('unsubscribed', 'suppressed') then s.status else 'ready' end);
  end if;
  raise exception 'Unknown link kind' using errcode = '22023', hint = 'newsletter_link_kind';
end
$$;
comment on function public.newsletter_link(text, text) is
  'What a newsletter link''s page shows. In the API because the page reads it with the e-mailed token; '
  'SECURITY DEFINER because the links and subscribers are closed to visitors: it shows the holder of a '
  'token only its masked address and state, and changes nothing.';

-- The 'Потвърди' button. Pressing it twice is fine; an expired or replaced link says so.
create or replace function public.confirm_newsletter(token text) returns jsonb
language plpgsql volatile security definer set search_path = ''
as $$
declare
  l private.newsletter_links;
  s public.newsletter_subscribers;
begin
  select * into l from private.newsletter_links x where x.token_hash = private.token_hash(coalesce(token, '')) for update;
  if not found then
    raise exception 'Тази връзка не е валидна.' using errcode = 'P0001', hint = 'newsletter_link_invalid';
  end if;
  select * into s from public.newsletter_subscribers n where n.id = l.subscriber_id for update;
  if s.status = 'confirmed' then
    return jsonb_build_object('state', 'confirmed', 'email', private.masked_address(s.email));
  elsif s.status = 'suppressed' then
    raise exception 'Този адрес не може да получава бюлетина.' using errcode = 'P0001', hint = 'newsletter_suppressed';
  elsif s.status = 'unsubscribed' then
    raise exception 'Адресът е отписан от бюлетина.' using errcode = 'P0001', hint = 'newsletter_unsubscribed';
  elsif l.revoked_at is not null then
    raise exception 'Тази връзка е заменена от по-нова.' using errcode = 'P0001', hint = 'newsletter_link_replaced';
  elsif l.expires_at <= now() then
    raise exception 'Връзката е изтекла.' using errcode = 'P0001', hint = 'newsletter_link_expired';
  end if;
  update private.newsletter_links set used_at = now() where token_hash = l.token_hash;
  update public.newsletter_subscribers set status = 'confirmed', confirmed_at = now() where id = s.id;
  update public.newsletter_consents set confirmed_at = now() where id = l.consent_id;
  perform private.prove_mailbox(s.email, 'newsletter');
  return jsonb_build_object('state', 'confirmed', 'email', private.masked_address(s.email));
end
$$;
comment on function public.confirm_newsletter(text) is
  'The confirmation page''s button. In the API because the page''s POST confirms; SECURITY DEFINER '
  'because the links and subscribers are closed to visitors: whoever holds the e-mailed token confirms '
  'that address, nothing else.';

-- An expired (or replaced) link's 'Изпрати нов имейл': a new link to the same address, at most
-- one in ten minutes.
create or replace function public.resend_newsletter_confirmation(token text) returns void
language plpgsql volatile security definer set search_path = ''
as $$
declare
  l private.newsletter_links;
  s public.newsletter_subscribers;
begin
  select * into l from private.newsletter_links x where x.token_hash = private.token_hash(coalesce(token, ''));
  if not found then
    raise exception 'Тази връзка не е валидна.' using errcode = 'P0001', hint = 'newsletter_link_invalid';
  end if;
  select * into s from public.newsletter_subscribers n where n.id = l.subscriber_id for update;
  if s.status <> 'pending' then
    return;  -- confirmed, unsubscribed or suppressed: nothing to confirm
  end if;
  if s.confirmation_sent_at > now() - interval '10 minutes' then
    raise exception 'Току-що изпратихме имейл. Опитайте отново след няколко минути.' using errcode = 'P0001', hint = 'newsletter_resend_too_soon';
  end if;
  perform private.send_newsletter_confirmation(s.id, l.consent_id, 'visitor');
end
$$;
comment on function public.resend_newsletter_confirmation(text) is
  'An expired confirmation link''s button. In the API because the page asks for a new e-mail; SECURITY '
  'DEFINER because the links and the outbox are private: it mails only the address the token names, at '
  'most once in ten minutes.';

-- The 'Отпиши ме' button, and the one-click POST (via 'one_click', from the Edge Function).
create or replace function public.unsubscribe_newsletter(token text, via text default 'link') returns jsonb
language plpgsql volatile security definer set search_path = ''
as $$
declare
  subscriber uuid := private.unsubscribe_subscriber(token);
  s public.newsletter_subscribers;
begin
  select * into s from public.newsletter_subscribers n where n.id = subscriber for update;
  if not found then
    raise exception 'Тази връзка не е валидна.' using errcode = 'P0001', hint = 'newsletter_link_invalid';
  end if;
  if s.status in ('pending', 'confirmed') then
    update public.newsletter_subscribers
       set status = 'unsubscribed', unsubscribed_at = now(),
           unsubscribed_via = case when via = 'one_click' then 'one_click' else 'link' end
     where id = s.id;
    update private.newsletter_links set revoked_at = now() where subscriber_id = s.id and revoked_at is null and used_at is null;
    update private.newsletter_deliveries set status = 'skipped', last_error = 'unsubscribed'
     where subscriber_id = s.id and status in ('queued', 'failed');
  end if;
  return jsonb_build_object('state', case when s.status = 'suppressed' then 'suppressed' else 'unsubscribed' end,
                            'email', private.masked_address(s.email));
end
$$;
comment on function public.unsubscribe_newsletter(text, text) is
  'The unsubscribe page''s button and the one-click POST. In the API because the page and the Edge '
  'Function newsletter-unsubscribe call it with the anonymous key; SECURITY DEFINER because subscribers '
  'are closed to visitors: whoever holds a newsletter''s signed token unsubscribes that address.';

-- ---------------------------------------------------------------------------------------------
-- Sending a post
-- ---------------------------------------------------------------------------------------------
create table public.newsletter_sends (
  id uuid primary key default gen_random_uuid(),
  -- a post goes out once, ever
  post_id uuid not null unique references public.blog_posts (id) on delete cascade,
  subject text not null,
  html text not null,
  plain text not null,
  status text not null default 'sending' check (status in ('sending', 'done')),
  started_by uuid references public.blog_users (id) on delete set null,
  started_at timestamptz not null default now(),
  finished_at timestamptz
);
comment on table public.newsletter_sends is 'Each post sent to the subscribers: once, with the HTML and text it went out with.';
alter table public.newsletter_sends enable row level security;
create policy "Admins read sends" on public.newsletter_sends for select to authenticated using ((select private.is_admin()));
grant select (id, post_id, subject, status, started_by, started_at, finished_at) on public.newsletter_sends to authenticated;
create index newsletter_sends_started_by_idx on public.newsletter_sends (started_by);
-- only one send runs at a time
create unique index newsletter_sends_one_running_idx on public.newsletter_sends ((true)) where status = 'sending';

create table private.newsletter_tests (
  id bigint generated always as identity primary key,
  post_id uuid not null references public.blog_posts (id) on delete cascade,
  sent_by uuid not null,
  sent_at timestamptz not null default now(),
  content_hash text not null
);
create index newsletter_tests_post_idx on private.newsletter_tests (post_id, sent_at desc);
revoke all on private.newsletter_tests from public, anon, authenticated;

create table private.newsletter_batches (
  id bigint generated always as identity primary key,
  send_id uuid not null references public.newsletter_sends (id) on delete cascade,
  request_id bigint,
  status text not null default 'sending' check (status in ('sending', 'sent', 'failed')),
  attempted_at timestamptz not null default now(),
  last_error text
);
create index newsletter_batches_open_idx on private.newsletter_batches (send_id) where status = 'sending';
revoke all on private.newsletter_batches from public, anon, authenticated;

create table private.newsletter_deliveries (
  id bigint generated always as identity primary key,
  send_id uuid not null references public.newsletter_sends (id) on delete cascade,
  post_id uuid not null,
  subscriber_id uuid not null references public.newsletter_subscribers (id) on delete cascade,
  status text not null default 'queued' check (status in ('queued', 'sending', 'sent', 'failed', 'given_up', 'skipped')),
  attempts integer not null default 0,
  batch_id bigint references private.newsletter_batches (id) on delete set null,
  last_attempt_at timestamptz,
  sent_at timestamptz,
  last_error text,
  -- each subscriber receives a post once
  unique (post_id, subscriber_id)
);
create index newsletter_deliveries_send_idx on private.newsletter_deliveries (send_id, status, id);
create index newsletter_deliveries_batch_idx on private.newsletter_deliveries (batch_id);
create index newsletter_deliveries_subscriber_idx on private.newsletter_deliveries (subscriber_id);
revoke all on private.newsletter_deliveries from public, anon, authenticated;

-- The admin's HTML of a post must be a fragment of the kinds the site's renderer makes: no
-- script, style, frame, form or event handler (it goes to every subscriber).
create or replace function private.check_newsletter_content(html text, plain text) returns void
language plpgsql immutable set search_path = ''
as $$
begin
  if coalesce(btrim(html), '') = '' or coalesce(btrim(plain), '') = '' then
    raise exception 'The e-mail needs its HTML and its text' using errcode = '22023', hint = 'newsletter_content_empty';
  end if;
  if octet_length(html) > 400000 or octet_length(plain) > 200000 then
    raise exception 'Публикацията е твърде дълга за имейл.' using errcode = '22023', hint = 'newsletter_content_too_long';
  end if;
  -- (\y is a word's edge in PostgreSQL's regular expressions)
  if html ~* '<\s*(script|style|iframe|object|embed|form|input|button|link|meta|base)\y' or html ~* '\son[a-z]+\s*=' or html ~* 'javascript:' then
    raise exception 'The e-mail''s HTML holds what an e-mail must not' using errcode = '22023', hint = 'newsletter_content_unsafe';
  end if;
end
$$;

-- The e-mail of a post: the admin's fragment in a plain, accessible frame, with the links to the
-- post and to the unsubscribe page.
create or replace function private.newsletter_bodies(post public.blog_posts, html text, plain text, unsubscribe_page text, settings private.mail_settings)
returns jsonb
language sql stable set search_path = ''
as $$
  select jsonb_build_object(
    'html',
    '<!doctype html><html lang="bg"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">'
      || '<title>' || private.html_text(post.title) || '</title></head>'
      || '<body style="margin:0;padding:24px;background:#f8fafc;color:#0f172a;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.6">'
      || '<div role="article" aria-label="' || private.html_text(post.title) || '" style="max-width:600px;margin:0 auto;background:#ffffff;border:1px solid #e2e8f0;border-radius:8px;padding:24px">'
      || '<h1 style="font-size:24px;line-height:1.3;margin:0 0 16px">' || private.html_text(post.title) || '</h1>'
      || html
      || '<p style="margin:24px 0 0"><a href="' || private.html_text(settings.site_url || '/blog/' || post.slug) || '" style="color:#1d4ed8">Прочетете статията на сайта</a></p>'
      || '</div>'
      || '<p style="max-width:600px;margin:16px auto 0;font-size:13px;color:#475569">Получавате този имейл, защото се абонирахте за бюлетина на '
      || private.html_text(settings.brand) || '. <a href="' || private.html_text(unsubscribe_page) || '" style="color:#475569">Отпишете се</a>.</p>'
      || '</body></html>',
    'text',
    post.title || E'\n' || repeat('=', char_length(post.title)) || E'\n\n' || plain
      || E'\n\nПрочетете статията на сайта: ' || settings.site_url || '/blog/' || post.slug
      || E'\n\n--\nПолучавате този имейл, защото се абонирахте за бюлетина на ' || settings.brand
      || E'.\nОтпишете се: ' || unsubscribe_page || E'\n')
$$;

-- The post an admin may send: published (and not in the bin).
create or replace function private.sendable_post(post uuid) returns public.blog_posts
language plpgsql stable security definer set search_path = ''
as $$
declare
  p public.blog_posts;
begin
  if not coalesce(private.is_admin(), false) then
    raise exception 'Only administrators send the newsletter' using errcode = '42501';
  end if;
  select * into p from public.blog_posts b where b.id = post;
  if not found then
    raise exception 'Публикацията не е намерена.' using errcode = 'P0001', hint = 'newsletter_post_missing';
  end if;
  if not p.is_published or p.published_at is null or p.published_at > now() then
    raise exception 'Изпращат се само публикувани публикации.' using errcode = 'P0001', hint = 'newsletter_post_unpublished';
  end if;
  return p;
end
$$;

create or replace function private.newsletter_ready() returns boolean
language sql stable security definer set search_path = ''
as $$ select private.mail_ready() and exists (select 1 from private.mail_settings s where s.id and s.functions_url is not null) $$;

-- 'Изпрати тест': the post's e-mail to the sending admin's own address.
create or replace function public.send_newsletter_test(post uuid, html text, plain text) returns jsonb
language plpgsql volatile security definer set search_path = ''
as $$
declare
  p public.blog_posts := private.sendable_post(post);
  settings private.mail_settings;
  me public.blog_users;
  bodies jsonb;
  subject text;
begin
  perform private.check_newsletter_content(html, plain);
  if not private.newsletter_ready() then
    raise exception 'Изпращането на имейли не е настроено.' using errcode = 'P0001', hint = 'newsletter_not_configured';
  end if;
  select * into settings from private.mail_settings where id;
  select * into me from public.blog_users b where b.id = private.current_blog_user();
  if not found or coalesce(me.email, '') = '' then
    raise exception 'Профилът ви няма имейл адрес.' using errcode = 'P0001', hint = 'newsletter_no_address';
  end if;
  subject := '[Тест] ' || p.title;
  bodies := private.newsletter_bodies(p, html, plain, settings.site_url || '/newsletter/unsubscribe/test', settings);
  perform private.enqueue_mail(null, null, 'newsletter_test', null, me.email, subject,
    jsonb_build_object('from', settings.sender, 'to', jsonb_build_array(me.email), 'subject', subject,
                       'html', bodies ->> 'html', 'text', bodies ->> 'text'),
    'admin');
  insert into private.newsletter_tests (post_id, sent_by, content_hash) values (p.id, me.id, md5(html || E'\n' || plain));
  return jsonb_build_object('sent_to', me.email);
end
$$;
comment on function public.send_newsletter_test(uuid, text, text) is
  'The editor''s test of a post''s newsletter. In the API because the admin panel calls it; SECURITY '
  'DEFINER because the outbox is private: it refuses everyone but an admitted admin (42501) and mails '
  'only their own address.';

-- 'Изпрати до абонатите': after a test of exactly this content, once per post, one send at a time.
create or replace function public.start_newsletter_send(post uuid, html text, plain text) returns jsonb
language plpgsql volatile security definer set search_path = ''
as $$
declare
  p public.blog_posts := private.sendable_post(post);
  send public.newsletter_sends;
begin
  perform private.check_newsletter_content(html, plain);
  if not private.newsletter_ready() then
    raise exception 'Изпращането на имейли не е настроено.' using errcode = 'P0001', hint = 'newsletter_not_configured';
  end if;
  perform pg_advisory_xact_lock(hashtext('private.newsletter:send'));
  if exists (select 1 from public.newsletter_sends s where s.post_id = p.id) then
    raise exception 'Тази публикация вече е изпратена до абонатите.' using errcode = 'P0001', hint = 'newsletter_already_sent';
  end if;
  if exists (select 1 from public.newsletter_sends s where s.status = 'sending') then
    raise exception 'Друго изпращане още тече. Изчакайте го да завърши.' using errcode = 'P0001', hint = 'newsletter_send_running';
  end if;
  if not exists (select 1 from private.newsletter_tests t
                  where t.post_id = p.id and t.sent_by = private.current_blog_user()
                    and t.content_hash = md5(html || E'\n' || plain)
                    and t.sent_at > now() - interval '1 day' and t.sent_at >= p.updated_at) then
    raise exception 'Първо изпратете тест до себе си.' using errcode = 'P0001', hint = 'newsletter_test_first';
  end if;
  insert into public.newsletter_sends (post_id, subject, html, plain, started_by)
  values (p.id, p.title, html, plain, private.current_blog_user())
  returning * into send;
  insert into private.newsletter_deliveries (send_id, post_id, subscriber_id)
  select send.id, p.id, n.id from public.newsletter_subscribers n where n.status = 'confirmed'
  on conflict (post_id, subscriber_id) do nothing;
  perform private.send_newsletter_batch(send.id);
  return public.newsletter_send_status(p.id);
end
$$;
comment on function public.start_newsletter_send(uuid, text, text) is
  'Sends a published post to every confirmed subscriber, once. In the API because the admin panel calls '
  'it; SECURITY DEFINER because deliveries and the outbox are private: it refuses everyone but an '
  'admitted admin (42501).';

-- Where a post's send stands, for the editor.
create or replace function public.newsletter_send_status(post uuid) returns jsonb
language plpgsql stable security definer set search_path = ''
as $$
declare
  send public.newsletter_sends;
  counts jsonb;
  tested timestamptz;
begin
  if not coalesce(private.is_admin(), false) then
    raise exception 'Only administrators see the newsletter' using errcode = '42501';
  end if;
  select max(t.sent_at) into tested from private.newsletter_tests t
   where t.post_id = post and t.sent_by = private.current_blog_user();
  select * into send from public.newsletter_sends s where s.post_id = post;
  if not found then
    return jsonb_build_object('status', 'none', 'tested_at', tested,
      'subscribers', (select count(*) from public.newsletter_subscribers n where n.status = 'confirmed'));
  end if;
  select jsonb_build_object(
           'total', count(*),
           'queued', count(*) filter (where d.status = 'queued'),
           'sending', count(*) filter (where d.status = 'sending'),
           'sent', count(*) filter (where d.status = 'sent'),
           'failed', count(*) filter (where d.status in ('failed', 'given_up')),
           'skipped', count(*) filter (where d.status = 'skipped'))
    into counts
    from private.newsletter_deliveries d where d.send_id = send.id;
  return counts || jsonb_build_object('status', send.status, 'started_at', send.started_at,
                                      'finished_at', send.finished_at, 'tested_at', tested);
end
$$;
comment on function public.newsletter_send_status(uuid) is
  'A post''s newsletter progress. In the API because the admin panel calls it; SECURITY DEFINER because '
  'deliveries are private: it refuses everyone but an admitted admin (42501) before it reads anything.';

-- Hands the next (at most 100) deliveries of a send to the provider's batch API in one request.
create or replace function private.send_newsletter_batch(send uuid) returns integer
language plpgsql security definer set search_path = ''
as $$
declare
  settings private.mail_settings;
  key text := private.vault_secret('mail_api_key');
  s public.newsletter_sends;
  p public.blog_posts;
  batch bigint;
  request bigint;
  payload jsonb := '[]'::jsonb;
  ids bigint[] := array[]::bigint[];
  d record;
  token text;
  bodies jsonb;
begin
  if not private.newsletter_ready() or key is null or to_regprocedure('net.http_post(text, jsonb, jsonb, jsonb, integer)') is null then
    return 0;
  end if;
  select * into settings from private.mail_settings where id;
  select * into s from public.newsletter_sends x where x.id = send and x.status = 'sending';
  if not found then
    return 0;
  end if;
  select * into p from public.blog_posts b where b.id = s.post_id;
  -- whoever is no longer confirmed gets nothing
  update private.newsletter_deliveries dd set status = 'skipped', last_error = 'no longer subscribed'
    from public.newsletter_subscribers n
   where dd.send_id = send and dd.status in ('queued', 'failed') and n.id = dd.subscriber_id and n.status <> 'confirmed';
  for d in
    select dd.id, n.id as subscriber, n.email
      from private.newsletter_deliveries dd join public.newsletter_subscribers n on n.id = dd.subscriber_id
     where dd.send_id = send
       and (dd.status = 'queued'
            or (dd.status = 'failed' and dd.last_attempt_at <= now() - make_interval(mins => power(2, least(dd.attempts - 1, 6))::int)))
     order by dd.id
     limit 100
     for update of dd skip locked
  loop
    token := private.unsubscribe_token(d.subscriber);
    bodies := private.newsletter_bodies(p, s.html, s.plain, settings.site_url || '/newsletter/unsubscribe/' || token, settings);
    payload := payload || jsonb_build_array(
      jsonb_build_object('from', settings.sender, 'to', jsonb_build_array(d.email), 'subject', s.subject,
                         'html', bodies ->> 'html', 'text', bodies ->> 'text',
                         'headers', jsonb_build_object(
                           'List-Unsubscribe', '<' || settings.functions_url || '/newsletter-unsubscribe?token=' || token || '>',
                           'List-Unsubscribe-Post', 'List-Unsubscribe=One-Click'))
      || case when settings.reply_to is null then '{}'::jsonb else jsonb_build_object('reply_to', settings.reply_to) end);
    ids := ids || d.id;
  end loop;
  if cardinality(ids) = 0 then
    return 0;
  end if;
  insert into private.newsletter_batches (send_id) values (send) returning id into batch;
  select net.http_post(
           url := settings.api_url || '/batch',
           body := payload,
           headers := jsonb_build_object(
             'Content-Type', 'application/json',
             'Authorization', 'Bearer ' || key,
             -- a retry after a lost answer is the same batch: the provider sends it once
             'Idempotency-Key', 'newsletter-batch-' || batch),
           timeout_milliseconds := 30000)
    into request;
  update private.newsletter_batches set request_id = request where id = batch;
  update private.newsletter_deliveries
     set status = 'sending', batch_id = batch, attempts = attempts + 1, last_attempt_at = now()
   where id = any (ids);
  return cardinality(ids);
end
$$;

-- The job: the provider's answers to the batches, then the next batch of each running send; a
-- send with nothing left to try is done.
create or replace function private.process_newsletter() returns void
language plpgsql security definer set search_path = ''
as $$
declare
  b record;
  outcome record;
  s record;
begin
  for b in select * from private.newsletter_batches where status = 'sending' order by id for update skip locked loop
    outcome := private.net_outcome(b.request_id, b.attempted_at);
    if not outcome.answered then
      continue;
    elsif outcome.failure is null then
      update private.newsletter_batches set status = 'sent' where id = b.id;
      update private.newsletter_deliveries set status = 'sent', sent_at = now(), last_error = null
       where batch_id = b.id and status = 'sending';
    else
      update private.newsletter_batches set status = 'failed', last_error = outcome.failure where id = b.id;
      update private.newsletter_deliveries
         set status = case when attempts >= 5 then 'given_up' else 'failed' end, last_error = outcome.failure
       where batch_id = b.id and status = 'sending';
    end if;
  end loop;

  for s in select x.id from public.newsletter_sends x where x.status = 'sending' loop
    perform private.send_newsletter_batch(s.id);
    if not exists (select 1 from private.newsletter_deliveries d
                    where d.send_id = s.id and d.status in ('queued', 'sending', 'failed')) then
      update public.newsletter_sends set status = 'done', finished_at = now() where id = s.id;
    end if;
  end loop;
end
$$;

-- ---------------------------------------------------------------------------------------------
-- Bounces and complaints
-- ---------------------------------------------------------------------------------------------
create table private.mail_events (
  event_id text primary key,
  kind text not null,
  received_at timestamptz not null default now()
);
comment on table private.mail_events is 'The provider''s webhook deliveries already applied (by their webhook-id), so a retry changes nothing twice.';
revoke all on private.mail_events from public, anon, authenticated;

-- kind: complained, bounced_hard or bounced_soft. Answers what became of the address.
create or replace function public.record_mail_event(event_id text, kind text, address text) returns text
language plpgsql volatile security definer set search_path = ''
as $$
declare
  s public.newsletter_subscribers;
begin
  if kind not in ('complained', 'bounced_hard', 'bounced_soft') then
    raise exception 'Unknown mail event' using errcode = '22023', hint = 'mail_event_kind';
  end if;
  insert into private.mail_events (event_id, kind) values (event_id, kind) on conflict do nothing;
  if not found then
    return 'duplicate';
  end if;
  select * into s from public.newsletter_subscribers n where n.mailbox = private.mailbox_key(coalesce(address, '')) for update;
  if not found then
    return 'unknown_address';
  end if;
  if s.status = 'suppressed' then
    return 'suppressed';
  end if;
  if kind = 'bounced_soft' then
    update public.newsletter_subscribers set soft_bounces = soft_bounces + 1 where id = s.id returning * into s;
    if s.soft_bounces < 3 then
      return 'counted';
    end if;
  end if;
  update public.newsletter_subscribers
     set status = 'suppressed', suppressed_at = now(),
         suppressed_reason = case when kind = 'complained' then 'complained' else 'bounced' end
   where id = s.id;
  update private.newsletter_links set revoked_at = now() where subscriber_id = s.id and revoked_at is null and used_at is null;
  update private.newsletter_deliveries set status = 'skipped', last_error = 'suppressed'
   where subscriber_id = s.id and status in ('queued', 'failed');
  return 'suppressed';
end
$$;
comment on function public.record_mail_event(text, text, text) is
  'A bounce or complaint from the mail provider. In the API because the Edge Function mail-events calls '
  'it after checking the webhook''s signature; SECURITY DEFINER because the event log is private; only '
  'the service role may execute it.';

-- ---------------------------------------------------------------------------------------------
-- The admin's hand
-- ---------------------------------------------------------------------------------------------
create or replace function public.newsletter_counts() returns jsonb
language plpgsql stable security definer set search_path = ''
as $$
begin
  if not coalesce(private.is_admin(), false) then
    raise exception 'Only administrators see the subscribers' using errcode = '42501';
  end if;
  return (select jsonb_build_object(
            'pending', count(*) filter (where status = 'pending'),
            'confirmed', count(*) filter (where status = 'confirmed'),
            'unsubscribed', count(*) filter (where status = 'unsubscribed'),
            'suppressed', count(*) filter (where status = 'suppressed'))
            from public.newsletter_subscribers);
end
$$;
comment on function public.newsletter_counts() is
  'The subscribers per state. In the API because the admin panel calls it; SECURITY DEFINER because it '
  'counts in one pass for the admin: it refuses everyone but an admitted admin (42501).';

create or replace function public.admin_unsubscribe_newsletter(subscriber uuid) returns void
language plpgsql volatile security definer set search_path = ''
as $$
begin
  if not coalesce(private.is_admin(), false) then
    raise exception 'Only administrators change subscribers' using errcode = '42501';
  end if;
  update public.newsletter_subscribers
     set status = 'unsubscribed', unsubscribed_at = now(), unsubscribed_via = 'admin'
   where id = subscriber and status in ('pending', 'confirmed');
  update private.newsletter_links set revoked_at = now() where subscriber_id = subscriber and revoked_at is null and used_at is null;
  update private.newsletter_deliveries set status = 'skipped', last_error = 'unsubscribed'
   where subscriber_id = subscriber and status in ('queued', 'failed');
end
$$;
comment on function public.admin_unsubscribe_newsletter(uuid) is
  'An admin unsubscribes an address by hand. In the API because the admin panel calls it; SECURITY '
  'DEFINER because links and deliveries are private: it refuses everyone but an admitted admin (42501).';

-- Erasure on request: the subscriber, their consents, links, deliveries and the newsletter mail
-- to them go; that an erasure happened stays, without the person.
create or replace function public.erase_newsletter_subscriber(subscriber uuid) returns void
language plpgsql volatile security definer set search_path = ''
as $$
declare
  box text;
begin
  if not coalesce(private.is_admin(), false) then
    raise exception 'Only administrators erase subscribers' using errcode = '42501';
  end if;
  delete from public.newsletter_subscribers where id = subscriber returning mailbox into box;
  if box is null then
    return;
  end if;
  delete from private.mail_outbox where mailbox = box and purpose = 'newsletter_confirm';
  insert into private.newsletter_erasures (erased_by) values (private.current_blog_user());
end
$$;
comment on function public.erase_newsletter_subscriber(uuid) is
  'Erases a subscriber on request, recording only that it happened. In the API because the admin panel '
  'calls it; SECURITY DEFINER because the outbox and the erasure log are private: it refuses everyone '
  'but an admitted admin (42501).';

-- ---------------------------------------------------------------------------------------------
-- Who may call what, and the job
-- ---------------------------------------------------------------------------------------------
revoke all on all functions in schema private from public, anon, authenticated;
grant execute on function private.is_admin() to anon, authenticated, service_role;
grant execute on function private.mailbox_key(text) to anon, authenticated, service_role;

revoke all on function public.subscribe_newsletter(text, text, text, text, integer, text) from public;
revoke all on function public.newsletter_link(text, text) from public;
revoke all on function public.confirm_newsletter(text) from public;
revoke all on function public.resend_newsletter_confirmation(text) from public;
revoke all on function public.unsubscribe_newsletter(text, text) from public;
revoke all on function public.send_newsletter_test(uuid, text, text) from public;
revoke all on function public.start_newsletter_send(uuid, text, text) from public;
revoke all on function public.newsletter_send_status(uuid) from public;
revoke all on function public.record_mail_event(text, text, text) from public;
revoke all on function public.newsletter_counts() from public;
revoke all on function public.admin_unsubscribe_newsletter(uuid) from public;
revoke all on function public.erase_newsletter_subscriber(uuid) from public;

grant execute on function public.subscribe_newsletter(text, text, text, text, integer, text) to anon, authenticated;
grant execute on function public.newsletter_link(text, text) to anon, authenticated;
grant execute on function public.confirm_newsletter(text) to anon, authenticated;
grant execute on function public.resend_newsletter_confirmation(text) to anon, authenticated;
grant execute on function public.unsubscribe_newsletter(text, text) to anon, authenticated;
grant execute on function public.send_newsletter_test(uuid, text, text) to authenticated;
grant execute on function public.start_newsletter_send(uuid, text, text) to authenticated;
grant execute on function public.newsletter_send_status(uuid) to authenticated;
grant execute on function public.newsletter_counts() to authenticated;
grant execute on function public.admin_unsubscribe_newsletter(uuid) to authenticated;
grant execute on function public.erase_newsletter_subscriber(uuid) to authenticated;
grant execute on function public.record_mail_event(text, text, text) to service_role;

do $$
begin
  if to_regprocedure('cron.schedule(text, text, text)') is not null then
    perform cron.schedule('newsletter-sends', '* * * * *', 'select private.process_newsletter()');
  else
    raise warning 'pg_cron is not available: newsletters go out one batch at a time (enable pg_cron and run this migration''s cron.schedule)';
  end if;
end
$$;
