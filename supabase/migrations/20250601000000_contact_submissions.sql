-- Contact requests sent by the landing page's contact modal.
--
-- The browser inserts with the public anon key (supabase-js, no read-back), so everything the
-- table accepts is decided here: CHECK constraints bound every field, row-level security is on,
-- and anon may only INSERT the four input columns. Nobody but the service role (the dashboard,
-- `npm run submissions`) can read the rows: this migration relied on Supabase's old default
-- privileges for that read; 20261122120000_harden_contact_submissions.sql grants it explicitly,
-- because projects under today's defaults grant the API roles nothing (42501 without it).
-- (Only comments of this deployed migration were corrected later; its statements are unchanged.)
--
-- The length limits below are the source of truth; site/lib/contact.ts mirrors them so the
-- visitor hears about a too-long field before sending (a unit test checks both agree).

create table public.contact_submissions (
  id uuid primary key default gen_random_uuid(),
  created_at timestamptz not null default now(),
  name text not null,
  business_name text not null,
  email text not null,
  additional_info text,

  -- Non-empty, trimmed of ASCII whitespace at the ends, bounded. ('\s' misses no-break and
  -- zero-width spaces and control characters: the hardening migration tightens these CHECKs.)
  constraint contact_submissions_name_check check (
    char_length(name) between 1 and 100 and name !~ '^\s' and name !~ '\s$'
  ),
  constraint contact_submissions_business_name_check check (
    char_length(business_name) between 1 and 200 and business_name !~ '^\s' and business_name !~ '\s$'
  ),
  -- 254 characters is the longest address SMTP can carry; the shape is one @ with a dotted domain.
  constraint contact_submissions_email_check check (
    char_length(email) <= 254 and email ~ '^[^\s@]+@[^\s@]+\.[^\s@]+$'
  ),
  -- Optional: null when the visitor left it empty, otherwise trimmed and bounded.
  constraint contact_submissions_additional_info_check check (
    additional_info is null or (
      char_length(additional_info) between 1 and 2000
      and additional_info !~ '^\s' and additional_info !~ '\s$'
    )
  )
);

comment on table public.contact_submissions is
  'Contact requests from the website. Insert-only for anon; read with the service role.';

create index contact_submissions_created_at_idx on public.contact_submissions (created_at desc);

-- Row-level security: without a policy nobody but the owner and the service role sees a row.
alter table public.contact_submissions enable row level security;

-- Supabase used to grant ALL on new public tables to anon and authenticated by default (today's
-- projects grant nothing; the hardening migration states every right either way): take it back,
-- then give anon exactly one right, INSERT of the four input columns. id and created_at always
-- come from their defaults; SELECT, UPDATE and DELETE stay denied (so does INSERT … RETURNING).
revoke all on table public.contact_submissions from anon, authenticated;
grant insert (name, business_name, email, additional_info)
  on table public.contact_submissions to anon;

-- The only policy: anon may add rows stamped with the time of the inserting transaction (the
-- created_at default). It cannot backdate or post-date a request even if a later migration
-- widened the column grants. There is deliberately no SELECT, UPDATE or DELETE policy.
create policy "anon can submit contact requests"
  on public.contact_submissions
  for insert
  to anon
  with check (created_at = now());
