// @vitest-environment happy-dom
/**
 * `<ringwise-voice-call>`, the launcher half (what the script-tag loader ships): it paints only
 * the launcher, loads the card and the engine on intent, sends the call's request at the click
 * before anything is loaded, and hosts the card. The card's own states are in card.test.ts.
 */
import { afterEach, describe, expect, test, vi } from 'vitest';
import { EN_LABELS } from '../../../../widget/src/i18n/en.ts';
import { registerLocale } from '../../../../widget/src/i18n/labels.ts';
import { labels as DE } from '../../../../widget/src/i18n/locales/de.ts';
import { labels as ES } from '../../../../widget/src/i18n/locales/es.ts';
import { labels as FR } from '../../../../widget/src/i18n/locales/fr.ts';
import { defineVoiceCallElement } from '../../../../widget/src/element/define.ts';
import { allByRole, getByRole, microtasks, nameOf, queryByRole } from './dom-helpers.ts';
import { createFakeModules } from './fake-modules.ts';
import { flush, mount, open, sameRequest } from './harness.ts';
import { CARD_CSS } from '../../../../widget/src/card/stylesheet.ts';

afterEach(() => {
  document.body.replaceChildren();
  document.documentElement.removeAttribute('lang');
  document.body.removeAttribute('lang');
  localStorage.clear();
  sessionStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('<ringwise-voice-call> launcher', () => {
  test('paints only the launcher, in an open shadow root, and loads nothing on connect', async () => {
    const { shadow, modules } = await mount();
    const launcher = getByRole(shadow, 'button', EN_LABELS.start);
    expect(launcher.getAttribute('aria-expanded'), 'collapsed').toBe('false');
    expect(launcher.querySelector('svg')?.getAttribute('aria-hidden'), 'decorative icon').toBe('true');
    expect(allByRole(shadow, 'button').length, 'one control before the card loads').toBe(1);
    expect(shadow.querySelector('[part=card]'), 'no card yet').toBeNull();
    expect(modules.loads, 'nothing loads on page load').toEqual([]);
    expect(shadow.adoptedStyleSheets.length, 'styles from a constructable stylesheet').toBe(1);
    expect(shadow.querySelector('style'), 'no injected <style> where adoptedStyleSheets exist').toBeNull();
  });

  test('a title on the host is the assistant name, and cannot show as a tooltip over the widget', async () => {
    const mounted = await mount({ 'public-key': 'pk', 'assistant-id': 'a', mode: 'chat', title: 'Acme Helper' });
    const container = mounted.shadow.querySelector('[part=container]')!;
    expect(container.getAttribute('title'), 'an empty title stops the inherited tooltip').toBe('');
    await open(mounted);
    expect(getByRole(mounted.shadow, 'heading', 'Acme Helper'), 'name in the header').toBeTruthy();
    expect(nameOf(getByRole(mounted.shadow, 'dialog')), 'the card is named after it').toBe('Acme Helper');
  });

  test.each([
    ['voice', EN_LABELS.start, 'engine'],
    ['chat', EN_LABELS.openChat, 'chat'],
    ['hybrid', EN_LABELS.openHybrid, 'chat'],
  ] as const)(
    'mode %s: launcher "%s"; intent loads the card and the %s engine in parallel, once',
    async (mode, label, engine) => {
      const { shadow, modules } = await mount({ 'public-key': 'pk', 'assistant-id': 'a', mode });
      const launcher = getByRole(shadow, 'button', label);
      for (const type of ['pointerenter', 'pointerdown', 'touchstart', 'focus'])
        launcher.dispatchEvent(new Event(type));
      expect(modules.loads.slice(0, 2).sort(), 'card UI and engine requested together').toEqual(
        [engine, 'card'].sort(),
      );
      await flush();
      const client = engine === 'engine' ? modules.voice.client() : modules.chat.client();
      expect(client.options.publicKey, 'client built from the attributes').toBe('pk');
      expect(modules.voice.clients.length + modules.chat.clients.length, 'one client for several intents').toBe(1);
      // The intent's preload and the call machine's (issue 35): the same call object, made once.
      if (engine === 'engine')
        expect(modules.voice.client().preloads, 'daily chunk preloaded on intent').toBeGreaterThanOrEqual(1);
      else expect(modules.voice.loads, 'text modes never load the voice engine on intent').toBe(0);
    },
  );

  test('no public key: intent loads nothing', async () => {
    const { launcher, modules } = await mount({ 'assistant-id': 'a' });
    launcher().dispatchEvent(new Event('pointerenter'));
    await flush();
    expect(modules.loads, 'nothing without a key').toEqual([]);
  });

  test('voice click: POST /call/web leaves at the click, before the card or engine loaded, and the engine adopts it', async () => {
    const mounted = await mount({
      'public-key': 'pk-1',
      'assistant-id': 'asst-1',
      'api-base-url': 'http://127.0.0.1:9/',
    });
    mounted.launcher().click();
    await microtasks();
    expect(
      mounted.requests.map((r) => r.url),
      'sent in the click (its task: the start file is in, no timer ran)',
    ).toEqual(['http://127.0.0.1:9/call/web']);
    expect(mounted.requests[0]!.headers.Authorization, 'bearer key').toBe('Bearer pk-1');
    expect(mounted.requests[0]!.body, 'the target').toEqual({ assistantId: 'asst-1' });
    expect(mounted.modules.voice.clients.length, 'no engine yet at that moment').toBe(0);
    await flush();
    await flush();
    const client = mounted.modules.voice.client();
    expect(client.starts, 'one start').toEqual([{ assistantId: 'asst-1' }]);
    expect(
      await sameRequest(client.startOptions[0]?.request, mounted.requests[0]),
      'the in-flight request is adopted',
    ).toBe(true);
    expect(mounted.requests.length, 'no second request').toBe(1);
    expect(client.options.video, 'the card shows video, so the engine may receive it').toBe(true);
    expect(getByRole(mounted.shadow, 'dialog').hidden, 'card open').toBe(false);
    expect(mounted.launcher().getAttribute('aria-expanded'), 'launcher says so').toBe('true');
  });

  test('a second call, with the engine loaded, also sends its request at the click, and the engine adopts it', async () => {
    const mounted = await mount();
    await open(mounted);
    const client = mounted.modules.voice.client();
    client.update({ state: 'active' });
    client.stop();
    mounted.launcher().click(); // collapse
    await flush();
    mounted.launcher().click(); // open and call again
    await microtasks();
    expect(mounted.requests.length, 'the request leaves in the click').toBe(2);
    // Starting a call with everything loaded is a long task, and the request leaves the page
    // only when the click's task ends: the start waits for the next task.
    for (let i = 0; i < 20; i++) await Promise.resolve();
    expect(client.starts.length, "not started in the click's task").toBe(1);
    await flush();
    // The card's first frame in that task, the engine's start in the next (issue 35: tasks kept short).
    expect(client.starts.length, 'not started in the first frame’s task either').toBe(1);
    await flush();
    expect(client.starts.length, 'second start on the same client').toBe(2);
    expect(mounted.requests.length, 'each call sent at its click').toBe(2);
    expect(await sameRequest(client.startOptions[1]?.request, mounted.requests[1]), 'the second one adopted').toBe(
      true,
    );
  });

  test.each([
    ['no key', { 'assistant-id': 'a' }],
    ['no target', { 'public-key': 'pk' }],
    ['consent not given yet', { 'public-key': 'pk', 'assistant-id': 'a', 'consent-required': '' }],
  ])('no early request with %s', async (_, attributes) => {
    const mounted = await mount(attributes);
    await open(mounted);
    expect(mounted.requests, 'nothing sent').toEqual([]);
    expect(
      mounted.modules.voice.clients.flatMap((c) => c.starts),
      'no call started',
    ).toEqual([]);
  });

  test('a click while open minimizes; Escape on the launcher too; the call goes on', async () => {
    const mounted = await mount();
    await open(mounted);
    mounted.modules.voice.client().update({ state: 'active' });
    mounted.launcher().click();
    expect(mounted.launcher().getAttribute('aria-expanded'), 'minimized').toBe('false');
    expect(queryByRole(mounted.shadow, 'dialog'), 'card hidden').toBeNull();
    expect(nameOf(mounted.launcher()), 'launcher leads back to the call').toBe(EN_LABELS.returnToCall);
    mounted.launcher().click();
    await flush();
    expect(getByRole(mounted.shadow, 'dialog'), 'open again').toBeTruthy();
    expect(mounted.modules.voice.client().starts.length, 'reopening does not call again').toBe(1);
    mounted.launcher().dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    expect(queryByRole(mounted.shadow, 'dialog'), 'Escape on the launcher minimizes').toBeNull();
    expect(mounted.modules.voice.client().stops, 'still in the call').toBe(0);
  });

  test('a card UI that fails to load: the launcher says so, fires ringwise-error, and the next click retries', async () => {
    const mounted = await mount({ 'public-key': 'pk', 'assistant-id': 'a', mode: 'chat' });
    const errors: string[] = [];
    mounted.el.addEventListener('ringwise-error', (event) => errors.push(event.detail.type));
    mounted.modules.failNextUiLoads(1);
    await open(mounted);
    expect(nameOf(mounted.launcher()), 'explained on the launcher').toBe(EN_LABELS.loadFailed);
    expect(mounted.launcher().getAttribute('aria-expanded'), 'closed').toBe('false');
    expect(errors, 'error event').toEqual(['engine-load-failed']);
    await open(mounted);
    expect(getByRole(mounted.shadow, 'dialog'), 'the retry loads the card').toBeTruthy();
    expect(nameOf(mounted.launcher()), 'open: the launcher minimizes').toBe(EN_LABELS.minimize);
    mounted.launcher().click();
    expect(nameOf(mounted.launcher()), 'launcher back to normal').toBe(EN_LABELS.openChat);
  });

  test('labels follow label-* attributes, the labels property and locales, in the launcher and the card', async () => {
    const mounted = await mount({ 'public-key': 'pk', 'assistant-id': 'a', mode: 'chat' });
    const { el, shadow } = mounted;
    el.setAttribute('label-open-chat', 'Write to us');
    await flush();
    expect(getByRole(shadow, 'button', 'Write to us'), 'attribute label').toBeTruthy();
    el.removeAttribute('label-open-chat');
    el.labels = { openChat: 'Message us', send: 'Go' };
    await flush();
    expect(getByRole(shadow, 'button', 'Message us'), 'property label').toBeTruthy();
    await open(mounted);
    expect(getByRole(shadow, 'button', 'Go'), 'card label from the property').toBeTruthy();
    el.labels = {};
    registerLocale('de', { send: 'Senden', openChat: 'Chat öffnen' });
    el.setAttribute('locale', 'de-AT');
    el.setAttribute('label-message', 'Ihre Nachricht');
    await flush();
    expect(getByRole(shadow, 'button', 'Senden'), 'locale label in the card (de-AT → de)').toBeTruthy();
    expect(getByRole(shadow, 'textbox', 'Ihre Nachricht'), 'attribute label in the card').toBeTruthy();
    mounted.launcher().click();
    expect(getByRole(shadow, 'button', 'Chat öffnen'), 'locale label on the launcher').toBeTruthy();
  });

  test('position, theme and mode apply live; unknown values fall back', async () => {
    const { el, shadow } = await mount();
    const container = shadow.querySelector<HTMLElement>('[part=container]')!;
    expect(container.dataset.position, 'inline by default').toBe('inline');
    el.setAttribute('position', 'bottom-left');
    el.setAttribute('theme', 'dark');
    el.setAttribute('mode', 'hybrid');
    await flush();
    expect(container.dataset.position, 'a position from the table').toBe('bottom-left');
    expect(container.dataset.theme, 'theme').toBe('dark');
    expect(nameOf(shadow.querySelector('[part=launcher]')!), 'mode').toBe(EN_LABELS.openHybrid);
    el.setAttribute('position', 'nonsense');
    el.setAttribute('mode', 'nonsense');
    await flush();
    expect(container.dataset.position, 'unknown position').toBe('inline');
    expect(container.dataset.mode, 'unknown mode').toBe('voice');
  });

  test('a new public key replaces the idle client', async () => {
    const mounted = await mount();
    mounted.launcher().dispatchEvent(new Event('pointerenter'));
    await flush();
    mounted.el.setAttribute('public-key', 'pk-2');
    await flush();
    expect(mounted.modules.voice.clients[0]?.destroyed, 'old client destroyed').toBe(true);
    await open(mounted);
    expect(mounted.modules.voice.client().options.publicKey, 'new key used').toBe('pk-2');
  });

  test('client events are re-dispatched as composed ringwise-* DOM events', async () => {
    const mounted = await mount();
    const seen: string[] = [];
    for (const type of ['ringwise-call-start', 'ringwise-speech-start', 'ringwise-volume-level', 'ringwise-call-end']) {
      document.addEventListener(type, (event) => {
        expect((event as CustomEvent).composed, 'composed').toBe(true);
        seen.push(`${type}:${JSON.stringify((event as CustomEvent).detail ?? null)}`);
      });
    }
    await open(mounted);
    const client = mounted.modules.voice.client();
    client.emit('call-start', undefined);
    client.emit('speech-start', undefined);
    client.emit('volume-level', 0.25);
    client.emit('call-end', undefined);
    expect(seen, 'events reach the document').toEqual([
      'ringwise-call-start:null',
      'ringwise-speech-start:null',
      'ringwise-volume-level:0.25',
      'ringwise-call-end:null',
    ]);
    expect(mounted.el.view.phase, 'view exposed').toBe('starting');
  });

  test('start(), stop() and setMuted() from script; view is idle before the card loads', async () => {
    const mounted = await mount();
    expect(mounted.el.view.phase, 'idle view before any load').toBe('idle');
    const started = mounted.el.start();
    await flush();
    await flush(); // the start runs a task after the request left
    const client = mounted.modules.voice.client();
    expect(getByRole(mounted.shadow, 'dialog'), 'start() opens the card').toBeTruthy();
    expect(await sameRequest(client.startOptions[0]?.request, mounted.requests[0]), 'early request here too').toBe(
      true,
    );
    client.update({ state: 'active' });
    client.finishStart({ id: 'c', webCallUrl: 'u' });
    expect(await started, 'resolves true').toBe(true);
    mounted.el.setMuted(true);
    expect(client.snapshot.muted, 'muted').toBe(true);
    mounted.el.stop();
    expect(client.stops, 'stopped').toBe(1);
  });

  test('removal from the DOM ends the call and removes every listener; a move keeps it', async () => {
    const mounted = await mount();
    // What the card hangs on the launcher (which outlives it): each listener must go with the card.
    const launcher = mounted.launcher();
    const added: { type: string; listener: unknown; signal?: AbortSignal }[] = [];
    const removed = new Set<unknown>();
    const [addListener, removeListener] = [
      launcher.addEventListener.bind(launcher),
      launcher.removeEventListener.bind(launcher),
    ];
    vi.spyOn(launcher, 'addEventListener').mockImplementation((type, listener, options) => {
      added.push({ type, listener, signal: typeof options === 'object' ? options.signal : undefined });
      addListener(type, listener, options);
    });
    vi.spyOn(launcher, 'removeEventListener').mockImplementation((type, listener, options) => {
      removed.add(listener);
      removeListener(type, listener, options);
    });
    await open(mounted);
    expect(
      added.filter(({ type }) => type === 'keydown').length,
      'the card listens for Escape on the launcher once',
    ).toBe(1);
    const client = mounted.modules.voice.client();
    client.update({ state: 'active' });
    const other = document.createElement('div');
    document.body.append(other);
    other.append(mounted.el); // a move: disconnect + connect in one task
    await flush();
    expect(client.stops, 'a move does not hang up').toBe(0);
    mounted.el.remove();
    await flush();
    expect(client.stops, 'removal hangs up').toBe(1);
    expect(client.destroyed, 'client destroyed').toBe(true);
    expect(client.handlerCount(), 'no event handlers left').toBe(0);
    expect(client.listeners.size, 'no subscriptions left').toBe(0);
    expect(mounted.shadow.querySelector('[part=card]'), 'card removed').toBeNull();
    expect(
      added.filter(({ listener, signal }) => !signal?.aborted && !removed.has(listener)).map(({ type }) => type),
      'no card listener left on the launcher',
    ).toEqual([]);
    mounted.launcher().click();
    await flush();
    expect(mounted.modules.voice.clients.length, 'detached launcher does nothing').toBe(1);
  });

  test('defineVoiceCallElement defines once', () => {
    const a = defineVoiceCallElement(createFakeModules().load, 'rw-once');
    const b = defineVoiceCallElement(createFakeModules().load, 'rw-once');
    expect(a, 'same constructor').toBe(b);
  });
});

describe('<ringwise-voice-call> placement', () => {
  test.each(['bottom-right', 'bottom-left', 'bottom-center', 'top-right', 'top-left'])(
    'position %s is passed to the stylesheet',
    async (position) => {
      const { shadow } = await mount({ position });
      expect(shadow.querySelector<HTMLElement>('[part=container]')!.dataset.position).toBe(position);
    },
  );

  test('open(), close() and toggle() open and minimize the card without starting a call', async () => {
    const mounted = await mount();
    const { el, shadow } = mounted;
    el.open();
    await flush();
    await flush();
    const card = getByRole(shadow, 'dialog');
    expect(card.hidden, 'open() shows the card').toBe(false);
    expect(shadow.activeElement, 'focus moves into the card').toBe(card);
    expect(mounted.requests, 'no call').toEqual([]);
    expect(mounted.launcher().getAttribute('aria-expanded'), 'launcher says open').toBe('true');
    el.close();
    expect(card.hidden, 'close() minimizes').toBe(true);
    expect(mounted.launcher().getAttribute('aria-expanded'), 'launcher says closed').toBe('false');
    el.toggle();
    await flush();
    expect(card.hidden, 'toggle() opens').toBe(false);
    el.toggle();
    expect(card.hidden, 'toggle() minimizes').toBe(true);
    expect(
      mounted.modules.voice.clients.flatMap((client) => client.starts),
      'never a call',
    ).toEqual([]);
  });

  test('expanded: the card is open at load (once), and no call starts', async () => {
    const mounted = await mount({ 'public-key': 'pk', 'assistant-id': 'a', expanded: '' });
    await flush();
    await flush();
    expect(getByRole(mounted.shadow, 'dialog').hidden, 'open at load').toBe(false);
    expect(mounted.modules.loads, 'the card file loads at once').toContain('card');
    expect(mounted.requests, 'no call').toEqual([]);
    mounted.el.close();
    const other = document.createElement('div');
    document.body.append(other);
    other.append(mounted.el); // a move reconnects the element
    await flush();
    expect(mounted.shadow.querySelector<HTMLElement>('[part=card]')!.hidden, 'not reopened by a move').toBe(true);
  });

  test('dismissible: the close control hides the launcher for the session and fires ringwise-dismiss', async () => {
    const mounted = await mount({ 'public-key': 'pk', 'assistant-id': 'a', position: 'bottom-right', dismissible: '' });
    const events: unknown[] = [];
    document.addEventListener('ringwise-dismiss', (event) => events.push((event as CustomEvent).detail));
    const container = mounted.shadow.querySelector<HTMLElement>('[part=container]')!;
    expect(mounted.modules.loads, 'the card file (which draws the hide control) comes at once, no engine').toEqual([
      'card',
    ]);
    const dismiss = getByRole(mounted.shadow, 'button', EN_LABELS.dismiss);
    expect(queryByRole(mounted.shadow, 'button', EN_LABELS.dismiss), 'shown while closed').toBeTruthy();
    await open(mounted);
    // Hidden by the stylesheet as the launcher opens (the card's first frame may be held back).
    expect(mounted.shadow.querySelector('[part=container]')!.hasAttribute('data-open'), 'open').toBe(true);
    expect(CARD_CSS, 'the hide control is not drawn on an open launcher').toMatch(
      /\[data-open\]\s*>\s*\.x\s*\{\s*display:\s*none/,
    );
    mounted.el.close();
    // A click focuses the control it hits (happy-dom's focus bookkeeping breaks on a focused
    // element that becomes hidden, which a browser handles: the browser test covers that).
    dismiss.focus();
    dismiss.click();
    dismiss.blur();
    expect(container.hidden, 'hidden').toBe(true);
    expect(events, 'one composed event reached the document').toEqual([null]);
    expect(sessionStorage.getItem('ringwise-dismissed'), 'remembered for the session').not.toBeNull();
    // A new page in the same session: the launcher stays hidden, and `expanded` does not open it.
    const again = await mount({ 'public-key': 'pk', 'assistant-id': 'a', dismissible: '', expanded: '' });
    expect(again.shadow.querySelector<HTMLElement>('[part=container]')!.hidden, 'still hidden').toBe(true);
    expect(again.modules.loads, 'nothing loaded for a dismissed launcher').toEqual([]);
    again.el.open();
    await flush();
    expect(again.shadow.querySelector<HTMLElement>('[part=container]')!.hidden, 'open() still shows the card').toBe(
      false,
    );
    again.el.close();
    expect(again.shadow.querySelector<HTMLElement>('[part=container]')!.hidden, 'and hides again when minimized').toBe(
      true,
    );
    const plain = await mount({ 'public-key': 'pk', 'assistant-id': 'a' });
    expect(
      plain.shadow.querySelector<HTMLElement>('[part=container]')!.hidden,
      'a launcher that is not dismissible stays',
    ).toBe(false);
    expect(queryByRole(plain.shadow, 'button', EN_LABELS.dismiss), 'and has no close control').toBeNull();
  });

  test('dismissible without storage (blocked): hidden for this page, no throw', async () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    const mounted = await mount({ dismissible: '' });
    getByRole(mounted.shadow, 'button', EN_LABELS.dismiss).click();
    expect(mounted.shadow.querySelector<HTMLElement>('[part=container]')!.hidden).toBe(true);
  });
});

describe('<ringwise-voice-call> language', () => {
  /** The container's `lang` and the launcher's name, after the language file came in. */
  const painted = (mounted: Awaited<ReturnType<typeof mount>>) => [
    mounted.shadow.querySelector<HTMLElement>('[part=container]')!.lang,
    nameOf(mounted.launcher()),
  ];

  test('<html lang="de">: German launcher and card, its file loaded once through LoadModule', async () => {
    document.documentElement.lang = 'de';
    const mounted = await mount({ 'public-key': 'pk', 'assistant-id': 'a', mode: 'hybrid' });
    await flush();
    expect(painted(mounted)).toEqual(['de', DE.openHybrid]);
    await open(mounted);
    expect(getByRole(mounted.shadow, 'button', DE.send), 'card in German').toBeTruthy();
    expect(getByRole(mounted.shadow, 'textbox', DE.message).getAttribute('placeholder')).toBe(DE.messagePlaceholder);
    expect(
      mounted.modules.loads.filter((name) => name === 'de'),
      'one load',
    ).toEqual(['de']);
  });

  test('precedence: locale attribute, then the nearest lang (element, ancestors), then navigator.languages, then English', async () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['ja', 'fr-CA', 'de']);
    document.documentElement.lang = 'es';

    const fromBrowser = await mount();
    document.documentElement.removeAttribute('lang');
    fromBrowser.el.setAttribute('label-start', 'x'); // any attribute change renders again
    fromBrowser.el.removeAttribute('label-start');
    await flush();
    await flush();
    expect(painted(fromBrowser), 'first browser language with labels (ja has none)').toEqual(['fr-CA', FR.start]);

    document.documentElement.lang = 'es';
    const fromHtml = await mount();
    await flush();
    expect(painted(fromHtml), '<html lang>').toEqual(['es', ES.start]);

    document.body.lang = 'de-AT';
    const fromAncestor = await mount();
    await flush();
    expect(painted(fromAncestor), 'nearest ancestor, region falls back to the language').toEqual(['de-AT', DE.start]);
    document.body.removeAttribute('lang');

    fromAncestor.el.lang = 'fr';
    await flush();
    await flush();
    expect(painted(fromAncestor), 'the element’s own lang').toEqual(['fr', FR.start]);

    fromAncestor.el.setAttribute('locale', 'es');
    await flush();
    expect(painted(fromAncestor), 'locale wins').toEqual(['es', ES.start]);

    fromAncestor.el.setAttribute('locale', 'ja');
    await flush();
    expect(painted(fromAncestor), 'a language without labels: English, and says so').toEqual(['en', EN_LABELS.start]);
  });

  test('English pages load no language file', async () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-GB', 'de']);
    const mounted = await mount();
    expect(painted(mounted)).toEqual(['en-GB', EN_LABELS.start]);
    document.documentElement.lang = 'en';
    const second = await mount();
    expect(painted(second)).toEqual(['en', EN_LABELS.start]);
    expect([...mounted.modules.loads, ...second.modules.loads], 'nothing loaded').toEqual([]);
  });

  test('until the language file is in, the widget keeps its place unseen (no flash of English); a failed file falls back to English', async () => {
    document.documentElement.lang = 'fr';
    let gate = { release: () => {} };
    const held = await mount(undefined, (modules) => (gate = modules.holdLocales()));
    const container = held.shadow.querySelector<HTMLElement>('[part=container]')!;
    expect(container.hasAttribute('data-l'), 'unseen while the file loads').toBe(true);
    gate.release();
    await flush();
    expect(container.hasAttribute('data-l'), 'shown once it is in').toBe(false);
    expect(painted(held)).toEqual(['fr', FR.start]);

    const failed = await mount(undefined, (modules) => modules.failLocales());
    await flush();
    const failedContainer = failed.shadow.querySelector<HTMLElement>('[part=container]')!;
    expect(failedContainer.hasAttribute('data-l'), 'shown after a failure').toBe(false);
    expect(nameOf(failed.launcher()), 'in English').toBe(EN_LABELS.start);
  });

  test('owner labels win over the shipped language: registerLocale, the labels property, label-* attributes', async () => {
    document.documentElement.lang = 'de';
    registerLocale('de', { openChat: 'Schreiben Sie uns' });
    const mounted = await mount({ 'public-key': 'pk', 'assistant-id': 'a', mode: 'chat', 'label-send': 'Los' });
    await flush();
    expect(nameOf(mounted.launcher()), 'registerLocale over shipped').toBe('Schreiben Sie uns');
    await open(mounted);
    expect(getByRole(mounted.shadow, 'button', 'Los'), 'label-* over shipped').toBeTruthy();
    mounted.el.labels = { messagePlaceholder: 'Ihre Frage…' };
    expect(getByRole(mounted.shadow, 'textbox', DE.message).getAttribute('placeholder'), 'property over shipped').toBe(
      'Ihre Frage…',
    );
    expect(getByRole(mounted.shadow, 'button', DE.close), 'the rest is German').toBeTruthy();
    registerLocale('de', {});
  });
});
