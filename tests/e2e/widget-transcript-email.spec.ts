/**
 * "Email me a copy" end to end (issue 38): a page whose widget has `transcript-endpoint`, a chat,
 * the ⋯ menu's "Email me a copy", the address typed and Enter; the request goes from the browser
 * to this repository's real server (the embedded PostgreSQL, the route, the migration, the
 * delivery worker) and the visitor's mail arrives at a local SMTP receiver. Nothing is sent before
 * the visitor asks. The page and the widget's files are served by the test (page.route) from
 * widget/dist/cdn; the endpoint's requests are handed to the server as they are (route.fetch).
 */
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { createMailChannel } from '../../server/leads/mail.ts';
import { createTranscriptMailChannel } from '../../server/transcripts/mail.ts';
import { TRANSCRIPT_PATH } from '../../server/transcripts/route.ts';
import { startTestBackend, type TestBackend } from '../fixtures/backend.ts';
import { startSmtpReceiver, type SmtpReceiver } from '../fixtures/receivers.ts';

const SITE = 'https://site.test';
const CDN = new URL('../../widget/dist/cdn/', import.meta.url);

let smtp: SmtpReceiver;
let backend: TestBackend;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  smtp = await startSmtpReceiver();
  backend = await startTestBackend({
    allowedOrigins: [SITE],
    delivery: {
      channels: [createMailChannel({ smtpUrl: smtp.url, to: ['sales@business.test'] })],
      transcripts: [createTranscriptMailChannel({ smtpUrl: smtp.url, from: 'sales@business.test' })],
    },
  });
});

test.afterAll(async () => {
  await backend?.close();
  await smtp?.close();
});

// The visitor's browser in Tokyo: the widget sends its zone, the mail's times are in it.
test.use({ timezoneId: 'Asia/Tokyo' });

test('the visitor emails themselves a copy: the server stores it and mails it; nothing is sent before', async ({
  page,
}) => {
  const forwarded: string[] = [];
  await page.route(`${SITE}/**`, async (route) => {
    const { pathname } = new URL(route.request().url());
    if (pathname === TRANSCRIPT_PATH) {
      forwarded.push(route.request().postData() ?? '');
      return route.fulfill({ response: await route.fetch({ url: backend.server.url + TRANSCRIPT_PATH }) });
    }
    if (pathname.startsWith('/cdn/'))
      return route.fulfill({
        contentType: 'text/javascript; charset=utf-8',
        body: readFileSync(new URL(pathname.slice(5), CDN)),
      });
    return route.fulfill({
      contentType: 'text/html; charset=utf-8',
      body: `<!doctype html><html lang="en"><title>Shop</title><h1>Acme Heating</h1>
        <script src="/cdn/voice-widget.js" data-public-key="pk" data-assistant-id="a" data-mode="chat" data-title="Ada"
          data-api-base-url="${SITE}/api-platform" data-transcript-endpoint="${SITE}${TRANSCRIPT_PATH}" async></script>`,
    });
  });
  await page.route(`${SITE}/api-platform/**`, (route) =>
    route.fulfill({
      contentType: 'text/event-stream',
      body: 'data: {"sessionId":"s1"}\n\ndata: {"output":"Yes, every make."}\n\ndata: [DONE]\n\n',
    }),
  );
  await page.goto(`${SITE}/`);
  const widget = page.locator('ringwise-voice-call');
  await widget.locator('[part=launcher]').click();
  const field = widget.getByRole('textbox');
  await field.fill('Do you fix boilers?');
  await field.press('Enter');
  await expect(widget.locator('[part=turn]')).toHaveCount(2);
  await widget.locator('[part=menu-button]').click();
  await widget.getByRole('menuitem', { name: 'Copy transcript' }).waitFor();
  expect(forwarded, 'nothing sent before the visitor asks').toEqual([]);
  await widget.getByRole('menuitem', { name: 'Email me a copy' }).click();
  const email = widget.getByRole('textbox', { name: 'Your email address' });
  await expect(email).toBeFocused();
  await email.fill('visitor@example.com');
  await email.press('Enter');
  await expect(widget.locator('[part=record-status]')).toHaveText('Sent — check your inbox');
  expect(forwarded).toHaveLength(1);
  await smtp.waitFor(1);
  const mail = smtp.mails.find((m) => m.to.includes('visitor@example.com'))!;
  expect(mail.data).toContain('Subject: Your conversation with Ada');
  // The body is quoted-printable: its soft line breaks (=CRLF) fall where nodemailer counts 76.
  const body = mail.data.replace(/=\r?\n/g, '');
  expect(body).toMatch(/\] You: Do you fix boilers\?/);
  expect(body).toMatch(/\] Ada: Yes, every make\./);
  expect(body, "the browser's zone, sent and applied").toContain('Times are in Asia/Tokyo (');
});
