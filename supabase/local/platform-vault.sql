-- Supabase Vault's interface, for a database without the supabase_vault extension (PGlite, and the
-- PostgreSQL 15 of the tests). Idempotent: it runs after platform.sql on a fresh database, and on
-- every start of an existing local data directory that predates it.

-- ---------------------------------------------------------------------------------------------
-- vault: Supabase Vault's interface (supabase_vault 0.3)
-- ---------------------------------------------------------------------------------------------
-- On hosted Supabase, vault.secrets keeps each secret encrypted on disk (libsodium's deterministic
-- AEAD under a key that is not in the database) and vault.decrypted_secrets decrypts it for whoever
-- may read the view: the project's owner role and functions it owns. Nobody else, and none of
-- the API roles, may touch either. The stand-in has the same table, view and functions with the
-- same columns, signatures and rights, but stores the secret UNENCRYPTED: it is for local
-- development and tests, where every secret is a throw-away one.
create schema if not exists vault;
revoke all on schema vault from public;

create table if not exists vault.secrets (
  id uuid primary key default gen_random_uuid(),
  name text,
  description text not null default '',
  secret text not null,
  key_id uuid,
  nonce bytea,
  created_at timestamptz not null default current_timestamp,
  updated_at timestamptz not null default current_timestamp
);
create unique index if not exists secrets_name_idx on vault.secrets (name) where name is not null;
comment on table vault.secrets is 'Secrets, by name. The local stand-in keeps them unencrypted; hosted Supabase encrypts them.';

create or replace view vault.decrypted_secrets as
  select s.id, s.name, s.description, s.secret, s.secret as decrypted_secret, s.key_id, s.nonce, s.created_at, s.updated_at
    from vault.secrets s;

create or replace function vault.create_secret(
  new_secret text,
  new_name text default null,
  new_description text default '',
  new_key_id uuid default null
) returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  secret_id uuid;
begin
  insert into vault.secrets (secret, name, description)
  values (new_secret, new_name, coalesce(new_description, ''))
  returning id into secret_id;
  return secret_id;
end
$$;

create or replace function vault.update_secret(
  secret_id uuid,
  new_secret text default null,
  new_name text default null,
  new_description text default null,
  new_key_id uuid default null
) returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  update vault.secrets s
     set secret = coalesce(new_secret, s.secret),
         name = coalesce(new_name, s.name),
         description = coalesce(new_description, s.description),
         updated_at = now()
   where s.id = secret_id;
end
$$;

revoke all on vault.secrets, vault.decrypted_secrets from public, anon, authenticated, service_role;
revoke all on function vault.create_secret(text, text, text, uuid), vault.update_secret(uuid, text, text, text, uuid)
  from public, anon, authenticated, service_role;
