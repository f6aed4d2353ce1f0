// @vitest-environment happy-dom
import { afterEach, describe, expect, test } from 'vitest';
import {
  defineVoiceCallElement,
  type VoiceCallElement,
} from '../../../../widget/src/element/voice-call-element.ts';
import { EN_LABELS, registerLocale } from '../../../../widget/src/element/labels.ts';
import { createFakeEngine, type FakeEngine } from './fake-voice-engine.ts';
import { flush, getByRole, queryByRole } from './dom-helpers.ts';

let count = 0;

async function mount(attributes: Record<string, string> = { 'public-key': 'pk-1', 'assistant-id': 'asst-1' }) {
  const fake: FakeEngine = createFakeEngine();
  const tag = `rw-test-${++count}`;
  defineVoiceCallElement(fake.load, tag);
  const el = document.createElement(tag) as VoiceCallElement;
  for (const [name, value] of Object.entries(attributes)) el.setAttribute(name, value);
  document.body.append(el);
  const shadow = el.shadowRoot;
  if (!shadow) throw new Error('no open shadow root');
  await flush();
  return { el, fake, shadow };
}

function status(shadow: ShadowRoot): string {
  return getByRole(shadow, 'status').textContent ?? '';
}

afterEach(() => {
  document.body.replaceChildren();
});

describe('<ringwise-voice-call>', () => {
  test('paints the launcher with an open shadow root and loads no engine on connect', async () => {
    const { shadow, fake } = await mount();
    expect(getByRole(shadow, 'button', EN_LABELS.start), 'launcher label').toBeTruthy();
    expect(getByRole(shadow, 'status').tagName, 'status live region present from the start').toBe('P');
    expect(fake.loads, 'engine must not load on page load').toBe(0);
    expect(shadow.adoptedStyleSheets.length, 'styles come from a constructable stylesheet').toBe(1);
    expect(shadow.querySelector('style'), 'no injected <style> where adoptedStyleSheets exist').toBeNull();
  });

  test('intent (pointerenter / focus) loads the engine once and preloads the call engine', async () => {
    const { shadow, fake } = await mount();
    const launcher = getByRole(shadow, 'button', EN_LABELS.start);
    launcher.dispatchEvent(new Event('pointerenter'));
    launcher.dispatchEvent(new Event('focus'));
    await flush();
    expect(fake.loads, 'one engine load for several intents').toBe(1);
    expect(fake.clients.length, 'one client').toBe(1);
    expect(fake.client().preloads, 'daily chunk preloaded on intent').toBeGreaterThanOrEqual(1);
    expect(fake.client().options, 'client built from the attributes').toEqual({ publicKey: 'pk-1' });
  });

  test('click starts one call with the configured target, shows stages, then active with mute', async () => {
    const { shadow, fake } = await mount({ 'public-key': 'pk-1', 'assistant-id': 'asst-1', 'api-base-url': 'http://127.0.0.1:9' });
    getByRole(shadow, 'button', EN_LABELS.start).click();
    await flush();
    const client = fake.client();
    expect(client.options, 'key and API URL passed').toEqual({ publicKey: 'pk-1', apiBaseUrl: 'http://127.0.0.1:9' });
    expect(client.starts, 'exactly one start with the assistant id').toEqual([{ assistantId: 'asst-1' }]);
    expect(getByRole(shadow, 'button', EN_LABELS.stop), 'launcher becomes Hang Up while starting').toBeTruthy();
    client.update({ stage: 'daily-call-join' });
    const progress = getByRole(shadow, 'progressbar');
    expect(progress.getAttribute('aria-label'), 'progress is labelled').toBe(EN_LABELS.progress);
    expect((progress as HTMLProgressElement).value, 'join is stage 5 of 9').toBe(5);
    expect(status(shadow), 'stage named in the status').toBe(`${EN_LABELS.connecting}: ${EN_LABELS.stageDailyCallJoin}…`);

    client.update({ state: 'active', stage: null });
    expect(status(shadow), 'active announced').toBe(EN_LABELS.active);
    expect(queryByRole(shadow, 'progressbar'), 'progress hidden once active').toBeNull();
    const mute = getByRole(shadow, 'button', EN_LABELS.mute);
    expect(mute.getAttribute('aria-pressed'), 'unmuted').toBe('false');
    mute.click();
    expect(client.snapshot.muted, 'mute reached the client').toBe(true);
    expect(getByRole(shadow, 'button', EN_LABELS.mute).getAttribute('aria-pressed'), 'pressed when muted').toBe('true');
  });

  test('speaking indicator and volume ring follow the client', async () => {
    const { shadow, fake } = await mount();
    getByRole(shadow, 'button', EN_LABELS.start).click();
    await flush();
    fake.client().update({ state: 'active', speaking: true, volume: 0.5 });
    const container = shadow.querySelector('[part=container]') as HTMLElement;
    expect(container.hasAttribute('data-speaking'), 'speaking flag on').toBe(true);
    expect(shadow.querySelector('[part=speaking]')?.hasAttribute('hidden'), 'speaking badge visible').toBe(false);
    const indicator = shadow.querySelector('[part=indicator]') as HTMLElement;
    expect(indicator.style.getPropertyValue('--v'), 'volume drives the ring').toBe('0.5');
    fake.client().update({ speaking: false, volume: 0 });
    expect(container.hasAttribute('data-speaking'), 'speaking flag off').toBe(false);
  });

  test('Escape inside the widget hangs up; Hang Up click too', async () => {
    const { shadow, fake } = await mount();
    getByRole(shadow, 'button', EN_LABELS.start).click();
    await flush();
    fake.client().update({ state: 'active' });
    const launcher = getByRole(shadow, 'button', EN_LABELS.stop);
    launcher.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, composed: true }));
    expect(fake.client().stops, 'Escape stopped the call').toBe(1);
    expect(getByRole(shadow, 'button', EN_LABELS.start), 'back to the start label').toBeTruthy();
    expect(status(shadow), 'ended announced').toBe(EN_LABELS.ended);
  });

  test.each([
    ['mic-permission-denied', {}, EN_LABELS.errorMicDenied],
    ['mic-not-found', {}, EN_LABELS.errorMicNotFound],
    ['mic-blocked', {}, EN_LABELS.errorMicBlocked],
    ['network-error', {}, EN_LABELS.errorNetwork],
    ['api-error', { status: 401 }, EN_LABELS.errorUnauthorized],
    ['api-error', { status: 500 }, 'The voice service refused the call (error 500).'],
    ['meeting-ended', { reason: 'assistant-ended-call' }, 'The call ended (assistant-ended-call).'],
    ['daily-call-join-error', {}, EN_LABELS.errorCall],
  ] as const)('a %s failure shows its message and the launcher retries', async (type, extra, message) => {
    const { shadow, fake } = await mount();
    getByRole(shadow, 'button', EN_LABELS.start).click();
    await flush();
    fake.client().fail(type, extra);
    await flush();
    expect(status(shadow), `message for ${type}`).toBe(message);
    getByRole(shadow, 'button', EN_LABELS.retry).click();
    await flush();
    expect(fake.client().starts.length, 'retry starts again on the same client').toBe(2);
    expect(status(shadow), 'old message cleared by the new start').not.toBe(message);
  });

  test('reconnecting, ending and blocked audio are shown', async () => {
    const { shadow, fake } = await mount();
    getByRole(shadow, 'button', EN_LABELS.start).click();
    await flush();
    const client = fake.client();
    client.update({ state: 'reconnecting' });
    expect(status(shadow), 'reconnecting').toBe(EN_LABELS.reconnecting);
    client.update({ state: 'active', audioBlocked: true });
    getByRole(shadow, 'button', EN_LABELS.enableAudio).click();
    expect(client.resumes, 'tap-to-enable resumed audio').toBe(1);
    expect(queryByRole(shadow, 'button', EN_LABELS.enableAudio), 'control gone once audio plays').toBeNull();
    client.update({ state: 'ending' });
    const ending = getByRole(shadow, 'button', EN_LABELS.ending) as HTMLButtonElement;
    expect(ending.disabled, 'no double hang-up while ending').toBe(true);
    expect(status(shadow), 'ending status').toBe(EN_LABELS.endingStatus);
  });

  test('a missing key explains itself, loads nothing and fires ringwise-error', async () => {
    const { el, shadow, fake } = await mount({ 'assistant-id': 'asst-1' });
    const errors: [string, string][] = [];
    el.addEventListener('ringwise-error', (event) => errors.push([event.detail.type, event.detail.message]));
    getByRole(shadow, 'button', EN_LABELS.start).click();
    await flush();
    expect(status(shadow), 'not configured message').toBe(EN_LABELS.errorNotConfigured);
    expect(fake.loads, 'no engine without a key').toBe(0);
    expect(errors, 'error event for listeners').toEqual([['not-configured', 'No public key configured.']]);
  });

  test('a missing target explains itself', async () => {
    const { shadow } = await mount({ 'public-key': 'pk' });
    getByRole(shadow, 'button', EN_LABELS.start).click();
    await flush();
    expect(status(shadow), 'no target message').toBe(EN_LABELS.errorNoTarget);
  });

  test('an engine chunk that fails to load shows why and the retry loads it again', async () => {
    const { shadow, fake } = await mount();
    fake.failNextLoads(1);
    getByRole(shadow, 'button', EN_LABELS.start).click();
    await flush();
    await flush();
    expect(status(shadow), 'engine message').toBe(EN_LABELS.errorEngine);
    getByRole(shadow, 'button', EN_LABELS.retry).click();
    await flush();
    expect(fake.loads, 'second load attempt').toBe(2);
    expect(fake.client().starts, 'then the call starts').toEqual([{ assistantId: 'asst-1' }]);
  });

  test('stop while the engine loads cancels the start', async () => {
    const { shadow, fake } = await mount();
    getByRole(shadow, 'button', EN_LABELS.start).click();
    getByRole(shadow, 'button', EN_LABELS.stop).click();
    await flush();
    expect(fake.client().starts, 'no start after the cancel').toEqual([]);
    expect(getByRole(shadow, 'button', EN_LABELS.start), 'idle again').toBeTruthy();
  });

  test('labels update live from label-* attributes, the labels property and locales', async () => {
    const { el, shadow } = await mount();
    el.setAttribute('label-start', 'Call us');
    expect(getByRole(shadow, 'button', 'Call us'), 'attribute label').toBeTruthy();
    el.removeAttribute('label-start');
    el.labels = { start: 'Speak to us' };
    expect(getByRole(shadow, 'button', 'Speak to us'), 'property label').toBeTruthy();
    el.labels = {};
    registerLocale('de', { start: 'Mit unserem Agenten sprechen' });
    el.setAttribute('locale', 'de-AT');
    expect(getByRole(shadow, 'button', 'Mit unserem Agenten sprechen'), 'locale label (de-AT → de)').toBeTruthy();
  });

  test('position and theme attributes apply live', async () => {
    const { el, shadow } = await mount();
    const container = shadow.querySelector('[part=container]') as HTMLElement;
    expect(container.dataset.position, 'inline by default').toBe('inline');
    el.setAttribute('position', 'bottom-left');
    el.setAttribute('theme', 'dark');
    expect(container.dataset.position, 'position').toBe('bottom-left');
    expect(container.dataset.theme, 'theme').toBe('dark');
    el.setAttribute('position', 'nonsense');
    expect(container.dataset.position, 'unknown position falls back').toBe('inline');
  });

  test('a new public key replaces the idle client', async () => {
    const { el, shadow, fake } = await mount();
    getByRole(shadow, 'button', EN_LABELS.start).dispatchEvent(new Event('pointerenter'));
    await flush();
    el.setAttribute('public-key', 'pk-2');
    expect(fake.clients[0]?.destroyed, 'old client destroyed').toBe(true);
    getByRole(shadow, 'button', EN_LABELS.start).click();
    await flush();
    expect(fake.client().options.publicKey, 'new key used').toBe('pk-2');
  });

  test('transcript shows final and partial lines when enabled', async () => {
    const { shadow, fake } = await mount({ 'public-key': 'pk', 'assistant-id': 'a', transcript: '' });
    getByRole(shadow, 'button', EN_LABELS.start).click();
    await flush();
    const client = fake.client();
    client.update({ state: 'active' });
    client.emit('message', { type: 'transcript', role: 'assistant', transcriptType: 'partial', transcript: 'Hel' });
    client.emit('message', { type: 'transcript', role: 'assistant', transcriptType: 'final', transcript: 'Hello there' });
    client.emit('message', { type: 'transcript', role: 'user', transcriptType: 'final', transcript: 'Hi' });
    client.emit('message', { type: 'status-update', status: 'in-progress' });
    const log = getByRole(shadow, 'log');
    expect(log.getAttribute('aria-label'), 'labelled log').toBe(EN_LABELS.transcript);
    expect([...log.querySelectorAll('li')].map((li) => li.textContent), 'partial replaced by final').toEqual([
      'Agent: Hello there',
      'You: Hi',
    ]);
  });

  test('client events are re-dispatched as composed ringwise-* DOM events', async () => {
    const { el, shadow, fake } = await mount();
    const seen: string[] = [];
    for (const type of ['ringwise-call-start', 'ringwise-speech-start', 'ringwise-volume-level', 'ringwise-call-end']) {
      document.addEventListener(type, (event) => {
        expect((event as CustomEvent).composed, 'composed').toBe(true);
        seen.push(`${type}:${JSON.stringify((event as CustomEvent).detail ?? null)}`);
      });
    }
    getByRole(shadow, 'button', EN_LABELS.start).click();
    await flush();
    fake.client().emit('call-start', undefined);
    fake.client().emit('speech-start', undefined);
    fake.client().emit('volume-level', 0.25);
    fake.client().emit('call-end', undefined);
    expect(seen, 'events reach the document').toEqual([
      'ringwise-call-start:null',
      'ringwise-speech-start:null',
      'ringwise-volume-level:0.25',
      'ringwise-call-end:null',
    ]);
    expect(el.view.phase, 'view exposed').toBe('starting');
  });

  test('removal from the DOM ends the call and removes every listener; a move keeps it', async () => {
    const { el, shadow, fake } = await mount();
    getByRole(shadow, 'button', EN_LABELS.start).click();
    await flush();
    const client = fake.client();
    client.update({ state: 'active' });
    const other = document.createElement('div');
    document.body.append(other);
    other.append(el); // a move: disconnect + connect in one task
    await flush();
    expect(client.stops, 'a move does not hang up').toBe(0);
    el.remove();
    await flush();
    expect(client.stops, 'removal hangs up').toBe(1);
    expect(client.destroyed, 'client destroyed').toBe(true);
    expect(client.handlerCount(), 'no event handlers left').toBe(0);
    expect(client.listeners.size, 'no subscriptions left').toBe(0);
    getByRole(shadow, 'button', EN_LABELS.start).click();
    await flush();
    expect(fake.clients.length, 'detached launcher does nothing').toBe(1);
  });

  test('defineVoiceCallElement defines once', () => {
    const a = defineVoiceCallElement(createFakeEngine().load, 'rw-once');
    const b = defineVoiceCallElement(createFakeEngine().load, 'rw-once');
    expect(a, 'same constructor').toBe(b);
  });
});
