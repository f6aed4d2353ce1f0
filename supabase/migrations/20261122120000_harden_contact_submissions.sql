-- Hardens contact_submissions for today's Supabase (and for anything the first migration let through).
--
-- 1. Grants. Supabase projects no longer grant table rights to the API roles by default (new
--    projects since 30 May 2026, every project since 30 October 2026): a table is reachable only
--    through explicit GRANTs. The first migration relied on the old default for service_role's
--    read access; here every right is stated, so the table behaves the same under either default:
--    anon may INSERT the four input columns and nothing else, authenticated nothing, service_role
--    (the dashboard's API role, `npm run submissions`) may SELECT.
--
-- 2. Text checks. "Trimmed, non-empty" now means what the form's trimming means
--    (site/lib/contact.ts, CONTACT_EDGE_CHARACTERS): no leading or trailing whitespace in the
--    Unicode sense (no-break spaces U+00A0/U+2007/U+202F, the U+2000 block, U+3000…), zero-width
--    characters (U+200B–U+200D, U+2060, U+FEFF) or control characters; and no control character
--    anywhere in name, business name and email (additional info may contain tabs and line
--    breaks). A value made only of such characters is therefore refused too. The characters are
--    written as \u escapes, so the rule is the same whatever the database's locale. The new checks
--    are added NOT VALID: they hold for every new row, and a project whose older rows break them
--    can still apply this migration.

revoke all on table public.contact_submissions from anon, authenticated, service_role;
grant insert (name, business_name, email, additional_info) on table public.contact_submissions to anon;
grant select on table public.contact_submissions to service_role;

alter table public.contact_submissions
  drop constraint contact_submissions_name_check,
  drop constraint contact_submissions_business_name_check,
  drop constraint contact_submissions_email_check,
  drop constraint contact_submissions_additional_info_check;

alter table public.contact_submissions
  add constraint contact_submissions_name_check check (
    char_length(name) between 1 and 100
    and name !~ '^[\u0001-\u0020\u007f-\u00a0\u1680\u180e\u2000-\u200d\u2028\u2029\u202f\u205f\u2060\u3000\ufeff]'
    and name !~ '[\u0001-\u0020\u007f-\u00a0\u1680\u180e\u2000-\u200d\u2028\u2029\u202f\u205f\u2060\u3000\ufeff]$'
    and name !~ '[\u0001-\u001f\u007f-\u009f]'
  ) not valid,
  add constraint contact_submissions_business_name_check check (
    char_length(business_name) between 1 and 200
    and business_name !~ '^[\u0001-\u0020\u007f-\u00a0\u1680\u180e\u2000-\u200d\u2028\u2029\u202f\u205f\u2060\u3000\ufeff]'
    and business_name !~ '[\u0001-\u0020\u007f-\u00a0\u1680\u180e\u2000-\u200d\u2028\u2029\u202f\u205f\u2060\u3000\ufeff]$'
    and business_name !~ '[\u0001-\u001f\u007f-\u009f]'
  ) not valid,
  -- 254 characters is the longest address SMTP can carry; one @ with a dotted domain, and none of
  -- the space-like, zero-width or control characters anywhere.
  add constraint contact_submissions_email_check check (
    char_length(email) <= 254
    and email ~ '^[^\s@]+@[^\s@]+\.[^\s@]+$'
    and email !~ '[\u0001-\u0020\u007f-\u00a0\u1680\u180e\u2000-\u200d\u2028\u2029\u202f\u205f\u2060\u3000\ufeff]'
  ) not valid,
  -- Optional: null when the visitor left it empty, otherwise trimmed the same way and bounded.
  add constraint contact_submissions_additional_info_check check (
    additional_info is null or (
      char_length(additional_info) between 1 and 2000
      and additional_info !~ '^[\u0001-\u0020\u007f-\u00a0\u1680\u180e\u2000-\u200d\u2028\u2029\u202f\u205f\u2060\u3000\ufeff]'
      and additional_info !~ '[\u0001-\u0020\u007f-\u00a0\u1680\u180e\u2000-\u200d\u2028\u2029\u202f\u205f\u2060\u3000\ufeff]$'
      and additional_info !~ '[\u0001-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]'
    )
  ) not valid;

comment on table public.contact_submissions is
  'Contact requests from the website. Insert-only for anon (four columns); read with service_role.';
