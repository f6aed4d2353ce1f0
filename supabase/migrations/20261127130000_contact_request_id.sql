-- Idempotent contact requests (issue 34): the contact form makes one request id per submission
-- and sends it with every try (its own retry after a 503, the visitor's click after a lost
-- answer). A request whose id is stored already stores nothing and succeeds like the first (the
-- API answers 201 again), so a retry never makes a second row. Rows without an id (stored before
-- this migration, or sent by an older page) are inserted as before: the unique index lets any
-- number of nulls through.
--
-- Why a trigger and not PostgREST's upsert (`Prefer: resolution=ignore-duplicates`,
-- `ON CONFLICT (request_id) DO NOTHING`): an ON CONFLICT that names columns needs the SELECT right
-- on them, and a statement that needs SELECT has the table's SELECT policies checked against the
-- new row; anon has neither (it may only insert), and granting them would open a read path. The
-- trigger gives the same outcome to a plain INSERT: a BEFORE INSERT trigger (running as its owner)
-- takes a transaction-scoped advisory lock on the id, so tries of one request run one after the
-- other, and skips the row (RETURN NULL) when the id is stored. The unique index stays the last
-- guard. anon may insert the column; like every other column it cannot read it.

alter table public.contact_submissions add column request_id uuid;

comment on column public.contact_submissions.request_id is
  'Made by the contact form once per submission and sent with each try; a try whose id is stored stores nothing.';

create unique index contact_submissions_request_id_key on public.contact_submissions (request_id);

grant insert (request_id) on table public.contact_submissions to anon;

create function public.contact_submissions_once() returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
begin
  if new.request_id is null then
    return new;
  end if;
  -- One try of a request at a time: a second waits here until the first commits or rolls back
  -- (then, in READ COMMITTED, the next statement sees the first's row).
  perform pg_catalog.pg_advisory_xact_lock(20261127, pg_catalog.hashtext(new.request_id::text));
  if exists (select from public.contact_submissions where request_id = new.request_id) then
    return null; -- stored already: nothing to add, and the insert succeeds like the first
  end if;
  return new;
end
$$;

revoke all on function public.contact_submissions_once() from public, anon, authenticated, service_role;

create trigger contact_submissions_once
  before insert on public.contact_submissions
  for each row execute function public.contact_submissions_once();
