// @vitest-environment happy-dom
/**
 * The widget's text direction follows its language, not the page's (issue 25, item 4): the
 * shipped languages are left-to-right even on a right-to-left page; a registered language gets
 * `auto`, so its own text decides.
 */
import { afterEach, expect, test } from 'vitest';
import { registerLocale } from '../../../../widget/src/i18n/labels.ts';
import { flush, mount, open } from '../element/harness.ts';

afterEach(() => {
  document.body.replaceChildren();
  document.documentElement.removeAttribute('dir');
  document.documentElement.removeAttribute('lang');
});

const container = (shadow: ShadowRoot) => shadow.querySelector<HTMLElement>('[part=container]')!;

test('English on a right-to-left page (an Arabic site without Arabic labels) stays left-to-right', async () => {
  document.documentElement.setAttribute('dir', 'rtl');
  document.documentElement.setAttribute('lang', 'ar');
  const mounted = await mount();
  await open(mounted);
  expect(container(mounted.shadow).lang, 'English (no Arabic labels)').toBe('en');
  expect(container(mounted.shadow).dir, 'left-to-right, whatever the page says').toBe('ltr');
});

test.each(['de', 'es', 'fr'])('%s: left-to-right', async (locale) => {
  document.documentElement.setAttribute('dir', 'rtl');
  const mounted = await mount({ 'public-key': 'pk', 'assistant-id': 'a', locale });
  await open(mounted);
  await flush();
  expect(container(mounted.shadow).dir, locale).toBe('ltr');
});

test('a registered language: auto (its own text decides), and back to ltr when the language changes', async () => {
  registerLocale('he', { start: 'התקשרו', assistantName: 'העוזר' });
  const mounted = await mount({ 'public-key': 'pk', 'assistant-id': 'a', locale: 'he' });
  await open(mounted);
  expect(container(mounted.shadow).dir, 'Hebrew: auto').toBe('auto');
  mounted.el.setAttribute('locale', 'en');
  await flush();
  expect(container(mounted.shadow).dir, 'English again').toBe('ltr');
});
