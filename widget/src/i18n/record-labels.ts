/**
 * The texts of the card's "⋯" menu (issue 38): Forget and its confirmation, the transcript's Copy
 * and Downloads. The English ships in the record file (`voice-widget-record.js`,
 * card/record/), not in the card: a card whose menu is never opened does not carry them. The other
 * languages have them in their locale files.
 */

/** The record menu's texts (part of `VoiceLabels`). */
export interface RecordLabels {
  /** The menu item, and the confirmation's title, text and button. */
  forget: string;
  forgetTitle: string;
  forgetText: string;
  forgetConfirm: string;
  /** Copies the transcript to the clipboard; `copied` confirms it (shown and announced). */
  copyTranscript: string;
  copied: string;
  /** The clipboard refused (the page's permissions): the downloads still work. */
  copyFailed: string;
  /** Downloads the transcript as a `.txt` / `.md` file. */
  downloadText: string;
  downloadMarkdown: string;
  /** The transcript's title (`{name}`: the assistant's name). */
  transcriptTitle: string;
  /** "Email me a copy" (only with `transcript-endpoint`): the item, the field, its button and outcomes. */
  emailCopy: string;
  emailLabel: string;
  emailSend: string;
  /** The address typed is not one (the form stays, with what was typed). */
  emailInvalid: string;
  emailSent: string;
  /** The endpoint did not accept it (or could not be reached): the form stays. */
  emailFailed: string;
}

/** English record labels. */
export const EN_RECORD_LABELS: RecordLabels = {
  forget: 'Forget this conversation',
  forgetTitle: 'Forget this conversation?',
  forgetText:
    'This ends a call and removes what this assistant kept on this device: the conversation, your microphone and ' +
    'speaker choices, your consent and the invitation’s state.',
  forgetConfirm: 'Forget',
  copyTranscript: 'Copy transcript',
  copied: 'Transcript copied',
  copyFailed: 'Could not copy. Download it instead.',
  downloadText: 'Download (.txt)',
  downloadMarkdown: 'Download (.md)',
  transcriptTitle: 'Conversation with {name}',
  emailCopy: 'Email me a copy',
  emailLabel: 'Your email address',
  emailSend: 'Send',
  emailInvalid: 'Enter an email address such as name@example.com.',
  emailSent: 'Sent — check your inbox',
  emailFailed: 'Could not send it. Try again, or download it instead.',
};
