-- "Email me a copy" (issue 38), the visitor's time zone: the widget sends the zone its browser
-- reports (Intl.DateTimeFormat().resolvedOptions().timeZone) and the mail shows the turns' times
-- in it. Nullable: requests stored before this migration, from older widgets, or with a zone the
-- server's time-zone data does not know keep null and are mailed in UTC (server/transcripts/).
--
-- The CHECK repeats the server's shape check (server/transcripts/request.ts): an IANA name such as
-- Europe/Berlin, America/Argentina/Buenos_Aires, Etc/GMT+5 or UTC, 1 to 64 characters. Whether
-- PostgreSQL's own zone list knows the name is not checked: the mail is written by Node's Intl.

alter table public.transcript_requests add column time_zone text;

alter table public.transcript_requests add constraint transcript_requests_time_zone_check check (
  time_zone is null
  or (char_length(time_zone) between 1 and 64 and time_zone ~ '^[A-Za-z][A-Za-z0-9_+-]*(/[A-Za-z0-9_+-]+){0,3}$')
);

comment on column public.transcript_requests.time_zone is
  'The visitor''s IANA time zone as their browser reported it; null = the mail shows UTC.';

grant insert (time_zone) on table public.transcript_requests to anon;
