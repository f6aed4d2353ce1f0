/**
 * A contact request as the notification channels see it (a "lead"), and the JSON a webhook
 * receives. The stored row has no phone column: `phone` is null until the form asks for one.
 */

/** A stored contact request, read for delivery. */
export interface Lead {
  id: string;
  created_at: Date;
  name: string;
  business_name: string;
  email: string;
  additional_info: string | null;
}

/** The webhook's JSON body (field names of the public contract, documented in the README). */
export interface LeadPayload {
  id: string;
  name: string;
  business_name: string;
  email: string;
  phone: string | null;
  message: string | null;
  /** ISO 8601, UTC. */
  created_at: string;
}

/** Maps a stored row to the webhook's body: additional_info becomes `message`. */
export function leadPayload(lead: Lead): LeadPayload {
  return {
    id: lead.id,
    name: lead.name,
    business_name: lead.business_name,
    email: lead.email,
    phone: null,
    message: lead.additional_info,
    created_at: lead.created_at.toISOString(),
  };
}

/** The channels a lead can be delivered to, in the order they are tried. */
export const CHANNELS = ['webhook', 'email'] as const;

/** One of {@link CHANNELS}. */
export type ChannelName = (typeof CHANNELS)[number];

/** Delivers one lead (or `J`, another queue's job); resolves when the receiver accepted it, rejects with one line otherwise. */
export interface Channel<J = Lead> {
  name: ChannelName;
  deliver(lead: J): Promise<void>;
  /** Releases connections (the mail transport's pool). */
  close?(): void;
}
