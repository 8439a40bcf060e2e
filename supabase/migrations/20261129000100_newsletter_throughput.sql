-- A newsletter at the provider's rate instead of one batch a minute.
--
-- Before: pg_cron ran private.process_newsletter() once a minute, and each run handed one batch of
-- 100 to the provider: 10,000 subscribers took 100 minutes. Now the job runs every second (pg_cron
-- accepts "N seconds" since 1.5) and each run hands over as many batches as the provider takes in a
-- second (private.mail_settings.requests_per_second: Resend's default team limit is 2), less what
-- the last second already sent: 10,000 go in about 50 seconds at 2 a second, 20 at 5.
--
-- A batch is the unit of a retry. It keeps the exact request it was sent as, and its
-- Idempotency-Key, until the provider has taken it; whatever goes wrong in between (a 429, a 5xx,
-- no answer because the database or pg_net stopped mid-send) sends the same request with the same
-- key again, which the provider answers with the first answer and sends nobody twice. A 429 holds
-- every batch until its retry-after has passed; a 5xx or a lost answer backs off (1, 2, 4 … 64
-- seconds). A batch the provider refuses as such (4xx but 429) fails with its deliveries, which are
-- tried again in a new batch after minutes, five times in all, as before.

alter table private.mail_settings
  add column requests_per_second integer not null default 2 check (requests_per_second between 1 and 100);
comment on column private.mail_settings.requests_per_second is
  'How many requests a second the mail provider takes from this project (Resend: 2 by default, more on request). The newsletter hands over at most this many batches of 100 a second, and fewer while the provider answers 429.';

alter table private.newsletter_batches
  add column payload jsonb,
  add column attempts integer not null default 1,
  add column not_before timestamptz;
alter table private.newsletter_batches drop constraint newsletter_batches_status_check;
alter table private.newsletter_batches
  add constraint newsletter_batches_status_check check (status in ('sending', 'waiting', 'sent', 'failed'));
drop index private.newsletter_batches_open_idx;
create index newsletter_batches_open_idx on private.newsletter_batches (send_id) where status in ('sending', 'waiting');
comment on column private.newsletter_batches.payload is 'The request as it was first sent, kept until the provider takes it: a retry sends it again unchanged, under the same Idempotency-Key.';
comment on column private.newsletter_batches.attempts is 'How many times the batch was handed to pg_net.';
comment on column private.newsletter_batches.not_before is 'A waiting batch is sent again from then on (the provider''s retry-after, or the back-off after a 5xx or a lost answer).';

create or replace function private.send_newsletter_batch(send uuid)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  settings private.mail_settings;
  s public.newsletter_sends;
  p public.blog_posts;
  batch bigint;
  chosen bigint[];
  payload jsonb;
begin
  if not private.newsletter_ready() or private.vault_secret('mail_api_key') is null
     or to_regprocedure('net.http_post(text, jsonb, jsonb, jsonb, integer)') is null then
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
  select array_agg(x.id order by x.id) into chosen
    from (select dd.id from private.newsletter_deliveries dd
           where dd.send_id = send
             and (dd.status = 'queued'
                  or (dd.status = 'failed' and dd.last_attempt_at <= now() - make_interval(mins => power(2, least(dd.attempts - 1, 6))::int)))
           order by dd.id
           limit 100
           for update skip locked) x;
  if chosen is null then
    return 0;
  end if;
  -- the whole request in one statement (a message per recipient, each with its own unsubscribe
  -- links), in the deliveries' order
  select jsonb_agg(m.message order by m.id) into payload
    from (select dd.id,
                 jsonb_build_object('from', settings.sender, 'to', jsonb_build_array(n.email), 'subject', s.subject,
                                    'html', b.bodies ->> 'html', 'text', b.bodies ->> 'text',
                                    'headers', jsonb_build_object(
                                      'List-Unsubscribe', '<' || settings.functions_url || '/newsletter-unsubscribe?token=' || t.token || '>',
                                      'List-Unsubscribe-Post', 'List-Unsubscribe=One-Click'))
                 || case when settings.reply_to is null then '{}'::jsonb else jsonb_build_object('reply_to', settings.reply_to) end as message
            from private.newsletter_deliveries dd
            join public.newsletter_subscribers n on n.id = dd.subscriber_id
           cross join lateral (select private.unsubscribe_token(n.id) as token) t
           cross join lateral (select private.newsletter_bodies(p, s.html, s.plain, settings.site_url || '/newsletter/unsubscribe/' || t.token, settings) as bodies) b
           where dd.id = any (chosen)) m;
  insert into private.newsletter_batches (send_id, payload, status, attempts, attempted_at)
  values (send, payload, 'waiting', 0, now()) returning id into batch;
  update private.newsletter_deliveries
     set status = 'sending', batch_id = batch, attempts = attempts + 1, last_attempt_at = now()
   where id = any (chosen);
  perform private.post_newsletter_batch(batch);
  return cardinality(chosen);
end
$$;
comment on function private.send_newsletter_batch(uuid) is 'Makes the next batch of up to 100 deliveries of a send (the request kept with the batch) and hands it to pg_net.';

create or replace function private.post_newsletter_batch(batch bigint)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  settings private.mail_settings;
  request bigint;
begin
  select * into settings from private.mail_settings where id;
  select net.http_post(
           url := settings.api_url || '/batch',
           body := b.payload,
           headers := jsonb_build_object(
             'Content-Type', 'application/json',
             'Authorization', 'Bearer ' || private.vault_secret('mail_api_key'),
             -- every attempt of a batch is the same request: the provider sends it once
             'Idempotency-Key', 'newsletter-batch-' || b.id),
           timeout_milliseconds := 30000)
    into request
    from private.newsletter_batches b where b.id = batch;
  update private.newsletter_batches
     set request_id = request, status = 'sending', attempts = attempts + 1, attempted_at = now(), not_before = null
   where id = batch;
end
$$;
comment on function private.post_newsletter_batch(bigint) is 'Sends a newsletter batch''s kept request through pg_net, with its Idempotency-Key (a retry is the same request).';

create or replace function private.retry_after_seconds(headers jsonb)
returns integer
language plpgsql
immutable
set search_path = ''
as $$
declare
  value text;
  seconds numeric;
begin
  select h.value #>> '{}' into value from jsonb_each(coalesce(headers, '{}'::jsonb)) h where lower(h.key) = 'retry-after' limit 1;
  if value ~ '^\s*\d+(\.\d+)?\s*$' then
    seconds := value::numeric;
  elsif value is not null then
    begin
      seconds := extract(epoch from (value::timestamptz - now()));
    exception when others then
      seconds := null;
    end;
  end if;
  return greatest(1, least(60, ceil(coalesce(seconds, 1))))::integer;
end
$$;
comment on function private.retry_after_seconds(jsonb) is 'The wait a 429 asks for, from its retry-after header, kept between 1 and 60 seconds (1 when there is none).';

create or replace function private.process_newsletter()
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  b record;
  s record;
  rate integer;
  budget integer;
begin
  -- one run at a time: pg_cron starts the next run every second, whether the last has ended or not
  if not pg_try_advisory_xact_lock(hashtext('private.process_newsletter')) then
    return;
  end if;

  -- what the provider answered to the batches handed over
  for b in
    select x.id, x.attempts, x.attempted_at, x.request_id, x.payload is not null as kept, r.id as answered, r.status_code, r.headers, r.timed_out, r.error_msg,
           left(r.content, 200) as content,
           exists (select 1 from net.http_request_queue q where q.id = x.request_id) as still_queued
      from private.newsletter_batches x
      left join net._http_response r on r.id = x.request_id
     where x.status = 'sending'
     order by x.id
       for update of x skip locked
  loop
    if b.answered is null and (b.still_queued or b.attempted_at > now() - interval '45 seconds') then
      continue; -- not sent yet, or under way (a request may take 30 s)
    elsif b.status_code between 200 and 299 then
      update private.newsletter_batches set status = 'sent', payload = null, last_error = null where id = b.id;
      update private.newsletter_deliveries set status = 'sent', sent_at = now(), last_error = null
       where batch_id = b.id and status = 'sending';
    elsif b.status_code = 429 and b.kept then
      -- too many requests: the same batch again once the provider says so (this does not count as
      -- a failure: the provider has not looked at it)
      update private.newsletter_batches
         set status = 'waiting', not_before = now() + make_interval(secs => private.retry_after_seconds(b.headers)),
             last_error = 'HTTP 429: rate limited'
       where id = b.id;
    elsif b.kept and b.attempts < 10 and (b.answered is null or b.status_code is null or b.status_code >= 500 or b.status_code = 408) then
      -- no answer (the database or pg_net stopped mid-send, or the request timed out), a network
      -- error or a server error: the provider may or may not have it, so the same request under
      -- the same key again, after 1, 2, 4 … 64 seconds; ten attempts in all (about five minutes),
      -- then the batch fails below and its request, addresses and bodies go with it
      update private.newsletter_batches
         set status = 'waiting', not_before = now() + make_interval(secs => power(2, least(b.attempts - 1, 6))),
             last_error = case
               when b.answered is null then 'no answer'
               when b.timed_out then 'timed out'
               when b.error_msg is not null then b.error_msg
               else 'HTTP ' || b.status_code || coalesce(': ' || nullif(b.content, ''), '') end
       where id = b.id;
    else
      -- refused as such (400, 401, 403, 409, 422), failing for the tenth time, or a batch sent
      -- before its request was kept: its deliveries are tried again in a new batch after minutes,
      -- five times in all
      update private.newsletter_batches
         set status = 'failed', payload = null,
             last_error = coalesce('HTTP ' || b.status_code || coalesce(': ' || nullif(b.content, ''), ''), b.error_msg, 'no answer')
       where id = b.id;
      update private.newsletter_deliveries
         set status = case when attempts >= 5 then 'given_up' else 'failed' end,
             last_error = coalesce('HTTP ' || b.status_code || coalesce(': ' || nullif(b.content, ''), ''), b.error_msg, 'no answer')
       where batch_id = b.id and status = 'sending';
    end if;
  end loop;

  -- as many requests as the provider takes in a second, less those of the last second; none while
  -- a 429's retry-after runs
  select s2.requests_per_second into rate from private.mail_settings s2 where s2.id;
  rate := coalesce(rate, 2);
  if exists (select 1 from private.newsletter_batches x
              where x.status = 'waiting' and x.last_error like 'HTTP 429%' and x.not_before > now()) then
    budget := 0;
  else
    -- (the last run's requests, a second ago by pg_cron's clock, are not this second's: half a
    -- second keeps a run that came early from sending twice as many)
    select rate - count(*) into budget from private.newsletter_batches x where x.attempted_at > now() - interval '500 milliseconds' and x.attempts > 0;
    -- and never more under way than two seconds' worth (pg_net may be slower than the provider)
    budget := least(budget, 2 * rate - (select count(*) from private.newsletter_batches x where x.status = 'sending')::integer);
  end if;

  -- first the batches that wait for their turn again, oldest first
  for b in
    select x.id from private.newsletter_batches x
     where x.status = 'waiting' and coalesce(x.not_before, '-infinity') <= now() and x.payload is not null
     order by x.id
     limit greatest(budget, 0)
       for update skip locked
  loop
    perform private.post_newsletter_batch(b.id);
    budget := budget - 1;
  end loop;

  for s in select x.id from public.newsletter_sends x where x.status = 'sending' order by x.started_at loop
    while budget > 0 loop
      exit when private.send_newsletter_batch(s.id) = 0;
      budget := budget - 1;
    end loop;
    if not exists (select 1 from private.newsletter_deliveries d
                    where d.send_id = s.id and d.status in ('queued', 'sending', 'failed')) then
      update public.newsletter_sends set status = 'done', finished_at = now() where id = s.id;
    end if;
  end loop;
end
$$;
comment on function private.process_newsletter() is 'The job newsletter-sends, every second: records what the provider answered to each batch, sends again the batches that wait (a 429 after its retry-after, a 5xx or a lost answer after a back-off, the same request and key), hands over new batches up to the provider''s requests per second, and marks a send done.';

-- every second (pg_cron's "N seconds", since 1.5: hosted projects run 1.6); a run with nothing to
-- send reads two small indexes. A pg_cron before 1.5 (Debian's postgresql-15-cron is 1.4) refuses
-- the schedule: there the job stays once a minute (a run still hands over a second's worth of batches).
do $$
begin
  perform cron.schedule('newsletter-sends', '1 seconds', 'select private.process_newsletter()');
exception when invalid_parameter_value then
  raise notice 'pg_cron takes no schedule in seconds here: newsletter-sends runs every minute';
  perform cron.schedule('newsletter-sends', '* * * * *', 'select private.process_newsletter()');
end
$$;
