/**
 * The consumers pack.test.ts type-checks against the installed tarball: an ESM one (every entry, the webhook
 * module, the DTOs behind `./vapi/dist/api`), a CommonJS one, and a TSX one using `<ringwise-voice-call>`.
 */

export const importConsumer = `import { VoiceClient, ChatClient, toolCallsOf, type VoiceSnapshot, type CallTarget, type ChatReply, type ToolCall } from '@ringwise/voice-widget/core';
import { createWebCall, requestWebCall, readWebCall, requestChatWeb } from '@ringwise/voice-widget/api';
import { defineVoiceCallElement, type VoiceCallElement } from '@ringwise/voice-widget/element';
import { useVoiceCall, type UseVoiceCallResult } from '@ringwise/voice-widget/react';
import { ConversationController, loadBundledModule, type CallView, type ChatEngine } from '@ringwise/voice-widget';
import { createScriptedEngines, ScriptedVoiceClient, type EngineScript } from '@ringwise/voice-widget/testing';
import { SIGNATURE_HEADER, verifyWebhook } from '@ringwise/voice-widget/webhook';
import type { CreateAssistantDTO } from '@ringwise/voice-widget/vapi/dist/api';
import Vapi from '@ringwise/voice-widget/vapi';

const target: CallTarget = { assistantId: 'a' };
const client = new VoiceClient({ publicKey: 'pk', video: true });
const snapshot: VoiceSnapshot = client.getSnapshot();
const track: MediaStreamTrack | null = snapshot.videoTrack as MediaStreamTrack | null;
client.on('volume-level', (level: number) => level.toFixed(2));
client.addMessage({ role: 'system', content: 'The visitor opened pricing.' }, { triggerResponseEnabled: false });
void client.start(target, { request: requestWebCall({ baseUrl: 'http://x', token: 't' }, target) });
void createWebCall({ baseUrl: 'http://x', token: 't' }, target).then((call) => call.webCallUrl.length);
void readWebCall(requestWebCall({ baseUrl: 'http://x', token: 't' }, target)).then((call) => call.id);
const chat = new ChatClient({ publicKey: 'pk' });
const reply: Promise<ChatReply | null> = chat.send('Hi', target, { request: requestChatWeb({ baseUrl: 'http://x', token: 't' }, { ...target, input: 'Hi' }) });
const calls: ToolCall[] = toolCallsOf({ type: 'tool-calls', toolCallList: [] });
const chatEngine: ChatEngine = { ChatClient };
const el = document.createElement('ringwise-voice-call') satisfies VoiceCallElement;
el.addEventListener('ringwise-error', (event) => event.detail.type);
defineVoiceCallElement(loadBundledModule);
const view: CallView = new ConversationController({ loadEngine: async () => ({ VoiceClient }), loadChatEngine: async () => chatEngine }).getSnapshot();
export function useCall(): UseVoiceCallResult {
  return useVoiceCall({ publicKey: 'pk', target });
}
const assistant: CreateAssistantDTO = { name: 'a', model: { provider: 'openai', model: 'gpt-4o' } };
void new Vapi('pk').start(assistant).then((call) => call?.id);
void verifyWebhook('s', SIGNATURE_HEADER, new Uint8Array(), { subtle: crypto.subtle });
const script: EngineScript = { voice: { fail: { type: 'mic-permission-denied' } }, chat: { reply: 'Hi' } };
const scripted: ChatEngine = createScriptedEngines(script).chat;
const lever: VoiceSnapshot = new ScriptedVoiceClient({ publicKey: 'pk' }).getSnapshot();
export { snapshot, view, track, reply, calls, chatEngine, scripted, lever };
`;

export const requireConsumer = `import core = require('@ringwise/voice-widget/core');
import api = require('@ringwise/voice-widget/api');
import root = require('@ringwise/voice-widget');
import element = require('@ringwise/voice-widget/element');
import react = require('@ringwise/voice-widget/react');
import umd = require('@ringwise/voice-widget/umd');
import webhook = require('@ringwise/voice-widget/webhook');

const target: core.CallTarget = { assistantId: 'a' };
const client: core.VoiceClient = new root.VoiceClient({ publicKey: 'pk' });
const snapshot: core.VoiceSnapshot = client.getSnapshot();
const chat = new umd.ChatClient({ publicKey: 'pk' });
const reply: Promise<core.ChatReply | null> = chat.send('Hi', target);
const calls: core.ToolCall[] = core.toolCallsOf({});
void api.createWebCall({ baseUrl: 'http://x', token: 't' }, target).then((call) => call.webCallUrl.length);
element.defineVoiceCallElement(element.loadBundledModule);
function useCall(): react.UseVoiceCallResult {
  return react.useVoiceCall({ publicKey: 'pk', target });
}
void webhook.verifyWebhook('s', null, 'body').then((valid: boolean) => valid);
export = { snapshot, reply, calls, useCall };
`;

/** `<ringwise-voice-call>` in TSX, as the README shows it (checked with skipLibCheck false). */
export const tsxConsumer = `import { useRef } from 'react';
import '@ringwise/voice-widget/element';
import type { VoiceCallElement } from '@ringwise/voice-widget/element';

export function Agent() {
  const ref = useRef<VoiceCallElement>(null);
  return (
    <ringwise-voice-call ref={ref} public-key="pk" assistant-id="a" mode="hybrid" expanded
      style={{ '--ringwise-accent': '#0f766e' }} onringwise-error={(event) => console.warn(event.detail.type)} />
  );
}
`;

/**
 * The element in Preact's TSX (`jsxImportSource: "preact"`), with the package's own augmentation of
 * Preact's `JSX.IntrinsicElements` (docs/jsx-preact.ts); the last line must not compile.
 */
export const preactConsumer = `import { useRef } from 'preact/hooks';
import '@ringwise/voice-widget/element';
import type { VoiceCallElement } from '@ringwise/voice-widget/element';

export function Agent() {
  const ref = useRef<VoiceCallElement>(null);
  return (
    <ringwise-voice-call ref={ref} public-key="pk" assistant-id="a" mode="hybrid" expanded class="agent"
      variable-first_name="Ada" label-start="Call us" style={{ '--ringwise-accent': '#0f766e' }}
      onringwise-error={(event) => console.warn(event.detail.type)} />
  );
}

// @ts-expect-error not a mode
export const wrongMode = <ringwise-voice-call mode="video" />;
`;

/**
 * The element in Solid's TSX (`jsxImportSource: "solid-js"`), with the package's own augmentation of
 * Solid's `JSX.IntrinsicElements` (docs/jsx-solid.ts): options as `attr:`, events as `on:`, a
 * property as `prop:`; the last line must not compile.
 */
export const solidConsumer = `import '@ringwise/voice-widget/element';
import type { VoiceCallElement } from '@ringwise/voice-widget/element';

export function Agent(props: { assistant: string }) {
  let element: VoiceCallElement | undefined;
  return (
    <ringwise-voice-call ref={element} attr:public-key="pk" attr:assistant-id={props.assistant} attr:mode="hybrid"
      attr:expanded="" attr:nudge-delay="4" class="agent" attr:variable-first_name="Ada" attr:label-start="Call us"
      style={{ '--ringwise-accent': '#0f766e' }} prop:clientTools={{}}
      on:ringwise-error={(event) => console.warn(event.detail.type)} />
  );
}

// @ts-expect-error not a mode
export const wrongMode = <ringwise-voice-call attr:mode="video" />;
`;
