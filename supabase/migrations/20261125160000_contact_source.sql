-- Where a contact request came from (issue 26, hand-over to a person).
--
-- A visitor talking to the site's assistant may ask for a person; the widget hands the
-- conversation over, and the contact modal opens with an editable summary of it. The request
-- records that it came from the assistant, so the business knows the context: `source` is
-- 'form' (typed into the contact modal, the default for every existing and every new row that
-- does not say otherwise) or 'assistant' (the modal opened by the assistant's hand-over). Any
-- other value, and null, is refused. anon may insert the column; it stays unreadable to anon
-- like every other column.

alter table public.contact_submissions
  add column source text not null default 'form',
  add constraint contact_submissions_source_check check (source in ('form', 'assistant'));

comment on column public.contact_submissions.source is
  'Where the request came from: form (the contact modal) or assistant (the widget''s hand-over to a person).';

grant insert (source) on table public.contact_submissions to anon;
