-- Leases on delivery jobs (issue 34): a worker no longer keeps a transaction (and a connection)
-- open while it calls a webhook or an SMTP server. It claims due jobs in a short transaction
-- (`FOR UPDATE SKIP LOCKED`, then `claimed_until` = now + the lease, `claimed_by` = who), commits,
-- delivers with no connection held, and records the outcome in another short transaction, only
-- while its claim still stands. A job whose lease ran out (its worker died, or lost the database
-- for longer than the lease) is claimed again by any worker: delivery stays at least once, and
-- the request's id stays the idempotency key of every attempt.

alter table public.contact_outbox
  add column claimed_until timestamptz,
  add column claimed_by text check (claimed_by is null or char_length(claimed_by) <= 200);

comment on column public.contact_outbox.claimed_until is
  'While a worker delivers the job: until when its claim holds (another worker takes the job after it).';
comment on column public.contact_outbox.claimed_by is 'The claim of the worker delivering the job (host:pid:id #n).';

grant update (claimed_until, claimed_by) on table public.contact_outbox to service_role;
