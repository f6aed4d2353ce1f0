/**
 * The email channel through real nodemailer to a local SMTP receiver: a plain-text mail to the
 * configured recipients with Reply-To the visitor, the lead's id as Message-ID, and no way for
 * what the visitor typed (CR, LF, CRLF, Unicode line separators, bidi controls, in every field)
 * to add a header or a recipient.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeliveryError } from '../../../../server/leads/delivery-error.ts';
import type { Lead } from '../../../../server/leads/lead.ts';
import { createMailChannel, headerText, isPlainAddress, leadMessage } from '../../../../server/leads/mail.ts';
import { SAMPLE_LEAD } from '../../../fixtures/lead.ts';
import { headersOf, startSmtpReceiver, type SmtpReceiver } from '../../../fixtures/receivers.ts';

let smtp: SmtpReceiver;
beforeAll(async () => {
  smtp = await startSmtpReceiver();
});
afterAll(async () => {
  await smtp?.close();
});

const lead: Lead = SAMPLE_LEAD;
const TO = ['sales@business.test', 'owner@business.test'];

async function send(l: Lead): Promise<{ headers: Array<[string, string]>; data: string; to: string[] }> {
  const channel = createMailChannel({ smtpUrl: smtp.url, to: TO, from: 'site@business.test' });
  const before = smtp.mails.length;
  try {
    await channel.deliver(l);
  } finally {
    channel.close?.();
  }
  await smtp.waitFor(before + 1);
  const mail = smtp.mails[before]!;
  return { headers: headersOf(mail.data), data: mail.data, to: mail.to };
}

describe('the mail', () => {
  it('goes to the recipients, plain text, replying to the visitor, with the id as Message-ID', async () => {
    smtp.mode = 'accept';
    const { headers, data, to } = await send(lead);
    const header = (name: string) => headers.find(([n]) => n.toLowerCase() === name.toLowerCase())?.[1];
    expect(to, 'envelope recipients').toEqual(TO);
    expect(header('Reply-To'), 'reply-to the visitor').toBe('Ann Lee <ann@lee.com>');
    expect(header('Message-ID'), 'idempotency key').toBe(`<${lead.id}@ringwise.contact>`);
    expect(header('X-Ringwise-Lead-Id')).toBe(lead.id);
    expect(header('Subject')).toBe('New contact request: Ann Lee (Lee Plumbing)');
    expect(header('Content-Type'), 'plain text').toMatch(/^text\/plain; charset=utf-8/);
    expect(data, 'the lead in the body').toMatch(/Business: {2}Lee Plumbing\r\n/);
    expect(data).toContain('Call after 5pm.\r\nThanks!');
  });

  it('cannot get a header or a recipient from a CR/LF in any field', async () => {
    const breaks = ['\r\n', '\n', '\r', '\u2028', '\u0085', '\r\n\r\n'];
    for (const br of breaks) {
      const evil: Lead = {
        ...lead,
        name: `Ann${br}Bcc: victim@evil.test${br}X-Injected: name`,
        business_name: `Lee${br}X-Injected: business${br}To: victim@evil.test`,
        email: `ann@lee.com${br}Bcc: victim@evil.test`,
        additional_info: `Hi${br}X-Injected: info${br}.${br}MAIL FROM:<x@evil.test>${br}`,
      };
      const { headers, to } = await send(evil);
      const names = headers.map(([n]) => n.toLowerCase());
      const label = JSON.stringify(br);
      expect(to, `${label}: no recipient added`).toEqual(TO);
      expect(names, `${label}: no Bcc header`).not.toContain('bcc');
      expect(names, `${label}: no injected header`).not.toContain('x-injected');
      expect(
        names.filter((n) => n === 'to'),
        `${label}: one To header`,
      ).toHaveLength(1);
      expect(headers.find(([n]) => n === 'To')?.[1], `${label}: To unchanged`).toBe(TO.join(', '));
      expect(names.includes('reply-to'), `${label}: no Reply-To for an address that is not one plain address`).toBe(
        false,
      );
    }
    expect(
      smtp.mails.every((m) => m.from === 'site@business.test'),
      'the sender never changes',
    ).toBe(true);
  });

  it('keeps bidi and zero-width characters out of the subject', () => {
    const message = leadMessage({ ...lead, name: 'Ann\u202eeci\u200bvni' }, { to: TO });
    expect(message.subject).toBe('New contact request: Ann eci vni (Lee Plumbing)');
  });
});

describe('helpers', () => {
  it('headerText makes one safe, bounded line', () => {
    expect(headerText('a\r\nb\u2029c\td')).toBe('a b c d');
    expect([...headerText('x'.repeat(500), 120)]).toHaveLength(120);
  });

  it('isPlainAddress takes one address and nothing else', () => {
    expect(isPlainAddress('ann@lee.com')).toBe(true);
    for (const bad of [
      'Ann <ann@lee.com>',
      'a@b.com, c@d.com',
      'a@b.com\r\nBcc: x@y.z',
      'a b@c.com',
      '"a"@b.com',
      'a@b',
      'a@b.com\u200b',
    ])
      expect(isPlainAddress(bad), JSON.stringify(bad)).toBe(false);
  });
});

it('reports a refusing SMTP server as a DeliveryError', async () => {
  smtp.mode = 'refuse';
  const channel = createMailChannel({ smtpUrl: smtp.url, to: TO });
  try {
    const error = await channel.deliver(lead).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DeliveryError);
    expect((error as Error).message).toMatch(/451/);
  } finally {
    channel.close?.();
    smtp.mode = 'accept';
  }
});
