/**
 * Every implementation of the chat engine port the project runs, each with a driver that brings a
 * message to a scripted outcome: the REAL `ChatClient` (over the loopback provider's `POST
 * /chat/web`), and the one scripted chat client of `@ringwise/voice-widget/testing` twice: driven
 * by hand through its levers as the UI tests drive it (`FakeChatClient`), and playing a script as
 * the /widget gallery and app authors do (`createScriptedEngines`). Both come through the package
 * entry, as an app imports them.
 */
import { ChatClient } from '../../../../widget/src/core/chat-client.ts';
import type { ChatClientPort } from '../../../../widget/src/conversation/engine-port.ts';
import { chatWebHandler, type LoopbackServer } from '../../../../fixtures/loopback-server.ts';
import { deferred } from '../../../fixtures/fake-call.ts';
import { createScriptedEngines, type EngineScript } from '@ringwise/voice-widget/testing';
import { FakeChatClient } from '../element/fake-chat-engine.ts';
import { until } from './trace.ts';

/** The reply every implementation gives. */
export const REPLY = 'Yes, we do.';

/** How the message in flight ends: the whole reply, a reply held half-way (still streaming), or a failure. */
export type ChatOutcome = 'reply' | 'hold' | { fail: 'api-error'; status: number };

/** One implementation, ready for one scenario. */
export interface ChatSubject {
  readonly client: ChatClientPort;
  /** Brings the message in flight to the outcome (`hold`: streaming, part of the reply shown). */
  advance(): Promise<void>;
  /** Lets whatever is still running finish (a held stream released, timers run). */
  settle(): Promise<void>;
}

/** Creates an implementation for one outcome. */
export type ChatMaker = (outcome: ChatOutcome) => ChatSubject;

const ticks = async () => {
  for (let i = 0; i < 3; i++) await new Promise((resolve) => setTimeout(resolve, 0));
};

/** Resolves when the client went back to idle after a message (or at once when it never left). */
function backToIdle(client: ChatClientPort): () => Promise<void> {
  return () => until(() => client.getSnapshot().state === 'idle');
}

/** The real client over the loopback provider. */
export function realChat(server: LoopbackServer): ChatMaker {
  return (outcome) => {
    const held = deferred();
    server.route(
      'POST',
      '/chat/web',
      chatWebHandler({
        reply: REPLY,
        ...(typeof outcome === 'object' && { status: outcome.status }),
        // Held after the session id and the first delta: the reply is streaming.
        ...(outcome === 'hold' && { gate: (index: number) => (index >= 2 ? held.promise : Promise.resolve()) }),
      }),
    );
    const client = new ChatClient({ publicKey: 'pk-contract', apiBaseUrl: server.url });
    return {
      client,
      advance: outcome === 'hold' ? () => until(() => client.getSnapshot().reply !== '') : backToIdle(client),
      settle: async () => {
        held.resolve();
        await ticks();
      },
    };
  };
}

/** The UI tests' fake, driven by its levers. */
export const fakeChat: ChatMaker = (outcome) => {
  const client = new FakeChatClient({ publicKey: 'pk-contract' });
  return {
    client,
    advance: async () => {
      await Promise.resolve();
      if (typeof outcome === 'object') {
        client.fail('api-error', { status: outcome.status });
        return;
      }
      client.delta('Yes, ');
      if (outcome === 'hold') return;
      client.delta('we do.');
      client.finish();
    },
    settle: ticks,
  };
};

/** The scripted engines' client, given the script that plays the outcome. */
export const scriptedChat: ChatMaker = (outcome) => {
  const script: EngineScript = {
    chat:
      typeof outcome === 'object'
        ? { reply: '', fail: { type: 'api-error', status: outcome.status } }
        : { reply: REPLY, stream: outcome === 'hold' ? 'partial' : 'done' },
  };
  const client = new (createScriptedEngines(script).chat.ChatClient)({ publicKey: 'pk-contract' });
  return {
    client,
    advance: outcome === 'hold' ? () => until(() => client.getSnapshot().reply !== '') : backToIdle(client),
    settle: ticks,
  };
};

/** The fakes held to the real client, by name. */
export const CHAT_FAKES: Readonly<Record<string, ChatMaker>> = {
  'the scripted chat client driven by hand (FakeChatClient, the UI tests)': fakeChat,
  'the scripted chat client playing a script (createScriptedEngines: the /widget gallery, app tests)': scriptedChat,
};
