/**
 * Cutting the assistant's turn (issue 37): the Stop control, the talk button pressed while it speaks,
 * and the visitor speaking over it (the platform's `user-interrupted`). What it said so far stays as
 * heard (`text`); what the platform still reports for that turn goes to `unheard`. Lazy: part of the
 * call's audio file (card/audio-panel.ts), installed into the live call (`CallCommands.extend`) when
 * that file loads, so the loader, the chat path and the card file never carry it.
 */
import type { VoiceMessage } from '../core/types.ts';
import type { CallHook, CallHost } from './call-commands.ts';
import type { VoiceClientPort } from './engine-port.ts';
import { joinText } from './turns.ts';
import type { Turn } from './view.ts';

/**
 * The turns with the assistant's turn in progress cut (the visitor stopped it): what it said so far
 * stays as heard, what follows becomes `unheard`. `null` when the last turn is not the assistant's
 * spoken one, or was cut already.
 */
export function cutTurn(turns: readonly Turn[]): Turn[] | null {
  const last = turns[turns.length - 1];
  if (last?.role !== 'assistant' || last.via !== 'voice' || last.unheard !== undefined) return null;
  const cut = { ...last, text: joinText(last.text, last.partial), partial: '', unheard: '', cutAt: last.partial };
  return [...turns.slice(0, -1), cut];
}

/**
 * What a transcript changes in a cut turn: its final goes to `unheard` (the heard start of the cut
 * sentence stripped), a partial changes nothing (`null`: not shown). `undefined` when the message is
 * not a transcript of the cut turn's speaker (then the ordinary fold, `transcriptChange`, applies).
 */
export function cutChange(turns: readonly Turn[], message: VoiceMessage): { last: Turn } | null | undefined {
  if (message.type !== 'transcript' || typeof message.transcript !== 'string') return undefined;
  const role = message.role === 'user' ? 'user' : 'assistant';
  const last = turns[turns.length - 1];
  if (!last || last.role !== role || last.via !== 'voice' || last.unheard === undefined) return undefined;
  const cutAt = last.cutAt ?? '';
  const said = message.transcript;
  const rest = said.startsWith(cutAt) ? said.slice(cutAt.length).trim() : said;
  if (message.transcriptType !== 'final') return null;
  return { last: { ...last, unheard: joinText(last.unheard, rest), cutAt: '' } };
}

/**
 * Installs the cutting into the live call through `extend` (`ConversationController.extendCall`):
 * the visitor's barge-in cuts the turn, and a cut turn's transcripts fold as `cutChange` says.
 * Returns the Stop action: the assistant's audio muted at once and the platform told (the engine's
 * `setAssistantMuted`), the turn cut, an `interrupt` event (who cut it; no content) sent; false
 * without a live call or with an engine that cannot mute the assistant.
 */
export function installCuts(
  extend: (make: (host: CallHost) => CallHook) => void,
  client: () => Pick<VoiceClientPort, 'setAssistantMuted'> | null,
): () => boolean {
  let host: CallHost | undefined;
  const cut = (by: 'stop' | 'voice') => {
    const { store } = host!;
    const turns = cutTurn(store.view.conversation);
    if (turns) store.set({ conversation: turns });
    host!.sink()?.('interrupt', { by });
  };
  extend((given) => {
    host = given;
    return (message) => {
      if (message.type === 'user-interrupted') cut('voice');
      const turns = given.store.view.conversation;
      const change = cutChange(turns, message);
      if (change) given.store.set({ conversation: [...turns.slice(0, -1), change.last] });
      return change !== undefined;
    };
  });
  return () => {
    const live = client();
    if (!live?.setAssistantMuted || host?.store.view.phase !== 'active') return false;
    live.setAssistantMuted(true);
    cut('stop');
    return true;
  };
}
