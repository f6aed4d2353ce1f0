/**
 * The transcript mail's text (issue 38): in the request's language (en, de, fr, es; English
 * otherwise) and with each turn's time in the visitor's zone (UTC when none was stored, or when
 * this server's zone data does not know it). transcriptMessage is pure: nothing is sent.
 */
import { expect, test } from 'vitest';
import { transcriptMessage, type TranscriptJob } from '../../../../server/transcripts/mail.ts';

const JOB: TranscriptJob = {
  id: '00000000-0000-4000-8000-000000000038',
  created_at: new Date('2026-11-28T23:30:00.000Z'),
  email: 'ada@example.com',
  assistant: 'Ada',
  locale: 'en',
  page_url: 'https://shop.example/boilers',
  time_zone: null,
  transcript: [
    { speaker: 'visitor', name: 'You', text: 'Do you fix boilers?', at: '2026-11-28T23:30:05.000Z' },
    {
      speaker: 'assistant',
      name: 'Ada',
      text: 'We do, in the whole city.',
      at: '2026-11-28T23:30:09.000Z',
      interrupted: true,
    },
  ],
};

const text = (job: Partial<TranscriptJob>) => transcriptMessage({ ...JOB, ...job }, 'shop@example.com');

test('English, no zone stored: the times are UTC and the mail says so', () => {
  const mail = text({});
  expect(mail.subject).toBe('Your conversation with Ada');
  expect(String(mail.text).split('\n')).toEqual([
    'Your conversation with Ada, as you asked on https://shop.example/boilers.',
    'Times are in UTC (November 28, 2026).',
    '',
    '[23:30:05] You: Do you fix boilers?',
    '[23:30:09] Ada: We do, in the whole city. (Interrupted)',
    '',
    'You received this because someone entered this address in the chat window. If it was not you, ignore it.',
  ]);
});

test("the visitor's zone moves the times and the day (Tokyo is 9 hours ahead: the next morning)", () => {
  const lines = String(text({ time_zone: 'Asia/Tokyo' }).text).split('\n');
  expect(lines[1]).toBe('Times are in Asia/Tokyo (November 29, 2026).');
  expect(lines[3]).toBe('[08:30:05] You: Do you fix boilers?');
  expect(lines[4]).toBe('[08:30:09] Ada: We do, in the whole city. (Interrupted)');
  // Half-hour offsets too, and a zone behind UTC.
  expect(String(text({ time_zone: 'Asia/Kolkata' }).text)).toContain('[05:00:05] You:');
  expect(String(text({ time_zone: 'America/New_York' }).text)).toContain('[18:30:05] You:');
});

test('a stored zone this server does not know falls back to UTC and says UTC', () => {
  const lines = String(text({ time_zone: 'Mars/Olympus_Mons' }).text).split('\n');
  expect(lines[1]).toBe('Times are in UTC (November 28, 2026).');
  expect(lines[3]).toBe('[23:30:05] You: Do you fix boilers?');
});

test('German, French, Spanish: subject, greeting, times line, "You", "(Interrupted)" and footer', () => {
  const de = text({ locale: 'de-AT', time_zone: 'Europe/Berlin', page_url: null });
  expect(de.subject).toBe('Ihr Gespräch mit Ada');
  expect(String(de.text).split('\n')).toEqual([
    'Ihr Gespräch mit Ada, wie Sie es auf unserer Website angefordert haben.',
    'Uhrzeiten in Europe/Berlin (29. November 2026).',
    '',
    '[00:30:05] Sie: Do you fix boilers?',
    '[00:30:09] Ada: We do, in the whole city. (Unterbrochen)',
    '',
    'Sie erhalten diese E-Mail, weil jemand diese Adresse im Chatfenster eingegeben hat. ' +
      'Wenn Sie das nicht waren, ignorieren Sie sie.',
  ]);
  const fr = text({ locale: 'fr', time_zone: 'Europe/Paris' });
  expect(fr.subject).toBe('Votre conversation avec Ada');
  expect(String(fr.text).split('\n').slice(0, 5)).toEqual([
    'Votre conversation avec Ada, comme vous l’avez demandé sur https://shop.example/boilers.',
    'Heures en Europe/Paris (29 novembre 2026).',
    '',
    '[00:30:05] Vous: Do you fix boilers?',
    '[00:30:09] Ada: We do, in the whole city. (Interrompu)',
  ]);
  expect(String(fr.text)).toMatch(/\nVous recevez ce message parce que quelqu’un a saisi cette adresse/);
  const es = text({ locale: 'es-MX', time_zone: 'America/Mexico_City' });
  expect(es.subject).toBe('Tu conversación con Ada');
  expect(String(es.text).split('\n').slice(0, 5)).toEqual([
    'Tu conversación con Ada, como pediste en https://shop.example/boilers.',
    'Horas en America/Mexico_City (28 de noviembre de 2026).',
    '',
    '[17:30:05] Tú: Do you fix boilers?',
    '[17:30:09] Ada: We do, in the whole city. (Interrumpido)',
  ]);
  expect(String(es.text)).toMatch(/\nRecibes este mensaje porque alguien escribió esta dirección/);
});

test('another language (or a tag Intl refuses) is mailed in English, its date too', () => {
  for (const locale of ['ja', 'pt-BR', 'xx-invalidtag']) {
    const mail = text({ locale });
    expect(String(mail.text).split('\n')[1], locale).toBe('Times are in UTC (November 28, 2026).');
    expect(mail.subject).toBe('Your conversation with Ada');
    expect(String(mail.text)).toContain('You: Do you fix boilers?');
    expect(String(mail.text)).toContain('(Interrupted)');
  }
});
