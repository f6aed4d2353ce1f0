-- "Email me a copy" (issue 38): a visitor asks for the transcript of their conversation with the
-- widget's assistant; the server (server/transcripts/) checks the request, stores it here, and
-- the delivery worker (server/leads/outbox.ts) mails it to the visitor's address, with the same
-- claims, leases, retries and back-off as contact requests.
--
-- Why a table and an outbox of their own rather than a "kind" in contact_outbox: the contact
-- outbox's row is its request's job by key (submission_id references contact_submissions, and
-- the worker reads the request through that key), so a job with no contact request has no place
-- there without loosening the key and the foreign key that keep contact jobs whole. The same
-- design is repeated instead: one job per request, written by a trigger in the inserting
-- transaction, gone only with its request; the worker takes the outbox's name as a parameter.
--
-- The limits below are the source of truth; the server's checks (server/transcripts/request.ts)
-- and the widget's payload (widget/src/conversation/transcript-request.ts) stay within them.

create table public.transcript_requests (
  id uuid primary key default gen_random_uuid(),
  created_at timestamptz not null default now(),
  email text not null,
  assistant text not null,
  locale text not null,
  page_url text,
  -- [{speaker: 'assistant' | 'visitor', name, text, at?, interrupted?}, …] as heard, oldest first.
  transcript jsonb not null,

  constraint transcript_requests_email_check check (
    char_length(email) <= 254
    and email ~ '^[^\s@]+@[^\s@]+\.[^\s@]+$'
    and email !~ '[\u0001-\u0020\u007f-\u00a0\u1680\u180e\u2000-\u200d\u2028\u2029\u202f\u205f\u2060\u3000\ufeff]'
  ),
  constraint transcript_requests_assistant_check check (char_length(assistant) between 1 and 200),
  constraint transcript_requests_locale_check check (locale ~ '^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8}){0,4}$'),
  constraint transcript_requests_page_url_check check (
    page_url is null or (char_length(page_url) <= 2048 and page_url ~ '^https?://')
  ),
  -- A non-empty array of at most 200 turns, at most 100 KB stored.
  constraint transcript_requests_transcript_check check (
    jsonb_typeof(transcript) = 'array'
    and jsonb_array_length(transcript) between 1 and 200
    and pg_column_size(transcript) <= 102400
  )
);

comment on table public.transcript_requests is
  'Transcripts visitors asked to be emailed (issue 38). Insert-only for anon; read with the service role.';

alter table public.transcript_requests enable row level security;

revoke all on table public.transcript_requests from public, anon, authenticated;
grant insert (email, assistant, locale, page_url, transcript) on table public.transcript_requests to anon;
grant select on table public.transcript_requests to service_role;

create policy "anon can ask for a transcript"
  on public.transcript_requests
  for insert
  to anon
  with check (created_at = now());

-- The jobs: the same columns and rights as public.contact_outbox (after its lease migration).
create table public.transcript_outbox (
  request_id uuid primary key references public.transcript_requests (id) on delete cascade,
  created_at timestamptz not null default now(),
  attempts integer not null default 0 check (attempts >= 0),
  next_attempt_at timestamptz not null default now(),
  last_attempt_at timestamptz,
  last_error text check (last_error is null or char_length(last_error) <= 1000),
  delivered_channels text[] not null default '{}',
  delivered_at timestamptz,
  claimed_until timestamptz,
  claimed_by text check (claimed_by is null or char_length(claimed_by) <= 200)
);

comment on table public.transcript_outbox is
  'Mail jobs of transcript requests (one per request, written by a trigger). service_role only.';

create index transcript_outbox_due_idx on public.transcript_outbox (next_attempt_at) where delivered_at is null;

alter table public.transcript_outbox enable row level security;

revoke all on table public.transcript_outbox from public, anon, authenticated, service_role;
grant select on table public.transcript_outbox to service_role;
grant update (attempts, next_attempt_at, last_attempt_at, last_error, delivered_channels, delivered_at,
  claimed_until, claimed_by) on table public.transcript_outbox to service_role;

create function public.transcript_requests_enqueue() returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
begin
  insert into public.transcript_outbox (request_id, created_at) values (new.id, new.created_at);
  return null;
end
$$;

revoke all on function public.transcript_requests_enqueue() from public, anon, authenticated, service_role;

create trigger transcript_requests_enqueue
  after insert on public.transcript_requests
  for each row execute function public.transcript_requests_enqueue();

create function public.transcript_outbox_keep() returns trigger
  language plpgsql
  set search_path = ''
as $$
begin
  if exists (select from public.transcript_requests where id = old.request_id) then
    raise exception 'transcript_outbox: the job of request % goes only with the request', old.request_id
      using errcode = '23503';
  end if;
  return old;
end
$$;

revoke all on function public.transcript_outbox_keep() from public, anon, authenticated, service_role;

create trigger transcript_outbox_keep
  before delete on public.transcript_outbox
  for each row execute function public.transcript_outbox_keep();
