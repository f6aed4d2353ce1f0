/**
 * Every state of the widget's card, as a script the widget's scripted engines play
 * (`@ringwise/voice-widget/testing`: `createScriptedModules`) through the engine ports: the /widget
 * gallery renders the REAL element with it, so a website owner sees and themes each state, and the
 * browser tests photograph the same states. Nothing here talks to a platform.
 */
import type { WidgetMode, VoiceMessage } from '@ringwise/voice-widget';
import type { EngineScript, ScriptFailure } from '@ringwise/voice-widget/testing';

/** One state of the card: the engines' script (`voice`, `chat`, `engineFails`) and how a visitor reaches it. */
export interface CardState extends EngineScript {
  /** Stable id (gallery anchor, screenshot file name). */
  readonly id: string;
  /** Caption. */
  readonly title: string;
  readonly mode: WidgetMode;
  /** Extra element attributes. */
  readonly attributes?: Readonly<Record<string, string>>;
  /** What a visitor does: nothing, open the card, or open it and type this. */
  readonly action: 'none' | 'open' | { type: string };
}

const transcript = (role: string, text: string): VoiceMessage => ({
  type: 'transcript',
  role,
  transcriptType: 'final',
  transcript: text,
});

/** A voice card opened by the visitor whose start fails with `fail`. */
const voiceFails = (id: string, title: string, fail: ScriptFailure): CardState => ({
  id,
  title,
  mode: 'voice',
  action: 'open',
  voice: { fail },
});

/** Every state, in the order a visitor meets them. */
export const CARD_STATES: readonly CardState[] = [
  { id: 'idle', title: 'Idle: the launcher', mode: 'hybrid', action: 'none' },
  { id: 'open', title: 'Open, nothing said yet', mode: 'hybrid', action: 'open' },
  {
    id: 'connecting',
    title: 'Connecting (staged progress)',
    mode: 'voice',
    action: 'open',
    voice: { snapshot: { state: 'starting', stage: 'daily-call-join' } },
  },
  {
    id: 'active',
    title: 'In a call: listening',
    mode: 'voice',
    action: 'open',
    voice: { snapshot: { state: 'active' } },
  },
  {
    id: 'speaking',
    title: 'The agent is speaking',
    mode: 'voice',
    action: 'open',
    voice: { snapshot: { state: 'active', speaking: true, volume: 0.8 } },
  },
  { id: 'muted', title: 'Muted', mode: 'voice', action: 'open', voice: { snapshot: { state: 'active', muted: true } } },
  {
    id: 'interrupted',
    title: 'The visitor stopped the agent: the rest of its turn, never heard, greyed',
    mode: 'voice',
    attributes: { transcript: '' },
    action: 'open',
    voice: {
      snapshot: { state: 'active' },
      messages: [
        transcript('user', 'Do you fix boilers on Sundays?'),
        { type: 'transcript', role: 'assistant', transcriptType: 'partial', transcript: 'Yes, we do. Our Sunday rate' },
        { type: 'user-interrupted' },
        transcript('assistant', 'Yes, we do. Our Sunday rate applies from 8 am to 8 pm, with a call-out fee.'),
      ],
    },
  },
  {
    id: 'transcript',
    title: 'Call with transcript',
    mode: 'voice',
    attributes: { transcript: '' },
    action: 'open',
    voice: {
      snapshot: { state: 'active', speaking: true, volume: 0.5 },
      messages: [
        transcript('assistant', 'Hi, thanks for calling. How can I help?'),
        transcript('user', 'My kitchen sink is leaking under the cabinet.'),
        transcript('assistant', 'Sorry to hear that. Is water still dripping right now, or only when the tap runs?'),
        { type: 'transcript', role: 'user', transcriptType: 'partial', transcript: 'Only when I' },
      ],
    },
  },
  {
    id: 'chat-streaming',
    title: 'Chat: the reply streams in',
    mode: 'chat',
    action: { type: 'Do you fix boilers on Sundays?' },
    chat: {
      reply:
        'Yes, we do. Our Sunday rate applies from 8 am to 8 pm, and an engineer can usually be with you within two hours.',
      stream: 'partial',
    },
  },
  {
    id: 'consent',
    title: 'Consent before the first call or message',
    mode: 'hybrid',
    attributes: {
      'consent-required': '',
      'consent-content':
        'This assistant is an AI. Calls and messages are recorded to improve our service. Read our [privacy policy](https://example.com/privacy).',
    },
    action: 'open',
  },
  voiceFails('error-mic', 'Error: microphone denied', { type: 'mic-permission-denied' }),
  voiceFails('error-no-mic', 'Error: no microphone', { type: 'mic-not-found' }),
  voiceFails('error-mic-blocked', 'Error: microphone blocked by the page', { type: 'mic-blocked' }),
  voiceFails('error-network', 'Error: network', { type: 'network-error' }),
  voiceFails('error-key', 'Error: key rejected (401)', { type: 'api-error', status: 401 }),
  {
    id: 'error-busy',
    title: 'Error: busy (429)',
    mode: 'hybrid',
    action: { type: 'Hello?' },
    chat: { reply: '', fail: { type: 'api-error', status: 429 } },
  },
  {
    id: 'error-server',
    title: 'Error: service failed (500)',
    mode: 'chat',
    action: { type: 'Hello?' },
    chat: { reply: '', fail: { type: 'api-error', status: 500 } },
  },
  { id: 'error-engine', title: 'Error: engine could not load', mode: 'voice', action: 'open', engineFails: true },
  {
    id: 'error-ended',
    title: 'Error: the call dropped',
    mode: 'voice',
    action: 'open',
    voice: { fail: { type: 'meeting-ended', reason: 'pipeline-error' } },
  },
  {
    id: 'error-setup',
    title: 'Error: not set up (no key)',
    mode: 'voice',
    attributes: { 'public-key': '' },
    action: 'open',
  },
  {
    id: 'ended',
    title: 'Call ended',
    mode: 'voice',
    action: 'open',
    voice: { snapshot: { state: 'active' }, end: true },
  },
];

const later = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Does what a visitor does to reach the state: open the card, type. */
export async function enact(element: HTMLElement, state: CardState): Promise<void> {
  if (state.action === 'none') return;
  const shadow = element.shadowRoot;
  shadow?.querySelector<HTMLButtonElement>('[part=launcher]')?.click();
  if (typeof state.action !== 'object') return;
  for (let i = 0; i < 50 && !shadow?.querySelector('[part=input]'); i++) await later(20);
  const input = shadow?.querySelector<HTMLInputElement>('[part=input]');
  if (!input) return;
  input.value = state.action.type;
  input.dispatchEvent(new Event('input', { bubbles: true }));
  input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
}
