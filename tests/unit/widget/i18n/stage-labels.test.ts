/**
 * Stage labels are derived from the core's one list of start stages (`core/start-stages.ts`):
 * every stage has a text in English and in every shipped language, and a labels object missing a
 * stage does not compile (checked by `npm run check`, which type-checks this file).
 */
import { describe, expect, it } from 'vitest';
import { START_STAGES } from '../../../../widget/src/core/start-stages.ts';
import { stageLabel } from '../../../../widget/src/conversation/status.ts';
import { EN_LABELS } from '../../../../widget/src/i18n/en.ts';
import { LOCALES, stageLabelKey, type StageLabels } from '../../../../widget/src/i18n/labels.ts';
import { loadBundledModule } from '../../../../widget/src/chunks/modules.ts';

describe('stage labels', () => {
  it('name the label key after the stage', () => {
    expect(stageLabelKey('daily-call-join'), 'kebab → stagePascal').toBe('stageDailyCallJoin');
    expect(START_STAGES.map(stageLabelKey), 'one distinct key per stage').toHaveLength(
      new Set(START_STAGES.map(stageLabelKey)).size,
    );
  });

  it('every stage has a text in English and in every shipped language', async () => {
    const languages = [
      ['en', EN_LABELS] as const,
      ...(await Promise.all(
        LOCALES.map(async (locale) => [locale, (await loadBundledModule(locale)).labels] as const),
      )),
    ];
    for (const [language, labels] of languages) {
      const missing = START_STAGES.filter((stage) => !stageLabel(stage, labels).trim());
      expect(missing, `stages without a ${language} label`).toEqual([]);
    }
  });

  it('a labels object missing a stage is a type error', () => {
    const all = Object.fromEntries(START_STAGES.map((stage) => [stageLabelKey(stage), stage])) as StageLabels;
    // @ts-expect-error `stageAudioProcessingSetup` is missing: every stage needs a label.
    const partial: StageLabels = { ...all, stageAudioProcessingSetup: undefined };
    expect(Object.keys(partial), 'the object itself still has the key').toContain('stageAudioProcessingSetup');
  });
});
