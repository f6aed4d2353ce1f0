/** The hero's pressed state says what the widget says while it connects (one word, two places: see content/ui.ts). */
import { expect, test } from 'vitest';
import { EN_LABELS } from '@ringwise/voice-widget/react';
import { heroCallCopy } from '../../../content/ui.ts';

test("the hero's 'Connecting…' is the widget's connecting label", () => {
  expect(heroCallCopy.connecting).toBe(`${EN_LABELS.connecting}…`);
});
