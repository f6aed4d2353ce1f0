/** A channel's refusal or failure to accept a lead: one line, safe to log (no visitor data). */
export class DeliveryError extends Error {
  override name = 'DeliveryError';
  /** The channel that failed. */
  readonly channel: string;
  constructor(channel: string, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.channel = channel;
  }
}
