-- Triggers that must run in order say so in their names, one way: <table>_<NN>_<what>.
--
-- PostgreSQL fires the row triggers of one table, timing (before, after) and event in the order of
-- their names. The order mattered and was kept by prefixes that grew one migration at a time: an
-- inquiry's insert ran a_…_bot_trap, b_…_clean, c_…_first_touch, …_checked, d_…_contact and
-- e_…_lead (…_checked sorting between c_ and d_ by accident of spelling), and the after-update
-- triggers of posts relied on "revision" sorting before "updated_by". Now, on a table where two or
-- more row triggers of one timing share an event, every row trigger of that timing is named
-- <table>_<NN>_<what>: NN, two digits, is its place (10, 20, … or 5 apart on a long chain, so a
-- step fits between two), and the names sort in exactly that order. The order is the one these
-- triggers had, so nothing behaves differently; only the names change.
--
-- A trigger added later to such a table takes a number that puts it where it must run; one added to
-- a table that gets its second trigger of a timing and event renumbers that timing's triggers in a
-- migration like this one. tests/build/trigger-order.test.ts holds every table to the rule, on
-- supabase/schema/triggers.sql (`npm run db:schema`), which lists each table's triggers in firing
-- order. Deferred constraint triggers run when the transaction commits, apart from the rest, and
-- are left out of the rule.

-- public.appointments, before
alter trigger a_appointments_bot_trap on public.appointments rename to appointments_10_bot_trap;
alter trigger appointments_checked on public.appointments rename to appointments_15_checked;
alter trigger appointments_sequence on public.appointments rename to appointments_20_sequence;
alter trigger appointments_status_transition on public.appointments rename to appointments_25_status_transition;
alter trigger appointments_updated_at on public.appointments rename to appointments_30_updated_at;
alter trigger appointments_visitor_zone on public.appointments rename to appointments_35_visitor_zone;
alter trigger b_appointments_clean on public.appointments rename to appointments_40_clean;
alter trigger c_appointments_first_touch on public.appointments rename to appointments_45_first_touch;
alter trigger d_appointments_contact on public.appointments rename to appointments_50_contact;
alter trigger e_appointments_meeting_url on public.appointments rename to appointments_55_meeting_url;

-- public.appointments, after
alter trigger appointments_chat on public.appointments rename to appointments_10_chat;
alter trigger appointments_conversation_changed on public.appointments rename to appointments_20_conversation_changed;
alter trigger appointments_conversation_created on public.appointments rename to appointments_30_conversation_created;

-- public.blog_posts, before
alter trigger blog_posts_image_alt on public.blog_posts rename to blog_posts_10_image_alt;
alter trigger blog_posts_published_at on public.blog_posts rename to blog_posts_20_published_at;
alter trigger blog_posts_schedule on public.blog_posts rename to blog_posts_30_schedule;
alter trigger blog_posts_share_image_alt on public.blog_posts rename to blog_posts_40_share_image_alt;
alter trigger blog_posts_staff_row on public.blog_posts rename to blog_posts_50_staff_row;
alter trigger blog_posts_updated_at on public.blog_posts rename to blog_posts_60_updated_at;

-- public.blog_posts, after
alter trigger blog_posts_bin on public.blog_posts rename to blog_posts_10_bin;
alter trigger blog_posts_revision on public.blog_posts rename to blog_posts_20_revision;
alter trigger blog_posts_updated_by on public.blog_posts rename to blog_posts_30_updated_by;
alter trigger content_webhook on public.blog_posts rename to blog_posts_40_content_webhook;

-- public.blog_users, before
alter trigger blog_users_sync_account on public.blog_users rename to blog_users_10_sync_account;
alter trigger blog_users_updated_at on public.blog_users rename to blog_users_20_updated_at;

-- public.blog_users, after
alter trigger blog_users_bin on public.blog_users rename to blog_users_10_bin;
alter trigger blog_users_remove_account on public.blog_users rename to blog_users_20_remove_account;

-- public.calendar_settings, before
alter trigger calendar_settings_checked on public.calendar_settings rename to calendar_settings_10_checked;
alter trigger calendar_settings_image_alt on public.calendar_settings rename to calendar_settings_20_image_alt;
alter trigger calendar_settings_updated_at on public.calendar_settings rename to calendar_settings_30_updated_at;

-- public.clients, before
alter trigger clients_image_alt on public.clients rename to clients_10_image_alt;
alter trigger clients_updated_at on public.clients rename to clients_20_updated_at;

-- public.clients, after
alter trigger clients_bin on public.clients rename to clients_10_bin;
alter trigger content_webhook on public.clients rename to clients_20_content_webhook;

-- public.contact_submissions, before
alter trigger a_contact_submissions_bot_trap on public.contact_submissions rename to contact_submissions_10_bot_trap;
alter trigger b_contact_submissions_clean on public.contact_submissions rename to contact_submissions_20_clean;
alter trigger c_contact_submissions_first_touch on public.contact_submissions rename to contact_submissions_30_first_touch;
alter trigger contact_submissions_checked on public.contact_submissions rename to contact_submissions_40_checked;
alter trigger contact_submissions_updated_at on public.contact_submissions rename to contact_submissions_50_updated_at;
alter trigger d_contact_submissions_contact on public.contact_submissions rename to contact_submissions_60_contact;
alter trigger e_contact_submissions_lead on public.contact_submissions rename to contact_submissions_70_lead;

-- public.contact_submissions, after
alter trigger contact_submissions_acknowledged on public.contact_submissions rename to contact_submissions_10_acknowledged;
alter trigger contact_submissions_chat on public.contact_submissions rename to contact_submissions_20_chat;
alter trigger contact_submissions_lead_history on public.contact_submissions rename to contact_submissions_30_lead_history;

-- public.projects, before
alter trigger projects_image_alt on public.projects rename to projects_10_image_alt;
alter trigger projects_share_image_alt on public.projects rename to projects_20_share_image_alt;
alter trigger projects_staff_row on public.projects rename to projects_30_staff_row;
alter trigger projects_updated_at on public.projects rename to projects_40_updated_at;

-- public.projects, after
alter trigger content_webhook on public.projects rename to projects_10_content_webhook;
alter trigger projects_bin on public.projects rename to projects_20_bin;
alter trigger projects_revision on public.projects rename to projects_30_revision;
alter trigger projects_updated_by on public.projects rename to projects_40_updated_by;
