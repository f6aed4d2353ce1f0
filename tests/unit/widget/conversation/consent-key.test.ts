/**
 * Where consent is remembered (conversation/element-start.ts, card/consent.ts): storage under a versioned key, a key derived
 * from the text when none is given, and a page-only memory when storage throws.
 */
import { expect, test } from 'vitest';
import { consentKey, hashText } from '../../../../widget/src/conversation/element-start.ts';
import { createConsentStore } from '../../../../widget/src/card/consent.ts';

function element(attributes: Record<string, string>): Element {
  return { getAttribute: (name: string) => attributes[name] ?? null } as unknown as Element;
}

test('the key is consent-storage-key, else derived from the consent title and text', () => {
  expect(consentKey(element({ 'consent-storage-key': ' acme-v2 ' })), 'explicit, trimmed').toBe('acme-v2');
  const a = consentKey(element({ 'consent-content': 'We record calls.' }));
  expect(a, 'derived').toMatch(/^ringwise-consent-[0-9a-z]+$/);
  expect(consentKey(element({ 'consent-content': 'We record calls.' })), 'stable').toBe(a);
  expect(consentKey(element({ 'consent-content': 'We record calls and chats.' })), 'a new text, a new key').not.toBe(a);
  expect(hashText('a'), 'hash differs by input').not.toBe(hashText('b'));
});

test('stores under the key; reports whether it reached storage', () => {
  const map = new Map<string, string>();
  const storage = {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
  } as Storage;
  const store = createConsentStore(() => storage);
  expect(store.get('v1'), 'not yet').toBeNull();
  expect(store.set('v1', '{"r":1}'), 'stored').toBe(true);
  expect(map.get('v1'), 'the value').toBe('{"r":1}');
  expect(createConsentStore(() => storage).get('v1'), 'another page sees it').toBe('{"r":1}');
});

test('storage that throws: remembered for this page only, never thrown', () => {
  const store = createConsentStore(() => {
    throw new DOMException('blocked', 'SecurityError');
  });
  expect(store.get('v1'), 'unknown').toBeNull();
  expect(store.set('v1', 'x'), 'not stored').toBe(false);
  expect(store.get('v1'), 'but remembered here').toBe('x');
});
