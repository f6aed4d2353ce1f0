/**
 * The transcript's actions (issue 38), the record file's: Copy (the clipboard, a visible
 * "Transcript copied" that screen readers hear), Download `.txt` and `.md`. The header's menu
 * lists them as menu items (menu.ts). The texts are conversation/transcript.ts's; this file only
 * delivers them.
 */
import type { CardHost } from '../../ports/card-port.ts';
import { format, type VoiceLabels } from '../../i18n/labels.ts';
import { EN_RECORD_LABELS, type RecordLabels } from '../../i18n/record-labels.ts';
import { EN_STOP_LABELS } from '../../i18n/stop-labels.ts';
import {
  transcriptMarkdown,
  transcriptText,
  transcriptTurns,
  type TranscriptTurn,
  type TranscriptWords,
} from '../../conversation/transcript.ts';
import type { CardDom } from '../template.ts';
import type { RecordContext } from '../record-part.ts';
import MENU_CSS from './menu.css?raw';

/** The labels the record file shows: the card's, over its own English (record-labels.ts). */
export function recordLabels(ctx: RecordContext): VoiceLabels & RecordLabels {
  return { ...EN_STOP_LABELS, ...EN_RECORD_LABELS, ...ctx.labels() };
}

/** One action on the transcript: its label's key and what it does. */
export interface TranscriptAction {
  readonly label: keyof RecordLabels;
  run(): void;
}

/** The transcript's words for the card as shown now (its header's name, its language). */
export function transcriptWords(host: CardHost, dom: CardDom, t: VoiceLabels & RecordLabels): TranscriptWords {
  const assistant = dom.title.textContent?.trim() || t.assistantName;
  return {
    assistant,
    you: t.you,
    title: format(t.transcriptTitle, { name: assistant }),
    interrupted: t.interrupted,
    locale: host.container.lang || 'en',
  };
}

/** What the transcript actions share: the turns heard so far, the status line, the card's parts. */
export interface TranscriptKit {
  turns(): TranscriptTurn[];
  words(): TranscriptWords;
  /** Shows and announces `text` for a few seconds (a `role="status"` line at the card's top). */
  say(text: string): void;
  /** The actions: Copy, Download .txt and .md. */
  actions(): TranscriptAction[];
}

/** The card's kit, built with its menu, once per card (the status line goes into the card). */
export function transcriptKit(host: CardHost, dom: CardDom, ctx: RecordContext): TranscriptKit {
  host.style(MENU_CSS);
  const status = host.h('p', 'rs', 'record-status', { role: 'status' });
  // Under the owners' latency line when it is there, in the flow (menu.css), so it never covers it.
  const readout = dom.card.querySelector('[part=latency-readout]');
  if (readout) readout.after(status);
  else dom.card.append(status);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const words = () => transcriptWords(host, dom, recordLabels(ctx));
  const turns = () => transcriptTurns(ctx.controller.getSnapshot().conversation, words());
  const say = (text: string) => {
    status.textContent = text;
    clearTimeout(timer);
    timer = setTimeout(() => (status.textContent = ''), 5000);
  };
  const save = (ext: 'txt' | 'md') => {
    const w = words();
    const text = (ext === 'md' ? transcriptMarkdown : transcriptText)(turns(), w);
    const link = host.h('a');
    link.href = URL.createObjectURL(new Blob([text], { type: ext === 'md' ? 'text/markdown' : 'text/plain' }));
    link.download = fileName(w.assistant, new Date(), ext);
    link.click();
    // The download has its own copy of the bytes once the click is handled.
    setTimeout(() => URL.revokeObjectURL(link.href), 1000);
  };
  const copy = () => {
    const t = recordLabels(ctx);
    const text = transcriptText(turns(), words());
    // No clipboard (not a secure context) is refused like a denied permission.
    Promise.resolve()
      .then(() => navigator.clipboard.writeText(text))
      .then(
        () => say(t.copied),
        () => say(t.copyFailed),
      );
  };
  return {
    turns,
    words,
    say,
    actions: () => [
      { label: 'copyTranscript', run: copy },
      { label: 'downloadText', run: () => save('txt') },
      { label: 'downloadMarkdown', run: () => save('md') },
    ],
  };
}

/** The downloaded file's name: `conversation-<assistant>-2026-11-28-1402.txt` (letters and digits of the name). */
export function fileName(assistant: string, when: Date, ext: string): string {
  const slug = assistant
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase()
    .slice(0, 40);
  const pad = (n: number) => String(n).padStart(2, '0');
  const stamp = `${when.getFullYear()}-${pad(when.getMonth() + 1)}-${pad(when.getDate())}-${pad(when.getHours())}${pad(when.getMinutes())}`;
  return `conversation${slug && `-${slug}`}-${stamp}.${ext}`;
}
