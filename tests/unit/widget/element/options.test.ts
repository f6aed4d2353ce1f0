/**
 * The option lists and their defaults (element/options.ts): each default is its list's first, the
 * value the readers fall back to, so the table the reference shows cannot drift from the lists.
 */
import { expect, test } from 'vitest';
import { DEFAULT_API_BASE_URL } from '../../../../widget/src/api/constants.ts';
import { MODES, OPTION_DEFAULTS, POSITIONS, PRELOADS, THEMES } from '../../../../widget/src/element/options.ts';

test('each default is the first of its list', () => {
  expect(OPTION_DEFAULTS, 'defaults').toEqual({
    mode: MODES[0],
    position: POSITIONS[0],
    theme: THEMES[0],
    preload: PRELOADS[0],
    'api-base-url': DEFAULT_API_BASE_URL,
  });
});
