/**
 * The card's stylesheet: its sheets in cascade order, joined into one string (one constructable
 * sheet, added to the launcher's by the host). Each CSS file is minified into a string by the
 * build (`?raw`).
 */
import BODY from './styles/body.css?raw';
import FOOTER from './styles/footer.css?raw';
import HEADER from './styles/header.css?raw';
import SHELL from './styles/shell.css?raw';
import THEME from './styles/theme.css?raw';

/** The card's whole stylesheet. */
// The Markdown sheet is the renderer's file's (markdown-file.ts), added when a reply has markup; the
// unread badge's is its file's (unread-badge.ts).
export const CARD_CSS = THEME + SHELL + HEADER + BODY + FOOTER;
