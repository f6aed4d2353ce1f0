// @vitest-environment happy-dom
/**
 * What the host page controls on `<ringwise-voice-call>` (issue 11): the overrides from HTML
 * (`assistant-overrides`, `variable-*`) in the click's early request and in chat messages, a clear
 * error and nothing sent when they cannot be read, `bundle-path-override` / `dailyConfig`, and
 * `send` / `say` / `addMessage` / `clientTools` / `ringwise-tool-call` towards the live call.
 */
import { afterEach, describe, expect, test, vi } from 'vitest';
import { EN_LABELS } from '../../../../widget/src/i18n/en.ts';
import { getByRole, microtasks } from './dom-helpers.ts';
import { flush, mount, open } from './harness.ts';

afterEach(() => {
  document.body.replaceChildren();
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const KEYS = { 'public-key': 'pk-1', 'assistant-id': 'asst-1' };
const OVERRIDES = '{"firstMessage":"Hello {{name}}","variableValues":{"plan":"pro"}}';
const EXPECTED = {
  assistantId: 'asst-1',
  assistantOverrides: { firstMessage: 'Hello {{name}}', variableValues: { plan: 'pro', name: 'Ada' } },
};

describe('overrides from HTML', () => {
  test('the click’s early POST /call/web carries assistant-overrides and variable-*, and the engine starts with the same target', async () => {
    const mounted = await mount({ ...KEYS, 'assistant-overrides': OVERRIDES, 'variable-name': 'Ada' });
    mounted.launcher().click();
    await microtasks();
    expect(
      mounted.requests.map((r) => r.body),
      'sent in the click',
    ).toEqual([EXPECTED]);
    await flush();
    await flush();
    expect(mounted.modules.voice.client().starts).toEqual([EXPECTED]);
  });

  test('a chat message carries them too', async () => {
    const mounted = await mount({ ...KEYS, mode: 'chat', 'assistant-overrides': OVERRIDES, 'variable-name': 'Ada' });
    await open(mounted);
    const input = getByRole(mounted.shadow, 'textbox') as HTMLInputElement;
    input.value = 'Hi';
    input.dispatchEvent(new Event('input'));
    (getByRole(mounted.shadow, 'button', EN_LABELS.send) as HTMLButtonElement).click();
    await flush();
    expect(mounted.requests.map((r) => [r.url.replace(/^.*(\/chat\/web)$/, '$1'), r.body])).toEqual([
      ['/chat/web', { ...EXPECTED, input: 'Hi', stream: true }],
    ]);
  });

  test.each(['voice', 'chat'] as const)(
    'invalid JSON (%s): the card says so, the console says why, nothing is sent or started',
    async (mode) => {
      const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
      const errors: { type: string; message: string }[] = [];
      const mounted = await mount({ ...KEYS, mode, 'assistant-overrides': '{"firstMessage": "Hi",}' });
      mounted.el.addEventListener('ringwise-error', (event) => errors.push((event as CustomEvent).detail));
      await open(mounted);
      if (mode === 'chat') {
        const input = getByRole(mounted.shadow, 'textbox') as HTMLInputElement;
        input.value = 'Hi';
        input.dispatchEvent(new Event('input'));
        (getByRole(mounted.shadow, 'button', EN_LABELS.send) as HTMLButtonElement).click();
        await flush();
        expect(input.value, 'the visitor’s text is kept').toBe('Hi');
      }
      expect(mounted.requests, 'nothing sent').toEqual([]);
      expect(
        mounted.modules.voice.clients.flatMap((c) => c.starts),
        'no call started',
      ).toEqual([]);
      const error = mounted.shadow.querySelector<HTMLElement>('[part=error]')!;
      expect(error.hidden, 'the error section shows').toBe(false);
      expect(error.textContent).toContain(EN_LABELS.errorOverrides);
      expect(error.textContent).toContain(EN_LABELS.titleSetup);
      expect(
        errors.map((e) => e.type),
        'one error event',
      ).toEqual(['invalid-overrides']);
      expect(errors[0]!.message).toMatch(
        /^Invalid assistant-overrides \(.+\): nothing was sent\. assistant-overrides must be a JSON object/,
      );
      expect(consoleError).toHaveBeenCalledTimes(1);
      expect(String(consoleError.mock.calls[0]![0])).toContain('Invalid assistant-overrides');
    },
  );

  test('once the attribute is fixed, the next click calls with it', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const mounted = await mount({ ...KEYS, 'assistant-overrides': '[1]' });
    await open(mounted);
    expect(mounted.requests).toEqual([]);
    mounted.el.setAttribute('assistant-overrides', '{"firstMessage":"Hi"}');
    await flush();
    void mounted.el.start();
    await flush();
    await flush(); // the start runs a task after the request left
    expect(mounted.modules.voice.client().starts).toEqual([
      { assistantId: 'asst-1', assistantOverrides: { firstMessage: 'Hi' } },
    ]);
  });

  test('bundle-path-override and the dailyConfig property reach the voice client (the attribute wins)', async () => {
    const mounted = await mount({ ...KEYS, 'bundle-path-override': 'https://cdn.example.com/daily/' });
    mounted.el.dailyConfig = { bundlePathOverride: '/ignored/', avoidEval: true };
    await open(mounted);
    expect(mounted.modules.voice.client().options.dailyConfig).toEqual({
      bundlePathOverride: 'https://cdn.example.com/daily/',
      avoidEval: true,
    });
  });
});

describe('the host page and the live call', () => {
  async function live(attributes: Record<string, string> = KEYS) {
    const mounted = await mount(attributes);
    await open(mounted);
    const client = mounted.modules.voice.client();
    client.update({ state: 'active' });
    return { ...mounted, client };
  }

  test('send, say and addMessage before the card loaded do nothing and throw nothing', async () => {
    const mounted = await mount(KEYS);
    expect(() => {
      mounted.el.send({ type: 'control', control: 'mute-assistant' });
      mounted.el.say('Hi');
      mounted.el.addMessage({ role: 'system', content: 'x' });
    }).not.toThrow();
    expect(mounted.modules.loads).toEqual([]);
  });

  test('send, say and addMessage reach the call', async () => {
    const { el, client } = await live();
    el.send({ type: 'control', control: 'mute-assistant' });
    el.say('Bye', true);
    el.addMessage({ role: 'system', content: 'The visitor opened the pricing page.' });
    expect(client.sent).toEqual([
      { type: 'control', control: 'mute-assistant' },
      { type: 'say', message: 'Bye', endCallAfterSpoken: true },
      { type: 'add-message', message: { role: 'system', content: 'The visitor opened the pricing page.' } },
    ]);
  });

  test('clientTools set before the element was defined are kept, and run on tool-calls with a ringwise-tool-call event first', async () => {
    const showRoi = vi.fn();
    const tag = 'rw-pre-upgrade';
    const early = document.createElement(tag) as HTMLElement & { clientTools?: unknown };
    early.clientTools = { showRoi };
    const { defineVoiceCallElement } = await import('../../../../widget/src/element/define.ts');
    const { createFakeModules } = await import('./fake-modules.ts');
    defineVoiceCallElement(createFakeModules().load, tag);
    customElements.upgrade(early);
    expect(early.clientTools, 'kept through the upgrade').toEqual({ showRoi });

    const { el, client } = await live();
    el.clientTools = { showRoi };
    const seen: unknown[] = [];
    el.addEventListener('ringwise-tool-call', (event) => seen.push((event as CustomEvent).detail));
    client.emit('message', {
      type: 'tool-calls',
      toolCallList: [{ id: 't1', type: 'function', function: { name: 'showRoi', arguments: '{"a":1}' } }],
    });
    expect(seen).toEqual([{ id: 't1', name: 'showRoi', arguments: { a: 1 } }]);
    expect(showRoi).toHaveBeenCalledExactlyOnceWith({ a: 1 }, { id: 't1', name: 'showRoi', arguments: { a: 1 } });
  });

  test('an unknown tool is one ringwise-error, unless a ringwise-tool-call listener called preventDefault()', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { el, client } = await live();
    const errors: string[] = [];
    el.addEventListener('ringwise-error', (event) => errors.push((event as CustomEvent).detail.type));
    const message = {
      type: 'tool-calls',
      toolCallList: [{ id: 't1', type: 'function', function: { name: 'openForm' } }],
    };
    client.emit('message', message);
    expect(errors).toEqual(['unknown-tool']);
    el.addEventListener('ringwise-tool-call', (event) => event.preventDefault());
    client.emit('message', message);
    expect(errors, 'handled by the listener').toEqual(['unknown-tool']);
  });
});

describe('page context (on by default)', () => {
  test('the click’s request carries pageTitle and pagePath (origin + path, never the query string), under the owner’s values', async () => {
    (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(
      'http://localhost:3000/guides/setup?token=secret#me',
    );
    document.title = 'Setup guide';
    const mounted = await mount({
      'public-key': 'pk-1',
      'assistant-id': 'asst-1',
      'page-context': null,
      'variable-plan': 'pro',
      'assistant-overrides': '{"variableValues":{"pageTitle":"Owner title"}}',
    } as never);
    mounted.launcher().click();
    await microtasks();
    const body = mounted.requests[0]?.body as { assistantOverrides: { variableValues: Record<string, string> } };
    expect(body.assistantOverrides.variableValues, 'sent, the owner’s value wins').toEqual({
      pageTitle: 'Owner title',
      pagePath: 'http://localhost:3000/guides/setup',
      plan: 'pro',
    });
    expect(JSON.stringify(mounted.requests), 'never the query string or fragment').not.toMatch(/secret|#me/);
    mounted.el.remove();
  });

  test('page-context="false" sends none', async () => {
    const mounted = await mount({ 'public-key': 'pk-1', 'assistant-id': 'asst-1', 'page-context': 'false' });
    mounted.launcher().click();
    await microtasks();
    expect(mounted.requests[0]?.body, 'the target only').toEqual({ assistantId: 'asst-1' });
    mounted.el.remove();
  });
});
