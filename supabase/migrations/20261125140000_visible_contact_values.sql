-- "Non-empty" means at least one character that shows.
--
-- The earlier CHECKs refuse values that are empty once trimmed of spaces, zero-width and control
-- characters, but a value made only of other invisible characters still passed: the braille blank
-- U+2800, the Hangul fillers U+115F, U+1160, U+3164 and U+FFA0, the soft hyphen U+00AD, bidi marks
-- (U+200E, U+200F, U+061C), embeddings and isolates (U+202A-U+202E, U+2066-U+2069), invisible
-- operators, variation selectors, tag characters... A request whose name shows nothing cannot be
-- answered. Here:
-- - name and business name must contain a character outside that invisible class;
-- - additional info, when present, too;
-- - an e-mail address may contain none of them (it already refused spaces and zero-width ones).
--
-- The class is site/lib/contact-characters.ts's CONTACT_INVISIBLE_RANGES, written with \u and \U
-- escapes so the rule is the same whatever the database's locale (tests/db/contact-submissions
-- checks that PostgreSQL and the form read it as the same set of characters). Added NOT VALID,
-- like the hardening migration's checks: they hold for every new row, and a project with older
-- rows that break them can still apply this migration.

alter table public.contact_submissions
  add constraint contact_submissions_name_visible check (
    name ~ '[^\u0001-\u0020\u007f-\u00a0\u00ad\u034f\u061c\u115f-\u1160\u1680\u17b4-\u17b5\u180b-\u180f\u2000-\u200f\u2028-\u202f\u205f-\u206f\u2800\u3000\u3164\ufe00-\ufe0f\ufeff\uffa0\ufff9-\ufffb\U0001bca0-\U0001bca3\U0001d173-\U0001d17a\U000e0000-\U000e007f\U000e0100-\U000e01ef]'
  ) not valid,
  add constraint contact_submissions_business_name_visible check (
    business_name ~ '[^\u0001-\u0020\u007f-\u00a0\u00ad\u034f\u061c\u115f-\u1160\u1680\u17b4-\u17b5\u180b-\u180f\u2000-\u200f\u2028-\u202f\u205f-\u206f\u2800\u3000\u3164\ufe00-\ufe0f\ufeff\uffa0\ufff9-\ufffb\U0001bca0-\U0001bca3\U0001d173-\U0001d17a\U000e0000-\U000e007f\U000e0100-\U000e01ef]'
  ) not valid,
  add constraint contact_submissions_email_visible check (
    email !~ '[\u0001-\u0020\u007f-\u00a0\u00ad\u034f\u061c\u115f-\u1160\u1680\u17b4-\u17b5\u180b-\u180f\u2000-\u200f\u2028-\u202f\u205f-\u206f\u2800\u3000\u3164\ufe00-\ufe0f\ufeff\uffa0\ufff9-\ufffb\U0001bca0-\U0001bca3\U0001d173-\U0001d17a\U000e0000-\U000e007f\U000e0100-\U000e01ef]'
  ) not valid,
  add constraint contact_submissions_additional_info_visible check (
    additional_info is null or additional_info ~ '[^\u0001-\u0020\u007f-\u00a0\u00ad\u034f\u061c\u115f-\u1160\u1680\u17b4-\u17b5\u180b-\u180f\u2000-\u200f\u2028-\u202f\u205f-\u206f\u2800\u3000\u3164\ufe00-\ufe0f\ufeff\uffa0\ufff9-\ufffb\U0001bca0-\U0001bca3\U0001d173-\U0001d17a\U000e0000-\U000e007f\U000e0100-\U000e01ef]'
  ) not valid;
