-- The admin inbox: inquiries get a status the team toggles (new <-> handled), and a
-- booking's status may only move forward (pending -> confirmed | cancelled, confirmed -> cancelled;
-- cancelled is final). Reading and changing both tables stays with admitted admins; visitors only
-- insert, and only as 'new' / 'pending'.

-- ---------------------------------------------------------------------------------------------
-- Inquiries: status
-- ---------------------------------------------------------------------------------------------
alter table public.contact_submissions
  add column status text not null default 'new'
    constraint contact_submissions_status_check check (status in ('new', 'handled'));

-- The inbox lists newest first, optionally only one status (and counts the new ones).
create index contact_submissions_status_created_at_idx
  on public.contact_submissions (status, created_at desc);

-- A visitor's inquiry always arrives as new: nobody outside the team may file it as handled.
drop policy "Visitors send inquiries" on public.contact_submissions;
create policy "Visitors send inquiries" on public.contact_submissions for insert to anon, authenticated
  with check (status = 'new');

-- ---------------------------------------------------------------------------------------------
-- Bookings: status moves forward only
-- ---------------------------------------------------------------------------------------------
-- The inbox counts pending bookings and lists them by date.
create index appointments_status_preferred_date_idx on public.appointments (status, preferred_date);

-- The same rules as the panel's pure function (src/admin/inbox/status.ts), enforced here so
-- a stale tab or a hand-made request cannot revive a cancelled booking (whose slot may already be
-- someone else's) or move a confirmed one back to pending.
create or replace function public.appointments_status_transition() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.status is distinct from old.status and not (
    (old.status = 'pending' and new.status in ('confirmed', 'cancelled'))
    or (old.status = 'confirmed' and new.status = 'cancelled')
  ) then
    raise exception 'Статусът на резервацията не може да се промени от „%“ на „%“.', old.status, new.status
      using errcode = '23514';
  end if;
  return new;
end;
$$;
revoke all on function public.appointments_status_transition() from public, anon, authenticated;

create trigger appointments_status_transition before update of status on public.appointments
  for each row execute function public.appointments_status_transition();
