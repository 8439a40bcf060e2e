-- A deleted inquiry or booking is in the audit log (issue 49: who erased what).
--
-- Consultants and administrators may delete an inquiry or a booking directly (the policies
-- "Consultants and admins delete inquiries" / "… appointments"), besides erasing a whole contact
-- (erase_contact, recorded as contact.erased). Until now such a delete left no trace. Each now
-- records lead.deleted or booking.deleted with the row's id and its contact's (ids only, never the
-- values), whoever deletes it through the API: within an erasure too, so the log names every
-- inquiry and booking an erasure removed. What the database's own jobs delete (the retention job,
-- with no caller: auth.uid() is null) is counted in private.retention_runs instead.

alter table private.audit_events drop constraint audit_events_kind_check;
alter table private.audit_events add constraint audit_events_kind_check check (kind = any (array[
  'account.signed_in', 'category.changed', 'category.created', 'category.deleted', 'client.changed', 'client.created',
  'client.deleted', 'contact.erased', 'contact.export', 'data_request.closed', 'data_request.confirmed',
  'data_request.handled', 'data_request.received', 'export.csv', 'factor.enrolled', 'factor.removed', 'factor.reset',
  'lead.note', 'lead.owner', 'lead.stage', 'newsletter.sent', 'newsletter.suppression_lifted', 'person.activated',
  'person.changed', 'person.created', 'person.deactivated', 'person.deleted', 'person.role', 'post.changed',
  'post.created', 'post.deleted', 'privacy.published', 'project.changed', 'project.created', 'project.deleted',
  'settings.changed', 'subscriber.erased',
  'lead.deleted', 'booking.deleted']::text[]));

create function private.audit_visitor_row_deleted() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  if auth.uid() is null then
    return null; -- the database's own jobs: counted where they run
  end if;
  perform private.audit(
    case tg_table_name when 'contact_submissions' then 'lead.deleted' else 'booking.deleted' end,
    tg_table_name, old.id::text, jsonb_build_object('contact_id', old.contact_id));
  return null;
end
$$;
revoke all on function private.audit_visitor_row_deleted() from public, anon, authenticated;
comment on function private.audit_visitor_row_deleted() is
  'Trigger: records that a signed-in person deleted an inquiry (lead.deleted) or a booking (booking.deleted): the ids only.';

create trigger contact_submissions_50_audit_delete after delete on public.contact_submissions
  for each row execute function private.audit_visitor_row_deleted();
create trigger appointments_60_audit_delete after delete on public.appointments
  for each row execute function private.audit_visitor_row_deleted();
