-- The delivery outbox of contact requests: one row per request, written by a trigger in the
-- transaction that inserts the request, so a request never exists without its notification job
-- (and a job never without its request: the foreign key cascades, and a job cannot be deleted
-- while its request exists). The server (server/leads/) delivers each job to the configured
-- channels (a signed webhook, an email), retrying with exponential back-off, at least once; the
-- request's id is the idempotency key of every attempt. On a Supabase project the same trigger
-- fills the same table, and `npm run deliver` (the same worker, DATABASE_URL = the project's
-- database) delivers it.
--
-- Nobody reaches the outbox through the Data API but the service role: row-level security is on
-- with no policy, anon and authenticated have no right at all, service_role may read it and update
-- the delivery columns (the worker and `npm run submissions` work as service_role).

create table public.contact_outbox (
  submission_id uuid primary key references public.contact_submissions (id) on delete cascade,
  created_at timestamptz not null default now(),
  -- Attempts made so far, and when the next one is due (exponential back-off after a failure).
  attempts integer not null default 0 check (attempts >= 0),
  next_attempt_at timestamptz not null default now(),
  last_attempt_at timestamptz,
  -- The last failure, one line (channel: reason); null after a success.
  last_error text check (last_error is null or char_length(last_error) <= 1000),
  -- Channels that accepted the request ('webhook', 'email'): a retry skips them.
  delivered_channels text[] not null default '{}',
  -- Set once every configured channel accepted it.
  delivered_at timestamptz
);

comment on table public.contact_outbox is
  'Notification jobs of contact requests (one per request, written by a trigger). service_role only.';

-- The worker's query: due, undelivered jobs, oldest first.
create index contact_outbox_due_idx on public.contact_outbox (next_attempt_at) where delivered_at is null;

alter table public.contact_outbox enable row level security;

revoke all on table public.contact_outbox from public, anon, authenticated, service_role;
grant select on table public.contact_outbox to service_role;
grant update (attempts, next_attempt_at, last_attempt_at, last_error, delivered_channels, delivered_at)
  on table public.contact_outbox to service_role;

-- Runs as its owner (the migration's role), so anon's INSERT writes the job without anon holding
-- any right on the outbox. An empty search_path: every name below is schema-qualified.
create function public.contact_submissions_enqueue() returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
begin
  insert into public.contact_outbox (submission_id, created_at) values (new.id, new.created_at);
  return null;
end
$$;

revoke all on function public.contact_submissions_enqueue() from public, anon, authenticated, service_role;

create trigger contact_submissions_enqueue
  after insert on public.contact_submissions
  for each row execute function public.contact_submissions_enqueue();

-- A job goes only with its request (the foreign key's cascade runs after the request is gone).
create function public.contact_outbox_keep() returns trigger
  language plpgsql
  set search_path = ''
as $$
begin
  if exists (select from public.contact_submissions where id = old.submission_id) then
    raise exception 'contact_outbox: the job of request % goes only with the request', old.submission_id
      using errcode = '23503';
  end if;
  return old;
end
$$;

revoke all on function public.contact_outbox_keep() from public, anon, authenticated, service_role;

create trigger contact_outbox_keep
  before delete on public.contact_outbox
  for each row execute function public.contact_outbox_keep();

-- Requests stored before this migration get their job too, closed with no channel (shown as
-- "not sent" by `npm run submissions`): they were stored when no notification existed, and
-- sending them all at once now would surprise the owner.
insert into public.contact_outbox (submission_id, created_at, delivered_at)
select id, created_at, now() from public.contact_submissions;
