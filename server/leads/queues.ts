/**
 * The outboxes the delivery worker (outbox.ts) works through, each one job per stored request
 * (written by its table's trigger): the contact requests' (to the owner's webhook and mailbox)
 * and the transcript requests' (issue 38: "Email me a copy", to the visitor). Same columns, same
 * claims, leases and back-off; what differs is named here.
 */

/** One outbox: its table, its key column, how a claimed job's request is read, and how logs name it. */
export interface OutboxQueue {
  /** Schema-qualified table of the jobs. */
  readonly outbox: string;
  /** The job's key column (its request's id). */
  readonly key: string;
  /** Reads the claimed jobs' requests: a query over the CTE `claimed` (key, attempts, delivered_channels). */
  readonly read: string;
  /** A request in log lines ("Contact request"). */
  readonly noun: string;
  /** The worker in log lines ("Contact delivery"). */
  readonly name: string;
}

/** The contact requests' outbox (public.contact_outbox). */
export const CONTACT_QUEUE: OutboxQueue = {
  outbox: 'public.contact_outbox',
  key: 'submission_id',
  read: `select s.id, s.created_at, s.name, s.business_name, s.email, s.additional_info, c.attempts, c.delivered_channels
           from claimed c join public.contact_submissions s on s.id = c.submission_id`,
  noun: 'Contact request',
  name: 'Contact delivery',
};

/** The transcript requests' outbox (public.transcript_outbox, migration 20261128080000). */
export const TRANSCRIPT_QUEUE: OutboxQueue = {
  outbox: 'public.transcript_outbox',
  key: 'request_id',
  read: `select r.id, r.created_at, r.email, r.assistant, r.locale, r.page_url, r.transcript, r.time_zone,
                c.attempts,
                c.delivered_channels
           from claimed c join public.transcript_requests r on r.id = c.request_id`,
  noun: 'Transcript request',
  name: 'Transcript delivery',
};
