-- The API's functions that run as their owner leave the API schema.
--
-- Supabase's advisor (splinter's lints 0028 and 0029) warns about every SECURITY DEFINER function
-- that anon or authenticated may execute in a schema the API serves (pgrst.db_schemas; `public`
-- here): 11 for visitors, 28 for signed-in accounts. Each of them checked its caller itself, but a
-- function in `public` that runs with its owner's rights is one forgotten check away from a hole,
-- and nothing told an intended one from a mistake. Now:
--
--   * Schema `api_definers` holds the bodies that must run as their owner (SECURITY DEFINER), each
--     with its own checks (is_admin(), tokens, limits) and its comment "In the API because …;
--     SECURITY DEFINER because …". PostgREST does not serve it (it is in no pgrst.db_schemas, on
--     no role's search path, so pg_graphql does not reflect it either): the API cannot name it.
--   * In `public`, each has a SECURITY INVOKER function of the same name, arguments, argument
--     names, defaults, return type and volatility that calls it as the caller: what PostgREST,
--     supabase-js and the generated types see is unchanged.
--   * The wrapper and its definer are executable by the same roles, the ones that call it (a role
--     needs both, since the wrapper calls as the caller); the schema's USAGE goes to the roles
--     that call any (visitors, signed-in accounts, the Edge Functions' service role).
--   * The four that the Edge Functions call with the service role move too (the advisor does not
--     count them), so that no function in `public` runs as its owner at all.
--
-- One block a function: move it (`alter function … set schema`, which keeps its body, owner,
-- comment and rights), say again who may run it, then its wrapper. A function added later that
-- must run as its owner is written the same way: `create function api_definers.f(…) … security
-- definer set search_path = ''`, its comment, `revoke all … from public, anon, authenticated`
-- and a grant to its callers, then the wrapper in `public`. Its body changes with `create or
-- replace function api_definers.f`; a SECURITY DEFINER function in `public` fails the tests
-- (tests/backend/api-surface.ts) and, where anon or authenticated may run it, `npm run
-- doctor:hosted`.

create schema api_definers;
comment on schema api_definers is
  'The bodies of the API''s functions that run as their owner (SECURITY DEFINER). Not served by the API: '
  'each is called through the SECURITY INVOKER function of the same name in public.';
revoke all on schema api_definers from public;
grant usage on schema api_definers to anon, authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- What visitors call (anon): the booking calendar, the manage link, the proof of work, the
-- newsletter's sign-up and its links
-- ---------------------------------------------------------------------------------------------
-- booking_by_token
alter function public.booking_by_token(text) set schema api_definers;
revoke all on function api_definers.booking_by_token(text) from public, anon, authenticated;
grant execute on function api_definers.booking_by_token(text) to anon, authenticated, service_role;

create function public.booking_by_token(token text) returns jsonb
language sql volatile security invoker set search_path = ''
as $$ select api_definers.booking_by_token(token) $$;
revoke all on function public.booking_by_token(text) from public, anon, authenticated;
grant execute on function public.booking_by_token(text) to anon, authenticated, service_role;
comment on function public.booking_by_token(text) is
  'The booking a manage link opens (POST only: the token never travels in a URL the API logs). Calls api_definers.booking_by_token, which runs as its owner; its comment says why.';

-- booking_paused
alter function public.booking_paused() set schema api_definers;
revoke all on function api_definers.booking_paused() from public, anon, authenticated;
grant execute on function api_definers.booking_paused() to anon, authenticated, service_role;

create function public.booking_paused() returns boolean
language sql stable security invoker set search_path = ''
as $$ select api_definers.booking_paused() $$;
revoke all on function public.booking_paused() from public, anon, authenticated;
grant execute on function public.booking_paused() to anon, authenticated, service_role;
comment on function public.booking_paused() is
  'True while new bookings wait for the consultant''s calendar: a feed has had no good sync for 2 hours. Calls api_definers.booking_paused, which runs as its owner; its comment says why.';

-- cancel_booking
alter function public.cancel_booking(text) set schema api_definers;
revoke all on function api_definers.cancel_booking(text) from public, anon, authenticated;
grant execute on function api_definers.cancel_booking(text) to anon, authenticated, service_role;

create function public.cancel_booking(token text) returns jsonb
language sql volatile security invoker set search_path = ''
as $$ select api_definers.cancel_booking(token) $$;
revoke all on function public.cancel_booking(text) from public, anon, authenticated;
grant execute on function public.cancel_booking(text) to anon, authenticated, service_role;
comment on function public.cancel_booking(text) is
  'Cancels the booking of a live manage link, before the cut-off. Calls api_definers.cancel_booking, which runs as its owner; its comment says why.';

-- confirm_newsletter
alter function public.confirm_newsletter(text) set schema api_definers;
revoke all on function api_definers.confirm_newsletter(text) from public, anon, authenticated;
grant execute on function api_definers.confirm_newsletter(text) to anon, authenticated, service_role;

create function public.confirm_newsletter(token text) returns jsonb
language sql volatile security invoker set search_path = ''
as $$ select api_definers.confirm_newsletter(token) $$;
revoke all on function public.confirm_newsletter(text) from public, anon, authenticated;
grant execute on function public.confirm_newsletter(text) to anon, authenticated, service_role;
comment on function public.confirm_newsletter(text) is
  'The confirmation page''s button. Calls api_definers.confirm_newsletter, which runs as its owner; its comment says why.';

-- intake_challenge
alter function public.intake_challenge(text) set schema api_definers;
revoke all on function api_definers.intake_challenge(text) from public, anon, authenticated;
grant execute on function api_definers.intake_challenge(text) to anon, authenticated, service_role;

create function public.intake_challenge(form text) returns jsonb
language sql volatile security invoker set search_path = ''
as $$ select api_definers.intake_challenge(form) $$;
revoke all on function public.intake_challenge(text) from public, anon, authenticated;
grant execute on function public.intake_challenge(text) to anon, authenticated, service_role;
comment on function public.intake_challenge(text) is
  'A proof-of-work challenge (ALTCHA protocol) for one public form (inquiry, booking, newsletter), at the level that form demands of the visitor now. Calls api_definers.intake_challenge, which runs as its owner; its comment says why.';

-- move_booking
alter function public.move_booking(text, timestamptz) set schema api_definers;
revoke all on function api_definers.move_booking(text, timestamptz) from public, anon, authenticated;
grant execute on function api_definers.move_booking(text, timestamptz) to anon, authenticated, service_role;

create function public.move_booking(token text, new_start timestamptz) returns jsonb
language sql volatile security invoker set search_path = ''
as $$ select api_definers.move_booking(token, new_start) $$;
revoke all on function public.move_booking(text, timestamptz) from public, anon, authenticated;
grant execute on function public.move_booking(text, timestamptz) to anon, authenticated, service_role;
comment on function public.move_booking(text, timestamptz) is
  'Moves the booking of a live manage link to another free slot, under every booking rule, a few times at most. Calls api_definers.move_booking, which runs as its owner; its comment says why.';

-- newsletter_link
alter function public.newsletter_link(text, text) set schema api_definers;
revoke all on function api_definers.newsletter_link(text, text) from public, anon, authenticated;
grant execute on function api_definers.newsletter_link(text, text) to anon, authenticated, service_role;

create function public.newsletter_link(kind text, token text) returns jsonb
language sql stable security invoker set search_path = ''
as $$ select api_definers.newsletter_link(kind, token) $$;
revoke all on function public.newsletter_link(text, text) from public, anon, authenticated;
grant execute on function public.newsletter_link(text, text) to anon, authenticated, service_role;
comment on function public.newsletter_link(text, text) is
  'What a newsletter link''s page shows. Calls api_definers.newsletter_link, which runs as its owner; its comment says why.';

-- resend_newsletter_confirmation
alter function public.resend_newsletter_confirmation(text) set schema api_definers;
revoke all on function api_definers.resend_newsletter_confirmation(text) from public, anon, authenticated;
grant execute on function api_definers.resend_newsletter_confirmation(text) to anon, authenticated, service_role;

create function public.resend_newsletter_confirmation(token text) returns void
language sql volatile security invoker set search_path = ''
as $$ select api_definers.resend_newsletter_confirmation(token) $$;
revoke all on function public.resend_newsletter_confirmation(text) from public, anon, authenticated;
grant execute on function public.resend_newsletter_confirmation(text) to anon, authenticated, service_role;
comment on function public.resend_newsletter_confirmation(text) is
  'An expired confirmation link''s button. Calls api_definers.resend_newsletter_confirmation, which runs as its owner; its comment says why.';

-- subscribe_newsletter
alter function public.subscribe_newsletter(text, text, text, text, integer, text) set schema api_definers;
revoke all on function api_definers.subscribe_newsletter(text, text, text, text, integer, text) from public, anon, authenticated;
grant execute on function api_definers.subscribe_newsletter(text, text, text, text, integer, text) to anon, authenticated, service_role;

create function public.subscribe_newsletter(email text, page text default '', wording_version text default null, proof text default null, fill_ms integer default null, bot_trap text default null) returns void
language sql volatile security invoker set search_path = ''
as $$ select api_definers.subscribe_newsletter(email, page, wording_version, proof, fill_ms, bot_trap) $$;
revoke all on function public.subscribe_newsletter(text, text, text, text, integer, text) from public, anon, authenticated;
grant execute on function public.subscribe_newsletter(text, text, text, text, integer, text) to anon, authenticated, service_role;
comment on function public.subscribe_newsletter(text, text, text, text, integer, text) is
  'The footer''s sign-up. Calls api_definers.subscribe_newsletter, which runs as its owner; its comment says why.';

-- taken_slots
alter function public.taken_slots(timestamptz, timestamptz) set schema api_definers;
revoke all on function api_definers.taken_slots(timestamptz, timestamptz) from public, anon, authenticated;
grant execute on function api_definers.taken_slots(timestamptz, timestamptz) to anon, authenticated, service_role;

create function public.taken_slots(range_start timestamptz, range_end timestamptz) returns setof timestamptz
language sql stable security invoker set search_path = ''
as $$ select * from api_definers.taken_slots(range_start, range_end) $$;
revoke all on function public.taken_slots(timestamptz, timestamptz) from public, anon, authenticated;
grant execute on function public.taken_slots(timestamptz, timestamptz) to anon, authenticated, service_role;
comment on function public.taken_slots(timestamptz, timestamptz) is
  'The start times already booked between two instants (the booking calendar greys them out). Calls api_definers.taken_slots, which runs as its owner; its comment says why.';

-- unsubscribe_newsletter
alter function public.unsubscribe_newsletter(text, text) set schema api_definers;
revoke all on function api_definers.unsubscribe_newsletter(text, text) from public, anon, authenticated;
grant execute on function api_definers.unsubscribe_newsletter(text, text) to anon, authenticated, service_role;

create function public.unsubscribe_newsletter(token text, via text default 'link') returns jsonb
language sql volatile security invoker set search_path = ''
as $$ select api_definers.unsubscribe_newsletter(token, via) $$;
revoke all on function public.unsubscribe_newsletter(text, text) from public, anon, authenticated;
grant execute on function public.unsubscribe_newsletter(text, text) to anon, authenticated, service_role;
comment on function public.unsubscribe_newsletter(text, text) is
  'The unsubscribe page''s button and the one-click POST. Calls api_definers.unsubscribe_newsletter, which runs as its owner; its comment says why.';

-- ---------------------------------------------------------------------------------------------
-- What admins call (authenticated; each refuses everybody but an admitted admin itself)
-- ---------------------------------------------------------------------------------------------
-- add_calendar_feed
alter function public.add_calendar_feed(text, text, text) set schema api_definers;
revoke all on function api_definers.add_calendar_feed(text, text, text) from public, anon, authenticated;
grant execute on function api_definers.add_calendar_feed(text, text, text) to authenticated, service_role;

create function public.add_calendar_feed(label text, url text, owner_email text default null) returns uuid
language sql volatile security invoker set search_path = ''
as $$ select api_definers.add_calendar_feed(label, url, owner_email) $$;
revoke all on function public.add_calendar_feed(text, text, text) from public, anon, authenticated;
grant execute on function public.add_calendar_feed(text, text, text) to authenticated, service_role;
comment on function public.add_calendar_feed(text, text, text) is
  'Adds a private ICS feed, its address into Vault, optionally its owner''s e-mail address, and asks for a first sync. Calls api_definers.add_calendar_feed, which runs as its owner; its comment says why.';

-- admin_unsubscribe_newsletter
alter function public.admin_unsubscribe_newsletter(uuid) set schema api_definers;
revoke all on function api_definers.admin_unsubscribe_newsletter(uuid) from public, anon, authenticated;
grant execute on function api_definers.admin_unsubscribe_newsletter(uuid) to authenticated, service_role;

create function public.admin_unsubscribe_newsletter(subscriber uuid) returns void
language sql volatile security invoker set search_path = ''
as $$ select api_definers.admin_unsubscribe_newsletter(subscriber) $$;
revoke all on function public.admin_unsubscribe_newsletter(uuid) from public, anon, authenticated;
grant execute on function public.admin_unsubscribe_newsletter(uuid) to authenticated, service_role;
comment on function public.admin_unsubscribe_newsletter(uuid) is
  'An admin unsubscribes an address by hand. Calls api_definers.admin_unsubscribe_newsletter, which runs as its owner; its comment says why.';

-- booking_history
alter function public.booking_history(uuid) set schema api_definers;
revoke all on function api_definers.booking_history(uuid) from public, anon, authenticated;
grant execute on function api_definers.booking_history(uuid) to authenticated, service_role;

create function public.booking_history(booking uuid) returns table (at timestamptz, kind text, actor text, actor_email text, detail jsonb)
language sql stable security invoker set search_path = ''
as $$ select * from api_definers.booking_history(booking) $$;
revoke all on function public.booking_history(uuid) from public, anon, authenticated;
grant execute on function public.booking_history(uuid) to authenticated, service_role;
comment on function public.booking_history(uuid) is
  'A booking''s events and e-mails, for the inbox. Calls api_definers.booking_history, which runs as its owner; its comment says why.';

-- calendar_feeds
alter function public.calendar_feeds() set schema api_definers;
revoke all on function api_definers.calendar_feeds() from public, anon, authenticated;
grant execute on function api_definers.calendar_feeds() to authenticated, service_role;

create function public.calendar_feeds() returns table (id uuid, label text, url_hint text, is_active boolean, created_at timestamptz, last_attempt_at timestamptz, last_synced_at timestamptz, last_error text, last_error_at timestamptz, busy_count integer, stale boolean, owner_email text, skipped jsonb)
language sql stable security invoker set search_path = ''
as $$ select * from api_definers.calendar_feeds() $$;
revoke all on function public.calendar_feeds() from public, anon, authenticated;
grant execute on function public.calendar_feeds() to authenticated, service_role;
comment on function public.calendar_feeds() is
  'The calendar feeds with a masked address, the owner''s address, the last good sync, what it skipped and the last error. Calls api_definers.calendar_feeds, which runs as its owner; its comment says why.';

-- contact_timeline
alter function public.contact_timeline(uuid) set schema api_definers;
revoke all on function api_definers.contact_timeline(uuid) from public, anon, authenticated;
grant execute on function api_definers.contact_timeline(uuid) to authenticated, service_role;

create function public.contact_timeline(contact uuid) returns jsonb
language sql stable security invoker set search_path = ''
as $$ select api_definers.contact_timeline(contact) $$;
revoke all on function public.contact_timeline(uuid) from public, anon, authenticated;
grant execute on function public.contact_timeline(uuid) to authenticated, service_role;
comment on function public.contact_timeline(uuid) is
  'One contact''s page: its inquiries, bookings, history, e-mails and notes, the details its forms typed that are not its own, and other contacts sharing its phone. Calls api_definers.contact_timeline, which runs as its owner; its comment says why.';

-- erase_contact
alter function public.erase_contact(uuid) set schema api_definers;
revoke all on function api_definers.erase_contact(uuid) from public, anon, authenticated;
grant execute on function api_definers.erase_contact(uuid) to authenticated, service_role;

create function public.erase_contact(contact uuid) returns jsonb
language sql volatile security invoker set search_path = ''
as $$ select api_definers.erase_contact(contact) $$;
revoke all on function public.erase_contact(uuid) from public, anon, authenticated;
grant execute on function public.erase_contact(uuid) to authenticated, service_role;
comment on function public.erase_contact(uuid) is
  'Erases a person''s data on request and records that it was done, without the data. Calls api_definers.erase_contact, which runs as its owner; its comment says why.';

-- erase_newsletter_subscriber
alter function public.erase_newsletter_subscriber(uuid) set schema api_definers;
revoke all on function api_definers.erase_newsletter_subscriber(uuid) from public, anon, authenticated;
grant execute on function api_definers.erase_newsletter_subscriber(uuid) to authenticated, service_role;

create function public.erase_newsletter_subscriber(subscriber uuid) returns void
language sql volatile security invoker set search_path = ''
as $$ select api_definers.erase_newsletter_subscriber(subscriber) $$;
revoke all on function public.erase_newsletter_subscriber(uuid) from public, anon, authenticated;
grant execute on function public.erase_newsletter_subscriber(uuid) to authenticated, service_role;
comment on function public.erase_newsletter_subscriber(uuid) is
  'Erases a subscriber on request, recording only that it happened. Calls api_definers.erase_newsletter_subscriber, which runs as its owner; its comment says why.';

-- lead_stage_totals
alter function public.lead_stage_totals() set schema api_definers;
revoke all on function api_definers.lead_stage_totals() from public, anon, authenticated;
grant execute on function api_definers.lead_stage_totals() to authenticated, service_role;

create function public.lead_stage_totals() returns table (stage text, leads bigint, offers numeric)
language sql stable security invoker set search_path = ''
as $$ select * from api_definers.lead_stage_totals() $$;
revoke all on function public.lead_stage_totals() from public, anon, authenticated;
grant execute on function public.lead_stage_totals() to authenticated, service_role;
comment on function public.lead_stage_totals() is
  'Per stage, the number of inquiries and the sum of their offers (the board''s column heads). Calls api_definers.lead_stage_totals, which runs as its owner; its comment says why.';

-- lift_newsletter_suppression
alter function public.lift_newsletter_suppression(uuid, text) set schema api_definers;
revoke all on function api_definers.lift_newsletter_suppression(uuid, text) from public, anon, authenticated;
grant execute on function api_definers.lift_newsletter_suppression(uuid, text) to authenticated, service_role;

create function public.lift_newsletter_suppression(subscriber uuid, reason text) returns text
language sql volatile security invoker set search_path = ''
as $$ select api_definers.lift_newsletter_suppression(subscriber, reason) $$;
revoke all on function public.lift_newsletter_suppression(uuid, text) from public, anon, authenticated;
grant execute on function public.lift_newsletter_suppression(uuid, text) to authenticated, service_role;
comment on function public.lift_newsletter_suppression(uuid, text) is
  'An admin lifts a bounce''s or complaint''s suppression, with a reason that is kept. Calls api_definers.lift_newsletter_suppression, which runs as its owner; its comment says why.';

-- merge_contacts
alter function public.merge_contacts(uuid, uuid) set schema api_definers;
revoke all on function api_definers.merge_contacts(uuid, uuid) from public, anon, authenticated;
grant execute on function api_definers.merge_contacts(uuid, uuid) to authenticated, service_role;

create function public.merge_contacts(keep uuid, other uuid) returns void
language sql volatile security invoker set search_path = ''
as $$ select api_definers.merge_contacts(keep, other) $$;
revoke all on function public.merge_contacts(uuid, uuid) from public, anon, authenticated;
grant execute on function public.merge_contacts(uuid, uuid) to authenticated, service_role;
comment on function public.merge_contacts(uuid, uuid) is
  'Moves one contact''s inquiries, bookings, notes, history and keys to another, and removes it. Calls api_definers.merge_contacts, which runs as its owner; its comment says why.';

-- newsletter_counts
alter function public.newsletter_counts() set schema api_definers;
revoke all on function api_definers.newsletter_counts() from public, anon, authenticated;
grant execute on function api_definers.newsletter_counts() to authenticated, service_role;

create function public.newsletter_counts() returns jsonb
language sql stable security invoker set search_path = ''
as $$ select api_definers.newsletter_counts() $$;
revoke all on function public.newsletter_counts() from public, anon, authenticated;
grant execute on function public.newsletter_counts() to authenticated, service_role;
comment on function public.newsletter_counts() is
  'The subscribers per state. Calls api_definers.newsletter_counts, which runs as its owner; its comment says why.';

-- newsletter_send_status
alter function public.newsletter_send_status(uuid) set schema api_definers;
revoke all on function api_definers.newsletter_send_status(uuid) from public, anon, authenticated;
grant execute on function api_definers.newsletter_send_status(uuid) to authenticated, service_role;

create function public.newsletter_send_status(post uuid) returns jsonb
language sql stable security invoker set search_path = ''
as $$ select api_definers.newsletter_send_status(post) $$;
revoke all on function public.newsletter_send_status(uuid) from public, anon, authenticated;
grant execute on function public.newsletter_send_status(uuid) to authenticated, service_role;
comment on function public.newsletter_send_status(uuid) is
  'A post''s newsletter progress. Calls api_definers.newsletter_send_status, which runs as its owner; its comment says why.';

-- remove_calendar_feed
alter function public.remove_calendar_feed(uuid) set schema api_definers;
revoke all on function api_definers.remove_calendar_feed(uuid) from public, anon, authenticated;
grant execute on function api_definers.remove_calendar_feed(uuid) to authenticated, service_role;

create function public.remove_calendar_feed(feed uuid) returns void
language sql volatile security invoker set search_path = ''
as $$ select api_definers.remove_calendar_feed(feed) $$;
revoke all on function public.remove_calendar_feed(uuid) from public, anon, authenticated;
grant execute on function public.remove_calendar_feed(uuid) to authenticated, service_role;
comment on function public.remove_calendar_feed(uuid) is
  'Removes a feed, its busy times and its Vault secret. Calls api_definers.remove_calendar_feed, which runs as its owner; its comment says why.';

-- restore_from_bin
alter function public.restore_from_bin(uuid, text) set schema api_definers;
revoke all on function api_definers.restore_from_bin(uuid, text) from public, anon, authenticated;
grant execute on function api_definers.restore_from_bin(uuid, text) to authenticated, service_role;

create function public.restore_from_bin(item uuid, new_password text default null) returns jsonb
language sql volatile security invoker set search_path = ''
as $$ select api_definers.restore_from_bin(item, new_password) $$;
revoke all on function public.restore_from_bin(uuid, text) from public, anon, authenticated;
grant execute on function public.restore_from_bin(uuid, text) to authenticated, service_role;
comment on function public.restore_from_bin(uuid, text) is
  'Puts a deleted record back from the bin. Calls api_definers.restore_from_bin, which runs as its owner; its comment says why.';

-- review_contact_detail
alter function public.review_contact_detail(uuid, text, text, text) set schema api_definers;
revoke all on function api_definers.review_contact_detail(uuid, text, text, text) from public, anon, authenticated;
grant execute on function api_definers.review_contact_detail(uuid, text, text, text) to authenticated, service_role;

create function public.review_contact_detail(contact uuid, field text, value text, decision text) returns void
language sql volatile security invoker set search_path = ''
as $$ select api_definers.review_contact_detail(contact, field, value, decision) $$;
revoke all on function public.review_contact_detail(uuid, text, text, text) from public, anon, authenticated;
grant execute on function public.review_contact_detail(uuid, text, text, text) to authenticated, service_role;
comment on function public.review_contact_detail(uuid, text, text, text) is
  'An admin adopts or dismisses a detail a form typed that differs from the contact''s own, or a possible match. Calls api_definers.review_contact_detail, which runs as its owner; its comment says why.';

-- send_newsletter_test
alter function public.send_newsletter_test(uuid, text, text) set schema api_definers;
revoke all on function api_definers.send_newsletter_test(uuid, text, text) from public, anon, authenticated;
grant execute on function api_definers.send_newsletter_test(uuid, text, text) to authenticated, service_role;

create function public.send_newsletter_test(post uuid, html text, plain text) returns jsonb
language sql volatile security invoker set search_path = ''
as $$ select api_definers.send_newsletter_test(post, html, plain) $$;
revoke all on function public.send_newsletter_test(uuid, text, text) from public, anon, authenticated;
grant execute on function public.send_newsletter_test(uuid, text, text) to authenticated, service_role;
comment on function public.send_newsletter_test(uuid, text, text) is
  'The editor''s test of a post''s newsletter. Calls api_definers.send_newsletter_test, which runs as its owner; its comment says why.';

-- set_calendar_feed_active
alter function public.set_calendar_feed_active(uuid, boolean) set schema api_definers;
revoke all on function api_definers.set_calendar_feed_active(uuid, boolean) from public, anon, authenticated;
grant execute on function api_definers.set_calendar_feed_active(uuid, boolean) to authenticated, service_role;

create function public.set_calendar_feed_active(feed uuid, active boolean) returns void
language sql volatile security invoker set search_path = ''
as $$ select api_definers.set_calendar_feed_active(feed, active) $$;
revoke all on function public.set_calendar_feed_active(uuid, boolean) from public, anon, authenticated;
grant execute on function public.set_calendar_feed_active(uuid, boolean) to authenticated, service_role;
comment on function public.set_calendar_feed_active(uuid, boolean) is
  'Switches a feed off (its busy times go) or on (it syncs at once). Calls api_definers.set_calendar_feed_active, which runs as its owner; its comment says why.';

-- start_newsletter_send
alter function public.start_newsletter_send(uuid, text, text) set schema api_definers;
revoke all on function api_definers.start_newsletter_send(uuid, text, text) from public, anon, authenticated;
grant execute on function api_definers.start_newsletter_send(uuid, text, text) to authenticated, service_role;

create function public.start_newsletter_send(post uuid, html text, plain text) returns jsonb
language sql volatile security invoker set search_path = ''
as $$ select api_definers.start_newsletter_send(post, html, plain) $$;
revoke all on function public.start_newsletter_send(uuid, text, text) from public, anon, authenticated;
grant execute on function public.start_newsletter_send(uuid, text, text) to authenticated, service_role;
comment on function public.start_newsletter_send(uuid, text, text) is
  'Sends a published post to every confirmed subscriber, once. Calls api_definers.start_newsletter_send, which runs as its owner; its comment says why.';

-- sync_calendar_feeds
alter function public.sync_calendar_feeds() set schema api_definers;
revoke all on function api_definers.sync_calendar_feeds() from public, anon, authenticated;
grant execute on function api_definers.sync_calendar_feeds() to authenticated, service_role;

create function public.sync_calendar_feeds() returns boolean
language sql volatile security invoker set search_path = ''
as $$ select api_definers.sync_calendar_feeds() $$;
revoke all on function public.sync_calendar_feeds() from public, anon, authenticated;
grant execute on function public.sync_calendar_feeds() to authenticated, service_role;
comment on function public.sync_calendar_feeds() is
  'Asks for a sync now, at most once a minute. Calls api_definers.sync_calendar_feeds, which runs as its owner; its comment says why.';

-- ---------------------------------------------------------------------------------------------
-- What the Edge Functions call with the service role (calendar-sync, mail-events)
-- ---------------------------------------------------------------------------------------------
-- calendar_sync_claim
alter function public.calendar_sync_claim(text) set schema api_definers;
revoke all on function api_definers.calendar_sync_claim(text) from public, anon, authenticated;
grant execute on function api_definers.calendar_sync_claim(text) to service_role;
comment on function api_definers.calendar_sync_claim(text) is
  'The calendar-sync Edge Function''s first call: it claims its run''s one-time token and gets the run''s feed address and the window to read. '
  'In the API because the Edge Function calendar-sync calls it with the service role; SECURITY DEFINER because the feeds'' addresses are Vault secrets and the runs are private: only the service role may execute it, and it answers only for a live, unused run token.';

create function public.calendar_sync_claim(run text) returns jsonb
language sql volatile security invoker set search_path = ''
as $$ select api_definers.calendar_sync_claim(run) $$;
revoke all on function public.calendar_sync_claim(text) from public, anon, authenticated;
grant execute on function public.calendar_sync_claim(text) to service_role;
comment on function public.calendar_sync_claim(text) is
  'The calendar-sync Edge Function''s first call: it claims its run''s one-time token and gets the run''s feed address and the window to read. Calls api_definers.calendar_sync_claim, which runs as its owner; its comment says why.';

-- calendar_sync_failed
alter function public.calendar_sync_failed(uuid, text) set schema api_definers;
revoke all on function api_definers.calendar_sync_failed(uuid, text) from public, anon, authenticated;
grant execute on function api_definers.calendar_sync_failed(uuid, text) to service_role;
comment on function api_definers.calendar_sync_failed(uuid, text) is
  'A feed that could not be read: why, in Bulgarian; its last good busy times stay. '
  'In the API because the Edge Function calendar-sync calls it with the service role; SECURITY DEFINER because the feeds are private: only the service role may execute it.';

create function public.calendar_sync_failed(feed uuid, message text) returns void
language sql volatile security invoker set search_path = ''
as $$ select api_definers.calendar_sync_failed(feed, message) $$;
revoke all on function public.calendar_sync_failed(uuid, text) from public, anon, authenticated;
grant execute on function public.calendar_sync_failed(uuid, text) to service_role;
comment on function public.calendar_sync_failed(uuid, text) is
  'A feed that could not be read: why, in Bulgarian; its last good busy times stay. Calls api_definers.calendar_sync_failed, which runs as its owner; its comment says why.';

-- calendar_sync_store
alter function public.calendar_sync_store(uuid, jsonb, jsonb) set schema api_definers;
revoke all on function api_definers.calendar_sync_store(uuid, jsonb, jsonb) from public, anon, authenticated;
grant execute on function api_definers.calendar_sync_store(uuid, jsonb, jsonb) to service_role;

create function public.calendar_sync_store(feed uuid, blocks jsonb, skipped jsonb default '[]'::jsonb) returns integer
language sql volatile security invoker set search_path = ''
as $$ select api_definers.calendar_sync_store(feed, blocks, skipped) $$;
revoke all on function public.calendar_sync_store(uuid, jsonb, jsonb) from public, anon, authenticated;
grant execute on function public.calendar_sync_store(uuid, jsonb, jsonb) to service_role;
comment on function public.calendar_sync_store(uuid, jsonb, jsonb) is
  'A good sync of one feed: its busy blocks replace the last ones, with what it skipped. Calls api_definers.calendar_sync_store, which runs as its owner; its comment says why.';

-- record_mail_event
alter function public.record_mail_event(text, text, text) set schema api_definers;
revoke all on function api_definers.record_mail_event(text, text, text) from public, anon, authenticated;
grant execute on function api_definers.record_mail_event(text, text, text) to service_role;

create function public.record_mail_event(event_id text, kind text, address text) returns text
language sql volatile security invoker set search_path = ''
as $$ select api_definers.record_mail_event(event_id, kind, address) $$;
revoke all on function public.record_mail_event(text, text, text) from public, anon, authenticated;
grant execute on function public.record_mail_event(text, text, text) to service_role;
comment on function public.record_mail_event(text, text, text) is
  'A bounce or complaint from the mail provider. Calls api_definers.record_mail_event, which runs as its owner; its comment says why.';
