-- The part of hosted Supabase's pg_cron that scheduled jobs use, for a database that cannot load
-- the extension (PGlite). Idempotent: it runs after platform.sql on a fresh database, and on every
-- start of an existing local data directory that predates it.

-- ---------------------------------------------------------------------------------------------
-- cron: the part of pg_cron that scheduled jobs use
-- ---------------------------------------------------------------------------------------------
-- On hosted Supabase, pg_cron keeps jobs in cron.job, cron.schedule() adds or replaces one by
-- name, and its background worker runs each on schedule, logging runs in cron.job_run_details.
-- A server that preloads the real pg_cron (the PostgreSQL 15 of the tests) gets the extension from
-- the migrations instead; elsewhere (PGlite) the stand-in keeps the same tables and functions and
-- its own runner (supabase/local/cron.ts) plays the worker.
do $platform$
begin
  if coalesce(current_setting('shared_preload_libraries', true), '') ~ 'pg_cron' then
    return;
  end if;
  create schema if not exists cron;
  revoke all on schema cron from public;

  create table if not exists cron.job (
    jobid bigserial primary key,
    schedule text not null,
    command text not null,
    nodename text not null default 'localhost',
    nodeport integer not null default 5432,
    database text not null default current_database(),
    username text not null default current_user,
    active boolean not null default true,
    jobname text,
    unique (username, jobname)
  );
  create table if not exists cron.job_run_details (
    jobid bigint,
    runid bigserial primary key,
    job_pid integer,
    database text,
    username text,
    command text,
    status text,
    return_message text,
    start_time timestamptz,
    end_time timestamptz
  );

  -- pg_cron accepts five cron fields (or a macro such as @daily) and, since 1.5, "N seconds"
  create or replace function cron.schedule(job_name text, schedule text, command text) returns bigint
  language plpgsql
  as $fn$
  declare
    id bigint;
  begin
    if schedule !~* '^\s*(@(yearly|annually|monthly|weekly|daily|midnight|hourly)|[0-9]{1,2}\s+seconds?|(\S+\s+){4}\S+)\s*$' then
      raise exception 'invalid schedule: %', schedule using errcode = '22023';
    end if;
    insert into cron.job (jobname, schedule, command) values (job_name, schedule, command)
    on conflict (username, jobname) do update set schedule = excluded.schedule, command = excluded.command, active = true
    returning jobid into id;
    return id;
  end
  $fn$;

  create or replace function cron.schedule(schedule text, command text) returns bigint
  language sql
  as $fn$ select cron.schedule(null::text, schedule, command) $fn$;

  create or replace function cron.unschedule(job_name text) returns boolean
  language plpgsql
  as $fn$
  begin
    delete from cron.job where jobname = job_name and username = current_user;
    if not found then
      raise exception 'could not find valid entry for job ''%''', job_name;
    end if;
    return true;
  end
  $fn$;

  create or replace function cron.unschedule(job_id bigint) returns boolean
  language plpgsql
  as $fn$
  begin
    delete from cron.job where jobid = job_id;
    if not found then
      raise exception 'could not find valid entry for job %', job_id;
    end if;
    return true;
  end
  $fn$;

  revoke all on all tables in schema cron from public, anon, authenticated;
  revoke all on all functions in schema cron from public, anon, authenticated;
end
$platform$;
