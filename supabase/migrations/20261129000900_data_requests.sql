-- Requests from people about their data (issue 50; GDPR Art. 15 and 17, answered within one
-- month, Art. 12(3)).
--
--   * A person asks on /lichni-danni for a copy of their data or for its erasure by giving their
--     e-mail: public.request_personal_data, with the per-visitor limits, the bot trap and the proof
--     of work of the other public forms (a form of its own, 'data_request'), and at most
--     data_requests_per_mailbox_per_day requests a day for one mailbox (past it: the same answer,
--     nothing stored, nothing sent). The answer is the same whether or not anyone knows the
--     address; nothing is looked up before the person confirms.
--   * The database stores the request unconfirmed (public.data_requests: the address, the kind and
--     the hash of a random token, never the token) and mails a fixed text to the address with the
--     link <site_url>/lichni-danni/potvardi/<token> (src/shared/config/addresses.ts,
--     dataRequestConfirmPath, mirrors it). Nothing the visitor typed but their own address goes into
--     it, and no other e-mail is sent.
--   * The link's page reads public.data_request_by_token (it changes nothing: mail scanners open
--     every link); only its button, public.confirm_data_request (a POST), confirms: the request is
--     then 'open', with its deadline (confirmed_at + 1 month) and the contact that has the mailbox,
--     if any. A link lasts 7 days; confirming twice answers the same.
--   * Consultants and admins (private.sees_visitors) read the confirmed requests and change only who
--     handles one, its status and its outcome (column grants); closing one ('done', 'refused')
--     needs an outcome and sets closed_at (trigger). Each step is in the audit log
--     (data_request.received, .confirmed, .handled, .closed).
--   * public.contact_data_export: everything the database holds about a contact, as one JSON
--     document, recorded in the audit log (contact.export) before it is returned.
--   * public.erase_contact, as before, now also closes the open erasure requests of the contact's
--     mailboxes ('done', 'Данните са изтрити', handled by the one who erased). What stays of such a
--     request proves the answer: the address it came from, its kind, its dates, the outcome and who
--     handled it; the contact it named goes (contact_id set null with the contact).

-- ---------------------------------------------------------------------------------------------
-- The requests
-- ---------------------------------------------------------------------------------------------
create table public.data_requests (
  id uuid primary key default gen_random_uuid(),
  email text not null constraint data_requests_email_check check (char_length(email) between 3 and 254),
  mailbox text not null,
  kind text not null constraint data_requests_kind_check check (kind in ('copy', 'erasure')),
  status text not null default 'unconfirmed'
    constraint data_requests_status_check check (status in ('unconfirmed', 'open', 'done', 'refused')),
  created_at timestamptz not null default now(),
  confirmed_at timestamptz,
  due_at timestamptz,
  handled_by uuid references public.blog_users (id) on delete set null,
  outcome text constraint data_requests_outcome_check check (char_length(outcome) <= 2000),
  closed_at timestamptz,
  contact_id uuid references public.contacts (id) on delete set null,
  token_hash bytea not null constraint data_requests_token_hash_key unique,
  constraint data_requests_confirmed check ((status = 'unconfirmed') = (confirmed_at is null) and (confirmed_at is null) = (due_at is null)),
  constraint data_requests_closed check ((status in ('done', 'refused')) = (closed_at is not null)),
  constraint data_requests_outcome_given check (status not in ('done', 'refused') or coalesce(btrim(outcome), '') <> '')
);
create index data_requests_list_idx on public.data_requests (created_at desc, id desc) where status <> 'unconfirmed';
create index data_requests_mailbox_idx on public.data_requests (mailbox, created_at);
create index data_requests_contact_idx on public.data_requests (contact_id);
create index data_requests_handled_by_idx on public.data_requests (handled_by);
create index data_requests_closed_idx on public.data_requests (closed_at) where closed_at is not null;
comment on table public.data_requests is
  'Requests from people for a copy or the erasure of their data (/lichni-danni): stored unconfirmed by request_personal_data, opened by the e-mailed link''s button (confirm_data_request), answered by a consultant or admin within a month (due_at). Only confirmed ones are read by sees_visitors(); they change only handled_by, status and outcome.';
comment on column public.data_requests.email is 'The address the request came from, lower case: where the confirmation went, and after the answer the proof of whom it was given.';
comment on column public.data_requests.mailbox is 'private.mailbox_key(email): the mailbox, as the contacts and the per-address limit know it.';
comment on column public.data_requests.due_at is 'The deadline: a month after the confirmation (GDPR Art. 12(3)).';
comment on column public.data_requests.handled_by is 'The consultant or administrator (blog user) who handles it.';
comment on column public.data_requests.outcome is 'What was done (up to 2000 characters); required to close it.';
comment on column public.data_requests.closed_at is 'When it was closed (done or refused); set by the database.';
comment on column public.data_requests.contact_id is 'The contact that had the address when the request was confirmed, if any.';
comment on column public.data_requests.token_hash is 'SHA-256 of the e-mailed link''s token; the token itself is never stored.';

alter table public.data_requests enable row level security;
revoke all on table public.data_requests from public, anon, authenticated;
grant select on table public.data_requests to authenticated;
grant update (handled_by, status, outcome) on table public.data_requests to authenticated;
grant all on table public.data_requests to service_role;

create policy "Consultants and admins read confirmed data requests" on public.data_requests for select to authenticated
  using (status <> 'unconfirmed' and (select private.sees_visitors()));
create policy "Consultants and admins handle confirmed data requests" on public.data_requests for update to authenticated
  using (status <> 'unconfirmed' and (select private.sees_visitors()))
  with check (status <> 'unconfirmed' and (select private.sees_visitors()));

-- The sign-ups' counts for the per-visitor limits (keyed hashes of the network, never an address):
-- a day, then request_personal_data itself deletes them.
create table private.data_request_intake (
  id bigint generated always as identity primary key,
  client text,
  network text,
  created_at timestamptz not null default now()
);
create index data_request_intake_client_idx on private.data_request_intake (client, created_at);
create index data_request_intake_network_idx on private.data_request_intake (network, created_at);
create index data_request_intake_time_idx on private.data_request_intake (created_at);
revoke all on table private.data_request_intake from public, anon, authenticated, service_role;
comment on table private.data_request_intake is
  'The data-request form''s counts for the per-visitor limits: the keyed hashes of the sender''s networks and the time, kept a day (pruned by request_personal_data).';

insert into private.intake_limits (name, value, description) values
  ('data_requests_per_client_per_10_minutes', 3, 'data requests one visitor (an IPv4 address, an IPv6 /64) may send in 10 minutes'),
  ('data_requests_per_network_per_10_minutes', 10, 'data requests one network (IPv4 /24, IPv6 /48) may send in 10 minutes without harder work: from half of it a proof of work, past it harder'),
  ('data_requests_per_minute', 20, 'data requests a minute, all visitors together: from half of it every request proves work, harder past it'),
  ('data_requests_per_mailbox_per_day', 3, 'data requests stored for one mailbox in 24 hours; past it the form answers the same and stores and sends nothing')
on conflict (name) do update set value = excluded.value, description = excluded.description;

-- ---------------------------------------------------------------------------------------------
-- The e-mail's purpose and the audit log's kinds: both lists widened by what they hold now, so
-- the kinds other migrations added stay
-- ---------------------------------------------------------------------------------------------
do $$
declare
  widen record;
  current_def text;
  kept text[];
begin
  for widen in
    select * from (values
      ('private.mail_outbox', 'mail_outbox_purpose_check', 'purpose', array['data_request_confirm']),
      ('private.audit_events', 'audit_events_kind_check', 'kind',
       array['data_request.received', 'data_request.confirmed', 'data_request.handled', 'data_request.closed'])
    ) as w (tbl, name, col, added)
  loop
    select pg_get_constraintdef(c.oid) into current_def
      from pg_constraint c where c.conrelid = widen.tbl::regclass and c.conname = widen.name;
    select array_agg(distinct m[1] order by m[1]) into kept from regexp_matches(current_def, '''([^'']+)''', 'g') as m;
    execute format('alter table %s drop constraint %I', widen.tbl, widen.name);
    execute format('alter table %s add constraint %I check (%I = any (%L::text[]))', widen.tbl, widen.name, widen.col,
                   (select array_agg(distinct k order by k) from unnest(kept || widen.added) k));
  end loop;
end
$$;

-- ---------------------------------------------------------------------------------------------
-- The rules of a change, and its line in the audit log
-- ---------------------------------------------------------------------------------------------
create function private.data_request_rules() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  closing boolean := new.status in ('done', 'refused');
begin
  if old.status = 'unconfirmed' and new.status not in ('unconfirmed', 'open') then
    raise exception 'Заявката още не е потвърдена от подателя си.' using errcode = '22023', hint = 'data_request_unconfirmed';
  end if;
  if old.status <> 'unconfirmed' and new.status = 'unconfirmed' then
    raise exception 'Потвърдена заявка не може да стане отново непотвърдена.' using errcode = '22023', hint = 'data_request_status';
  end if;
  new.outcome := nullif(btrim(new.outcome), '');
  if char_length(new.outcome) > 2000 then
    raise exception 'Резултатът е твърде дълъг: до 2000 знака.' using errcode = '22023', hint = 'data_request_outcome_too_long';
  end if;
  if closing and new.outcome is null then
    raise exception 'Опишете какво е направено по заявката, преди да я затворите.' using errcode = '22023', hint = 'data_request_outcome_required';
  end if;
  if new.handled_by is distinct from old.handled_by and new.handled_by is not null and not private.serves_visitors(new.handled_by) then
    raise exception 'Заявката може да се възложи само на активен консултант или администратор.' using errcode = '22023', hint = 'data_request_handler';
  end if;
  -- whoever closes a request nobody took handled it
  if closing and new.handled_by is null then
    new.handled_by := private.current_blog_user();
  end if;
  new.closed_at := case when not closing then null when old.status in ('done', 'refused') then old.closed_at else now() end;
  return new;
end
$$;
revoke all on function private.data_request_rules() from public, anon, authenticated, service_role;
comment on function private.data_request_rules() is
  'Trigger: a data request is confirmed only by its link, never unconfirmed again; closing it (done, refused) needs an outcome (up to 2000 characters) and sets closed_at; it is handled only by an active consultant or administrator (the one who closes it, if nobody took it).';

create trigger data_requests_10_rules before update on public.data_requests
  for each row execute function private.data_request_rules();

create function private.audit_data_request() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  changed jsonb;
begin
  if tg_op = 'INSERT' then
    perform private.audit('data_request.received', 'data_requests', new.id::text, jsonb_build_object('kind', new.kind));
    return null;
  end if;
  if old.status = 'unconfirmed' and new.status = 'open' then
    perform private.audit('data_request.confirmed', 'data_requests', new.id::text, jsonb_build_object('kind', new.kind));
    return null;
  end if;
  select coalesce(jsonb_agg(f.name order by f.name), '[]') into changed
    from (values ('handled_by', old.handled_by::text, new.handled_by::text), ('outcome', old.outcome, new.outcome),
                 ('status', old.status, new.status)) as f (name, was, now_is)
   where f.was is distinct from f.now_is;
  if changed = '[]' then
    return null;
  end if;
  perform private.audit(
    case when new.status in ('done', 'refused') and old.status not in ('done', 'refused') then 'data_request.closed' else 'data_request.handled' end,
    'data_requests', new.id::text,
    jsonb_build_object('fields', changed)
      || case when new.status is distinct from old.status then jsonb_build_object('from', old.status, 'to', new.status) else '{}'::jsonb end);
  return null;
end
$$;
revoke all on function private.audit_data_request() from public, anon, authenticated, service_role;
comment on function private.audit_data_request() is
  'Trigger: records a data request received, confirmed, handled (the names of the fields that changed) or closed (its new status), never the address or the outcome''s text.';

create trigger data_requests_90_audit after insert or update on public.data_requests
  for each row execute function private.audit_data_request();

-- ---------------------------------------------------------------------------------------------
-- The form's proof of work: 'data_request' is a public form like the others
-- ---------------------------------------------------------------------------------------------
create or replace function private.intake_form(form text) returns text
language sql immutable set search_path = ''
as $$
  select case form
    when 'inquiry' then 'inquiry' when 'contact_submissions' then 'inquiry'
    when 'booking' then 'booking' when 'appointments' then 'booking'
    when 'newsletter' then 'newsletter'
    when 'data_request' then 'data_request'
  end
$$;

create or replace function private.site_pressure(form text) returns integer
language sql stable security definer set search_path = ''
as $$
  select case private.intake_form(form)
    when 'booking' then private.ceiling_level(
      (select count(*) from public.appointments a where a.created_at > now() - interval '1 minute'),
      private.intake_limit('bookings_per_minute'))
    when 'newsletter' then private.ceiling_level(
      (select count(*) from private.newsletter_intake n where n.created_at > now() - interval '1 minute'),
      private.intake_limit('newsletter_per_minute'))
    when 'inquiry' then private.ceiling_level(
      (select count(*) from public.contact_submissions c where c.created_at > now() - interval '1 minute'),
      private.intake_limit('inquiries_per_minute'))
    when 'data_request' then private.ceiling_level(
      (select count(*) from private.data_request_intake d where d.created_at > now() - interval '1 minute'),
      private.intake_limit('data_requests_per_minute'))
  end
$$;

create or replace function private.network_load(form text, wide text) returns bigint
language sql stable security definer set search_path = ''
as $$
  select case private.intake_form(form)
    when 'booking' then (
      select count(*) from public.appointments a join private.intake_clients c on c.appointment_id = a.id
       where c.network = wide and a.status = 'pending' and a.preferred_date > now())
    when 'newsletter' then (
      select count(*) from private.newsletter_intake n where n.network = wide and n.created_at > now() - interval '10 minutes')
    when 'inquiry' then (
      select count(*) from private.intake_clients c
       where c.network = wide and c.inquiry_id is not null and c.created_at > now() - interval '10 minutes')
    when 'data_request' then (
      select count(*) from private.data_request_intake d where d.network = wide and d.created_at > now() - interval '10 minutes')
  end
$$;

create or replace function private.network_limit(form text) returns integer
language sql stable security definer set search_path = ''
as $$
  select private.intake_limit(case private.intake_form(form)
    when 'booking' then 'bookings_pending_per_network'
    when 'newsletter' then 'newsletter_per_network_per_10_minutes'
    when 'data_request' then 'data_requests_per_network_per_10_minutes'
    else 'inquiries_per_network_per_10_minutes' end)
$$;

create or replace function private.spend_proof(proof text, form text, narrow text, level integer) returns void
language plpgsql security definer set search_path = ''
as $$
declare
  payload jsonb;
  salt text;
  expires bigint;
  proof_level integer;
  why text;
begin
  if coalesce(proof, '') = '' then
    why := 'no proof';
  else
    begin
      payload := convert_from(decode(proof, 'base64'), 'UTF8')::jsonb;
    exception when others then
      payload := null;
    end;
    if jsonb_typeof(payload) is distinct from 'object' then
      payload := null;
    end if;
    salt := payload ->> 'salt';
    if payload is null
       or payload ->> 'algorithm' is distinct from 'SHA-256'
       or coalesce(payload ->> 'challenge', '') !~ '^[0-9a-f]{64}$'
       or coalesce(payload ->> 'signature', '') !~ '^[0-9a-f]{64}$'
       or coalesce(payload ->> 'number', '') !~ '^[0-9]{1,10}$'
       or coalesce(salt, '') !~ '^[0-9a-f]{24}\?expires=[0-9]{1,12}&level=[1-9]&form=(inquiry|booking|newsletter|data_request)$' then
      why := 'not a proof of ours';
    else
      expires := substring(salt from 'expires=([0-9]+)')::bigint;
      proof_level := substring(salt from 'level=([0-9])')::integer;
      if substring(salt from 'form=([a-z_]+)$') is distinct from private.intake_form(form) then
        why := 'issued for another form';
      elsif private.challenge_signature(payload ->> 'challenge', form, narrow) <> payload ->> 'signature' then
        why := 'not signed for this visitor';
      elsif encode(extensions.digest(salt || (payload ->> 'number'), 'sha256'), 'hex') <> payload ->> 'challenge' then
        why := 'not solved';
      elsif expires <= extract(epoch from now()) then
        why := 'expired';
      elsif proof_level < level
            and not (proof_level >= level - 1
                     and to_timestamp(expires) - interval '10 minutes' > now() - make_interval(secs => private.intake_limit('proof_grace_seconds'))) then
        why := 'too easy for now';
      else
        insert into private.spent_challenges (challenge, expires_at)
        values (payload ->> 'challenge', to_timestamp(expires))
        on conflict do nothing;
        if found then
          return;
        end if;
        why := 'already used';
      end if;
    end if;
  end if;
  raise exception 'A proof of work is needed (%)', why
    using errcode = 'P0001', hint = 'intake_proof_required', detail = 'level ' || level;
end
$$;

create or replace function api_definers.intake_challenge(form text) returns jsonb
language plpgsql volatile security definer set search_path = ''
as $$
declare
  kind text := case when form in ('inquiry', 'booking', 'newsletter', 'data_request') then form end;
  narrow text;
  level integer;
  maximum integer;
  secret_number integer;
  salt text;
  challenge text;
begin
  if kind is null then
    raise exception 'Unknown form: ask for inquiry, booking, newsletter or data_request' using errcode = '22023', hint = 'intake_form_unknown';
  end if;
  narrow := private.client_key(false);
  level := least(4, greatest(1, private.work_level(kind, narrow, private.client_key(true))));
  maximum := private.intake_limit('proof_base_difficulty') * (4 ^ (level - 1))::integer;
  -- uniform in [0, maximum): 32 random bits, reduced (maximum is far below 2^32)
  secret_number := (('x' || encode(extensions.gen_random_bytes(4), 'hex'))::bit(32)::bigint % maximum)::integer;
  salt := encode(extensions.gen_random_bytes(12), 'hex')
    -- whole seconds, rounded down: the issue time (expires - 10 minutes) is never later than now
    || '?expires=' || floor(extract(epoch from now() + interval '10 minutes'))::bigint || '&level=' || level || '&form=' || kind;
  challenge := encode(extensions.digest(salt || secret_number::text, 'sha256'), 'hex');
  return jsonb_build_object(
    'algorithm', 'SHA-256',
    'challenge', challenge,
    'maxnumber', maximum,
    'salt', salt,
    'signature', private.challenge_signature(challenge, kind, narrow));
end
$$;

-- ---------------------------------------------------------------------------------------------
-- request_personal_data: the form on /lichni-danni
-- ---------------------------------------------------------------------------------------------
create function api_definers.request_personal_data(email text, kind text, proof text default null, fill_ms integer default null, bot_trap text default null)
returns void
language plpgsql volatile security definer set search_path = ''
as $$
declare
  address text := lower(btrim(coalesce(email, '')));
  box text;
  narrow text;
  wide text;
  visitor boolean := private.is_visitor();
  settings private.mail_settings;
  token text := private.random_token();
  link text;
  subject text;
  bodies jsonb;
  asked text;
begin
  -- the same plain address the forms accept (the *_email_plain constraints)
  if char_length(address) > 254
     or address !~ '^[^][[:space:]@?,;:<>()\\"''&%/]+@[^][[:space:]@?,;:<>()\\"''&%/]+\.[^][[:space:]@?,;:<>()\\"''&%/.]{2,}$' then
    raise exception 'Въведете валиден имейл адрес.' using errcode = '22023', hint = 'data_request_email_invalid';
  end if;
  if kind is null or kind not in ('copy', 'erasure') then
    raise exception 'Изберете дали искате копие или изтриване на данните.' using errcode = '22023', hint = 'data_request_kind_invalid';
  end if;
  -- a bot that filled the hidden field, or sent sooner than a person could, learns nothing
  if visitor and (coalesce(btrim(bot_trap), '') <> '' or (fill_ms is not null and fill_ms < private.intake_limit('min_fill_ms'))) then
    return;
  end if;

  if visitor then
    perform pg_advisory_xact_lock(hashtext('private.intake:data_request'));
    select k.narrow, k.wide into narrow, wide from private.visitor_keys() k;
    if narrow is not null and (select count(*) from private.data_request_intake d
                                where d.client = narrow and d.created_at > now() - interval '10 minutes')
                              >= private.intake_limit('data_requests_per_client_per_10_minutes') then
      raise exception 'Твърде много заявки от вашата мрежа за кратко време. Опитайте отново след няколко минути.'
        using errcode = '22023', hint = 'data_request_limit_client';
    end if;
    -- the network (an office, a provider's block) is never refused: it works, harder as it sends more
    perform private.require_work('data_request', narrow, wide, proof);
    delete from private.data_request_intake d where d.created_at < now() - interval '1 day';
    insert into private.data_request_intake (client, network) values (narrow, wide);
  end if;

  box := private.mailbox_key(address);
  perform pg_advisory_xact_lock(hashtext('private.data_request:' || box));
  -- Every answer does the same work, so its time tells nobody how often the address asked: a
  -- request past the mailbox's daily limit is stored and mailed as well, then rolled back.
  begin
    insert into public.data_requests (email, mailbox, kind, token_hash)
    values (address, box, kind, private.token_hash(token));
    if private.mail_ready() then
      select * into settings from private.mail_settings where id;
      link := settings.site_url || '/lichni-danni/potvardi/' || token;
      asked := case kind when 'copy' then 'копие на личните данни, които ' || settings.brand || ' пази за този адрес'
                         else 'изтриване на личните данни, които ' || settings.brand || ' пази за този адрес' end;
      subject := 'Потвърдете заявката си за лични данни към ' || settings.brand;
      bodies := private.mail_bodies('Потвърдете заявката си',
        array['Здравейте,',
              'Някой, вероятно вие, поиска ' || asked || '. '
                || 'Ще се заемем със заявката само ако я потвърдите: отворете връзката и натиснете „Потвърди заявката“.',
              'Ако не сте били вие, не правете нищо: без потвърждение заявката се изтрива сама.'],
        array[]::text[][],
        array[array['Потвърди заявката', link]],
        array['Връзката е валидна 7 дни. След потвърждението ще ви отговорим до един месец.'],
        E'Поздрави,\n' || settings.brand);
      perform private.enqueue_mail(null, null, 'data_request_confirm', null, address, subject,
        jsonb_build_object('from', settings.sender, 'to', jsonb_build_array(address), 'subject', subject,
                           'html', bodies ->> 'html', 'text', bodies ->> 'text')
          || case when settings.reply_to is null then '{}'::jsonb else jsonb_build_object('reply_to', settings.reply_to) end,
        case when visitor then 'visitor' else 'admin' end);
    end if;
    if (select count(*) from public.data_requests d where d.mailbox = box and d.created_at > now() - interval '1 day')
       > private.intake_limit('data_requests_per_mailbox_per_day') then
      raise exception 'past the mailbox''s daily limit' using errcode = 'DRDRY';
    end if;
  exception when sqlstate 'DRDRY' then
    null;
  end;
end
$$;
revoke all on function api_definers.request_personal_data(text, text, text, integer, text) from public, anon, authenticated;
grant execute on function api_definers.request_personal_data(text, text, text, integer, text) to anon, authenticated, service_role;
comment on function api_definers.request_personal_data(text, text, text, integer, text) is
  'The form on /lichni-danni: a request for a copy or the erasure of one''s data, stored unconfirmed, and a fixed-text e-mail with its confirmation link. In the API because visitors send it from the site; SECURITY DEFINER because visitors may neither read nor write the requests, the outbox or the limits: it answers the same for every address, in the same time, and applies the per-visitor limits and the proof of work of the public forms.';

create function public.request_personal_data(email text, kind text, proof text default null, fill_ms integer default null, bot_trap text default null)
returns void
language sql volatile security invoker set search_path = ''
as $$ select api_definers.request_personal_data(email, kind, proof, fill_ms, bot_trap) $$;
revoke all on function public.request_personal_data(text, text, text, integer, text) from public, anon, authenticated;
grant execute on function public.request_personal_data(text, text, text, integer, text) to anon, authenticated, service_role;
comment on function public.request_personal_data(text, text, text, integer, text) is
  'A request for a copy or the erasure of one''s data. Calls api_definers.request_personal_data, which runs as its owner; its comment says why.';

-- ---------------------------------------------------------------------------------------------
-- The e-mailed link: what its page shows, and its button
-- ---------------------------------------------------------------------------------------------
create function private.data_request_answer(r public.data_requests) returns jsonb
language sql stable set search_path = ''
as $$
  select jsonb_build_object(
    'state', case when r.status <> 'unconfirmed' then 'confirmed'
                  when r.created_at <= now() - interval '7 days' then 'expired'
                  else 'ready' end,
    'kind', r.kind,
    'email', private.masked_address(r.email),
    'due_at', r.due_at)
$$;
revoke all on function private.data_request_answer(public.data_requests) from public, anon, authenticated, service_role;
comment on function private.data_request_answer(public.data_requests) is
  'What a data request''s link may tell its holder: ready (to confirm), confirmed or expired (7 days), the kind, the masked address and the deadline.';

create function api_definers.data_request_by_token(token text) returns jsonb
language plpgsql stable security definer set search_path = ''
as $$
declare
  r public.data_requests;
begin
  select * into r from public.data_requests d where d.token_hash = private.token_hash(coalesce(token, ''));
  if not found then
    return jsonb_build_object('state', 'unknown');
  end if;
  return private.data_request_answer(r);
end
$$;
revoke all on function api_definers.data_request_by_token(text) from public, anon, authenticated;
grant execute on function api_definers.data_request_by_token(text) to anon, authenticated, service_role;
comment on function api_definers.data_request_by_token(text) is
  'What a data request''s link page shows. In the API because the page reads it with the e-mailed token; SECURITY DEFINER because the requests are closed to visitors: it shows the holder of a token only its kind, state, masked address and deadline, and changes nothing.';

create function public.data_request_by_token(token text) returns jsonb
language sql stable security invoker set search_path = ''
as $$ select api_definers.data_request_by_token(token) $$;
revoke all on function public.data_request_by_token(text) from public, anon, authenticated;
grant execute on function public.data_request_by_token(text) to anon, authenticated, service_role;
comment on function public.data_request_by_token(text) is
  'What a data request''s link page shows. Calls api_definers.data_request_by_token, which runs as its owner; its comment says why.';

create function api_definers.confirm_data_request(token text) returns jsonb
language plpgsql volatile security definer set search_path = ''
as $$
declare
  r public.data_requests;
  answer jsonb;
begin
  select * into r from public.data_requests d where d.token_hash = private.token_hash(coalesce(token, '')) for update;
  if not found then
    raise exception 'Тази връзка не е валидна.' using errcode = '22023', hint = 'data_request_link_invalid';
  end if;
  answer := private.data_request_answer(r);
  if answer ->> 'state' = 'confirmed' then
    return answer;
  end if;
  if answer ->> 'state' = 'expired' then
    raise exception 'Връзката е изтекла. Изпратете заявката отново.' using errcode = '22023', hint = 'data_request_link_expired';
  end if;
  update public.data_requests d
     set status = 'open', confirmed_at = now(), due_at = now() + interval '1 month',
         contact_id = (select k.contact_id from private.contact_keys k where k.key = 'email:' || r.mailbox)
   where d.id = r.id
  returning * into r;
  return private.data_request_answer(r);
end
$$;
revoke all on function api_definers.confirm_data_request(text) from public, anon, authenticated;
grant execute on function api_definers.confirm_data_request(text) to anon, authenticated, service_role;
comment on function api_definers.confirm_data_request(text) is
  'The data request link page''s button. In the API because the page''s POST confirms; SECURITY DEFINER because the requests and the contacts'' mailboxes are closed to visitors: whoever holds the e-mailed token confirms that one request, once, within 7 days, and learns only its deadline.';

create function public.confirm_data_request(token text) returns jsonb
language sql volatile security invoker set search_path = ''
as $$ select api_definers.confirm_data_request(token) $$;
revoke all on function public.confirm_data_request(text) from public, anon, authenticated;
grant execute on function public.confirm_data_request(text) to anon, authenticated, service_role;
comment on function public.confirm_data_request(text) is
  'The data request link page''s button. Calls api_definers.confirm_data_request, which runs as its owner; its comment says why.';

-- ---------------------------------------------------------------------------------------------
-- contact_data_export: everything held about a person, for 'Изтегли данните'
-- ---------------------------------------------------------------------------------------------
-- The contact, its mailboxes, its inquiries and bookings with their history, the stage history,
-- the notes, the decisions on what forms typed, the newsletter subscription with its consents, the
-- e-mails sent (subject, date, status, never a body), the team chat's notices, the mailbox proven
-- by a link, and the data requests. Left out: the keyed hashes of the network (pseudonyms that
-- serve the limits, which nobody can read back), the links' token hashes and the forms' traps.
create function api_definers.contact_data_export(contact uuid) returns jsonb
language plpgsql volatile security definer set search_path = ''
as $$
declare
  person public.contacts;
  mailboxes text[];
  inquiry_ids uuid[];
  booking_ids uuid[];
  subscriber_ids uuid[];
  document jsonb;
begin
  perform private.require_visitor_access();
  select * into person from public.contacts c where c.id = contact;
  if not found then
    raise exception 'Контактът вече не съществува.' using errcode = '22023', hint = 'contact_gone';
  end if;
  select coalesce(array_agg(distinct m), '{}') into mailboxes
    from (select substr(k.key, 7) as m from private.contact_keys k where k.contact_id = contact
          union select private.mailbox_key(person.email) where person.email <> '') x;
  select coalesce(array_agg(s.id), '{}') into inquiry_ids from public.contact_submissions s where s.contact_id = contact;
  select coalesce(array_agg(a.id), '{}') into booking_ids from public.appointments a where a.contact_id = contact;
  select coalesce(array_agg(n.id), '{}') into subscriber_ids from public.newsletter_subscribers n where n.mailbox = any (mailboxes);

  document := jsonb_build_object(
    'made_at', now(),
    'contact', jsonb_build_object('id', person.id, 'name', person.name, 'email', person.email, 'phone', person.phone,
                                  'created_at', person.created_at, 'last_seen_at', person.last_seen_at),
    'mailboxes', to_jsonb(mailboxes),
    'inquiries', coalesce((
      select jsonb_agg(to_jsonb(s) - 'bot_trap' - 'fill_ms' - 'proof' - 'contact_id' order by s.created_at)
        from public.contact_submissions s where s.id = any (inquiry_ids)), '[]'),
    'bookings', coalesce((
      select jsonb_agg(to_jsonb(a) - 'bot_trap' - 'fill_ms' - 'proof' - 'contact_id'
                       || jsonb_build_object('history', coalesce((
                            select jsonb_agg(jsonb_build_object('kind', e.kind, 'actor', e.actor, 'detail', e.detail, 'at', e.created_at) order by e.id)
                              from private.booking_events e where e.appointment_id = a.id), '[]'))
                       order by a.created_at)
        from public.appointments a where a.id = any (booking_ids)), '[]'),
    'stage_history', coalesce((
      select jsonb_agg(jsonb_build_object('inquiry_id', e.inquiry_id, 'kind', e.kind, 'detail', e.detail,
                                          'by', coalesce(nullif(b.full_name, ''), b.username), 'at', e.created_at) order by e.id)
        from private.lead_events e left join public.blog_users b on b.id = e.actor_id
       where e.contact_id = contact or e.inquiry_id = any (inquiry_ids)), '[]'),
    'notes', coalesce((
      select jsonb_agg(jsonb_build_object('inquiry_id', n.inquiry_id, 'author', n.author_name, 'body', n.body, 'at', n.created_at) order by n.created_at)
        from public.lead_notes n where n.contact_id = contact), '[]'),
    'reviewed_details', coalesce((
      select jsonb_agg(jsonb_build_object('field', r.field, 'value', r.value, 'decision', r.decision, 'at', r.decided_at) order by r.decided_at)
        from private.contact_detail_reviews r where r.contact_id = contact), '[]'),
    'newsletter', coalesce((
      select jsonb_agg(jsonb_build_object(
               'email', n.email, 'status', n.status, 'suppressed_reason', n.suppressed_reason, 'subscribed_at', n.created_at,
               'confirmed_at', n.confirmed_at, 'unsubscribed_at', n.unsubscribed_at, 'unsubscribed_via', n.unsubscribed_via,
               'suppressed_at', n.suppressed_at,
               'consents', coalesce((
                 select jsonb_agg(jsonb_build_object('given_at', c.given_at, 'page', c.page, 'wording', c.wording,
                                                     'wording_version', c.wording_version, 'confirmed_at', c.confirmed_at,
                                                     'withdrawn_at', c.withdrawn_at, 'withdrawn_via', c.withdrawn_via) order by c.given_at)
                   from public.newsletter_consents c where c.subscriber_id = n.id), '[]'),
               'suppression_lifts', coalesce((
                 select jsonb_agg(jsonb_build_object('lifted_at', l.lifted_at, 'reason', l.reason, 'restored_status', l.restored_status) order by l.lifted_at)
                   from public.newsletter_suppression_lifts l where l.subscriber_id = n.id), '[]'))
             order by n.created_at)
        from public.newsletter_subscribers n where n.id = any (subscriber_ids)), '[]'),
    'emails', coalesce((
      select jsonb_agg(jsonb_build_object('subject', o.subject, 'purpose', o.purpose, 'recipient', o.recipient, 'status', o.status,
                                          'created_at', o.created_at, 'sent_at', o.sent_at) order by o.id)
        from private.mail_outbox o
       where o.inquiry_id = any (inquiry_ids) or o.appointment_id = any (booking_ids) or o.mailbox = any (mailboxes)), '[]'),
    'newsletter_issues', coalesce((
      select jsonb_agg(jsonb_build_object('subject', s.subject, 'status', d.status, 'sent_at', d.sent_at) order by s.started_at)
        from private.newsletter_deliveries d join public.newsletter_sends s on s.id = d.send_id
       where d.subscriber_id = any (subscriber_ids)), '[]'),
    'team_notifications', coalesce((
      select jsonb_agg(jsonb_build_object('inquiry_id', c.inquiry_id, 'booking_id', c.appointment_id, 'status', c.status,
                                          'created_at', c.created_at, 'sent_at', c.sent_at) order by c.id)
        from private.chat_outbox c where c.inquiry_id = any (inquiry_ids) or c.appointment_id = any (booking_ids)), '[]'),
    'proven_mailboxes', coalesce((
      select jsonb_agg(jsonb_build_object('mailbox', p.mailbox, 'proven_at', p.proven_at, 'how', p.how) order by p.proven_at)
        from private.proven_mailboxes p where p.mailbox = any (mailboxes)), '[]'),
    'data_requests', coalesce((
      select jsonb_agg(jsonb_build_object('email', r.email, 'kind', r.kind, 'status', r.status, 'created_at', r.created_at,
                                          'confirmed_at', r.confirmed_at, 'due_at', r.due_at, 'outcome', r.outcome,
                                          'closed_at', r.closed_at) order by r.created_at)
        from public.data_requests r where r.status <> 'unconfirmed' and (r.contact_id = contact or r.mailbox = any (mailboxes))), '[]')
  );
  -- recorded before the document leaves: an export nobody could record is not made
  perform private.audit('contact.export', 'contacts', contact::text,
                        jsonb_build_object('rows', cardinality(inquiry_ids) + cardinality(booking_ids)));
  return document;
end
$$;
revoke all on function api_definers.contact_data_export(uuid) from public, anon, authenticated;
grant execute on function api_definers.contact_data_export(uuid) to authenticated, service_role;
comment on function api_definers.contact_data_export(uuid) is
  'Everything the database holds about one contact, as one JSON document (the contact page''s ''Изтегли данните''), recorded in the audit log before it is returned. In the API because the admin panel calls it; SECURITY DEFINER because the history, the outbox, the newsletter''s records and the audit log are private tables: it refuses everyone but a consultant or administrator at aal2 (42501) before it reads anything.';

create function public.contact_data_export(contact uuid) returns jsonb
language sql volatile security invoker set search_path = ''
as $$ select api_definers.contact_data_export(contact) $$;
revoke all on function public.contact_data_export(uuid) from public, anon, authenticated;
grant execute on function public.contact_data_export(uuid) to authenticated, service_role;
comment on function public.contact_data_export(uuid) is
  'Everything held about one contact, as JSON. Calls api_definers.contact_data_export, which runs as its owner; its comment says why.';

-- ---------------------------------------------------------------------------------------------
-- erase_contact: as before, and the open erasure requests of the person's mailboxes are answered
-- ---------------------------------------------------------------------------------------------
create or replace function api_definers.erase_contact(contact uuid) returns jsonb
language plpgsql volatile security definer set search_path = ''
as $$
declare
  mailboxes text[];
  inquiry_ids uuid[];
  booking_ids uuid[];
  counts jsonb;
  mails integer;
  notes integer;
  requests integer;
begin
  perform private.require_visitor_access();
  if not exists (select 1 from public.contacts c where c.id = contact) then
    raise exception 'Контактът вече не съществува.' using errcode = 'P0002', hint = 'contact_gone';
  end if;
  select coalesce(array_agg(substr(k.key, 7)), '{}') into mailboxes from private.contact_keys k
   where k.contact_id = contact and k.key like 'email:%';
  select coalesce(array_agg(s.id), '{}') into inquiry_ids from public.contact_submissions s where s.contact_id = contact;
  select coalesce(array_agg(a.id), '{}') into booking_ids from public.appointments a where a.contact_id = contact;

  delete from private.mail_outbox o
   where o.inquiry_id = any (inquiry_ids) or o.appointment_id = any (booking_ids) or o.mailbox = any (mailboxes);
  get diagnostics mails = row_count;
  delete from private.chat_outbox c where c.inquiry_id = any (inquiry_ids) or c.appointment_id = any (booking_ids);
  delete from private.proven_mailboxes p where p.mailbox = any (mailboxes);
  delete from private.booking_links l where l.appointment_id = any (booking_ids);
  select count(*) into notes from public.lead_notes n where n.contact_id = contact;

  -- the erasure is the answer to the person's erasure requests: what stays of each proves it (the
  -- address it came from, its dates, the outcome and who erased); the contact goes below
  update public.data_requests r
     set status = 'done', outcome = 'Данните са изтрити', handled_by = private.current_blog_user()
   where r.status = 'open' and r.kind = 'erasure' and (r.contact_id = contact or r.mailbox = any (mailboxes));
  get diagnostics requests = row_count;

  delete from public.contact_submissions s where s.id = any (inquiry_ids);
  update public.appointments
     set client_name = 'Изтрит контакт', client_email = 'erased@erased.invalid', client_phone = '',
         company_name = '', message = '', visitor_time_zone = null, first_touch = null, contact_id = null
   where id = any (booking_ids);
  delete from public.contacts c where c.id = contact;

  insert into private.contact_erasures (erased_by, inquiries, bookings, notes, mails)
  values (private.current_blog_user(), cardinality(inquiry_ids), cardinality(booking_ids), notes, mails);
  counts := jsonb_build_object('inquiries', cardinality(inquiry_ids), 'bookings', cardinality(booking_ids), 'notes', notes, 'mails', mails);
  perform private.audit('contact.erased', 'contacts', contact::text, counts);
  -- the requests it answered are in the log on their own (data_request.closed)
  return counts || jsonb_build_object('requests', requests);
end
$$;
comment on function api_definers.erase_contact(contact uuid) is
  'Erases a person''s data on request and records that it was done, without the data; closes the open erasure requests of the person''s mailboxes as done. In the API because the admin panel calls it; SECURITY DEFINER because the outbox, the links, the requests and the erasure log are private tables: it refuses everyone but an admitted admin (42501) first.';
