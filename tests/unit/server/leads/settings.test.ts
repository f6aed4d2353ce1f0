/** The notification variables: what each pair configures, and one sentence for every mistake. */
import { describe, expect, it } from 'vitest';
import { readDeliveryConfig } from '../../../../server/leads/settings.ts';

const SECRET = 'f'.repeat(32);

describe('readDeliveryConfig', () => {
  it('configures nothing, the webhook, the email or both', () => {
    expect(readDeliveryConfig({}).channels, 'none').toEqual([]);
    const webhook = readDeliveryConfig({
      CONTACT_WEBHOOK_URL: 'https://crm.example.com/hooks/lead?token=x',
      CONTACT_WEBHOOK_SECRET: SECRET,
    });
    expect(webhook.channels.map((c) => c.name)).toEqual(['webhook']);
    expect(webhook.summary, 'no query string (it may hold a token) in the summary').toEqual([
      'webhook https://crm.example.com/hooks/lead',
    ]);
    const both = readDeliveryConfig({
      CONTACT_WEBHOOK_URL: 'https://crm.example.com/h',
      CONTACT_WEBHOOK_SECRET: SECRET,
      SMTP_URL: 'smtps://user:pass@smtp.example.com',
      CONTACT_NOTIFY_TO: 'sales@example.com, owner@example.com',
    });
    expect(both.channels.map((c) => c.name)).toEqual(['webhook', 'email']);
    expect(both.summary[1], 'no SMTP password in the summary').toBe('email to sales@example.com, owner@example.com');
    for (const channel of both.channels) channel.close?.();
  });

  it.each([
    [{ CONTACT_WEBHOOK_URL: 'https://x.example/h' }, /^CONTACT_WEBHOOK_SECRET must be set to at least 32 characters/],
    [
      { CONTACT_WEBHOOK_URL: 'https://x.example/h', CONTACT_WEBHOOK_SECRET: 'short' },
      /^CONTACT_WEBHOOK_SECRET must be set to at least 32/,
    ],
    [{ CONTACT_WEBHOOK_SECRET: SECRET }, /^CONTACT_WEBHOOK_SECRET is set but CONTACT_WEBHOOK_URL is not/],
    [{ CONTACT_WEBHOOK_URL: 'not a url', CONTACT_WEBHOOK_SECRET: SECRET }, /^CONTACT_WEBHOOK_URL is not a URL/],
    [
      { CONTACT_WEBHOOK_URL: 'ftp://x.example/h', CONTACT_WEBHOOK_SECRET: SECRET },
      /^CONTACT_WEBHOOK_URL must be an http\(s\) URL, not ftp:/,
    ],
    [{ SMTP_URL: 'smtp://x.example' }, /^SMTP_URL is set but CONTACT_NOTIFY_TO is not/],
    [{ CONTACT_NOTIFY_TO: 'a@b.co' }, /^CONTACT_NOTIFY_TO is set but SMTP_URL is not/],
    [
      { SMTP_URL: 'http://x.example', CONTACT_NOTIFY_TO: 'a@b.co' },
      /^SMTP_URL must start with smtp:\/\/ or smtps:\/\//,
    ],
    [
      { SMTP_URL: 'smtp://x.example', CONTACT_NOTIFY_TO: 'Sales <a@b.co>' },
      /^CONTACT_NOTIFY_TO must be plain addresses/,
    ],
    [
      { SMTP_URL: 'smtp://x.example', CONTACT_NOTIFY_TO: 'a@b.co', CONTACT_NOTIFY_FROM: 'a@b.co\r\nBcc: x@y.z' },
      /^CONTACT_NOTIFY_FROM must be one plain address/,
    ],
  ])('refuses %o with one sentence', (env, message) => {
    expect(() => readDeliveryConfig(env)).toThrow(message);
  });
});
