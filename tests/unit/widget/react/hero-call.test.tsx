// @vitest-environment happy-dom
/**
 * The site's hero island with no voice configuration (the unit-test build has no PUBLIC_VOICE_*
 * keys): per the spec, a missing client logs an error and nothing happens, and the island also
 * says so inline. The configured path is covered end to end in tests/e2e/hero-call.spec.ts.
 */
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, expect, test, vi } from 'vitest';
import HeroCall from '../../../../site/islands/HeroCall.tsx';
import { siteConfig } from '../../../../content/site.ts';
import { flush, getByRole } from '../element/dom-helpers.ts';

let root: Root | null = null;

beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.replaceChildren();
  vi.restoreAllMocks();
});

test('without a public key: logs an error, requests nothing, explains inline', async () => {
  expect(siteConfig.voice.publicKey, 'this test needs the unconfigured default').toBe('');
  const error = vi.spyOn(console, 'error').mockImplementation(() => {});
  const fetchSpy = vi.spyOn(globalThis, 'fetch');
  const host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  await act(async () => root!.render(<HeroCall />));
  const button = getByRole(host, 'button', 'Talk to Our Agent');
  await act(async () => {
    button.click();
    await flush();
  });
  expect(error, 'the missing client is logged').toHaveBeenCalled();
  expect(fetchSpy, 'no request').not.toHaveBeenCalled();
  expect(getByRole(host, 'status').textContent, 'inline message').toBe('Calls are not set up here yet: the public key is missing.');
  expect(getByRole(host, 'button', 'Talk to Our Agent'), 'still idle').toBeTruthy();
});
