/**
 * `@ringwise/voice-widget/testing`: test doubles of the widget's engines, for testing a page or an
 * app without the voice platform, a microphone or a network. The scripted clients behave as the
 * real `VoiceClient` and `ChatClient` do through the engine ports (the same states, events,
 * errors and resolved values; held to the real clients by the widget's contract suite) and are
 * moved on by levers (`connect`, `fail`, `delta`, `finish`…) instead of a call or a stream; the
 * scripted engines play a script (scripts.ts) with them on their own. Nothing here is loaded by
 * the other entries.
 */
export { ScriptedObservable } from './scripted-observable.ts';
export { IDLE_VOICE, SCRIPTED_CALL, ScriptedVoiceClient, type FailureDetail } from './scripted-voice-client.ts';
export { SCRIPTED_SESSION, ScriptedChatClient } from './scripted-chat-client.ts';
export { createScriptedEngines, createScriptedModules, NO_REQUESTS } from './scripted-engines.ts';
export type { ChatScript, EngineScript, ScriptFailure, VoiceScript } from './scripts.ts';
