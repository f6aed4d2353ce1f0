/** The ROI calculator's formulas and input reading, against figures computed by hand. */
import { describe, expect, it } from 'vitest';
import {
  CLOSE_RATE_BOUNDS,
  MAX_INPUT,
  OUTBOUND_HOURLY_COST,
  ROI_DEFAULTS,
  WEEKS_PER_MONTH,
  calculateRoi,
  describeIssue,
  formatUsd,
  readInput,
  toWholeDollars,
  type RoiInputs,
} from '../../../site/lib/roi.ts';

describe('constants (spec §3 and §9)', () => {
  it('has the spec values', () => {
    expect(WEEKS_PER_MONTH, 'weeks per month').toBe(4.33);
    expect(OUTBOUND_HOURLY_COST, 'dollars per hour').toBe(25);
    expect(CLOSE_RATE_BOUNDS, 'close rate bounds').toEqual({ min: 0, max: 100 });
    expect(ROI_DEFAULTS, 'defaults').toEqual({
      dealValue: 350,
      missedCallsPerWeek: 8,
      outboundHoursPerWeek: 10,
      closeRate: 35,
    });
  });
});

/** Each row: inputs, then the four figures as shown (whole dollars), worked out on paper. */
const table: Array<[string, RoiInputs, { monthly: string; annual: string; labour: string; total: string }]> = [
  // 8 × 4.33 × 0.35 × 350 = 4243.4; × 12 = 50920.8; 10 × 4.33 × 25 = 1082.5 (→ 1083); 50920.8 + 12990 = 63910.8
  ['defaults', ROI_DEFAULTS, { monthly: '$4,243', annual: '$50,921', labour: '$1,083', total: '$63,911' }],
  [
    'all zeros',
    { dealValue: 0, missedCallsPerWeek: 0, outboundHoursPerWeek: 0, closeRate: 0 },
    { monthly: '$0', annual: '$0', labour: '$0', total: '$0' },
  ],
  // 1 × 4.33 × 1 × 1000 = 4330; × 12 = 51960
  [
    'close rate 100 %',
    { dealValue: 1000, missedCallsPerWeek: 1, outboundHoursPerWeek: 0, closeRate: 100 },
    { monthly: '$4,330', annual: '$51,960', labour: '$0', total: '$51,960' },
  ],
  // no revenue at 0 %; 1 × 4.33 × 25 = 108.25 (→ 108); × 12 = 1299
  [
    'close rate 0 %',
    { dealValue: 500, missedCallsPerWeek: 20, outboundHoursPerWeek: 1, closeRate: 0 },
    { monthly: '$0', annual: '$0', labour: '$108', total: '$1,299' },
  ],
  // 2 × 4.33 × 25 = 216.5: a half rounds up; × 12 = 2598
  [
    'a half dollar rounds up',
    { dealValue: 0, missedCallsPerWeek: 0, outboundHoursPerWeek: 2, closeRate: 35 },
    { monthly: '$0', annual: '$0', labour: '$217', total: '$2,598' },
  ],
  // 62 × 4.33 × 25 = 6711.5 on paper, 6711.499999999999 in floating point: still rounds up; × 12 = 80538
  [
    'a half dollar hidden by float noise rounds up',
    { dealValue: 0, missedCallsPerWeek: 0, outboundHoursPerWeek: 62, closeRate: 35 },
    { monthly: '$0', annual: '$0', labour: '$6,712', total: '$80,538' },
  ],
  // 3 × 4.33 × 0.5 × 99.99 = 649.43505; × 12 = 7793.2206
  [
    'cents in the deal value',
    { dealValue: 99.99, missedCallsPerWeek: 3, outboundHoursPerWeek: 0, closeRate: 50 },
    { monthly: '$649', annual: '$7,793', labour: '$0', total: '$7,793' },
  ],
  // rate over 100 counts as 100: 2 × 4.33 × 1 × 100 = 866; × 12 = 10392
  [
    'close rate 150 is clamped to 100',
    { dealValue: 100, missedCallsPerWeek: 2, outboundHoursPerWeek: 0, closeRate: 150 },
    { monthly: '$866', annual: '$10,392', labour: '$0', total: '$10,392' },
  ],
  [
    'negative close rate is clamped to 0',
    { dealValue: 100, missedCallsPerWeek: 2, outboundHoursPerWeek: 0, closeRate: -20 },
    { monthly: '$0', annual: '$0', labour: '$0', total: '$0' },
  ],
  // 40 × 4.33 × 0.25 × 1200 = 51960; × 12 = 623520; 40 × 4.33 × 25 = 4330; 623520 + 51960 = 675480
  [
    'a busy business',
    { dealValue: 1200, missedCallsPerWeek: 40, outboundHoursPerWeek: 40, closeRate: 25 },
    { monthly: '$51,960', annual: '$623,520', labour: '$4,330', total: '$675,480' },
  ],
  [
    'negative inputs count as 0',
    { dealValue: -350, missedCallsPerWeek: -8, outboundHoursPerWeek: -10, closeRate: 35 },
    { monthly: '$0', annual: '$0', labour: '$0', total: '$0' },
  ],
  [
    'NaN counts as 0',
    { dealValue: Number.NaN, missedCallsPerWeek: 8, outboundHoursPerWeek: Number.NaN, closeRate: Number.NaN },
    { monthly: '$0', annual: '$0', labour: '$0', total: '$0' },
  ],
];

describe('calculateRoi', () => {
  it.each(table)('%s', (_label, inputs, expected) => {
    const r = calculateRoi(inputs);
    expect(formatUsd(r.monthlyMissedRevenue), 'monthly missed-call revenue').toBe(expected.monthly);
    expect(formatUsd(r.annualMissedRevenue), 'annual missed-call revenue').toBe(expected.annual);
    expect(formatUsd(r.monthlyLabourCost), 'monthly outbound labour').toBe(expected.labour);
    expect(formatUsd(r.totalAnnualImpact), 'total annual impact').toBe(expected.total);
  });

  it('stays finite at the largest accepted inputs', () => {
    const r = calculateRoi({
      dealValue: Infinity,
      missedCallsPerWeek: 1e308,
      outboundHoursPerWeek: Infinity,
      closeRate: 100,
    });
    for (const [key, value] of Object.entries(r)) expect(Number.isFinite(value), `${key} is finite`).toBe(true);
    expect(r.monthlyMissedRevenue, 'capped inputs').toBe(MAX_INPUT * 4.33 * MAX_INPUT);
  });
});

describe('formatUsd and toWholeDollars', () => {
  it.each([
    [0, '$0'],
    [0.49, '$0'],
    [0.5, '$1'],
    [12345.6, '$12,346'],
    [1234567.5, '$1,234,568'],
    [-5, '$0'],
    [Number.NaN, '$0'],
    [Number.POSITIVE_INFINITY, '$0'],
  ])('formats %d as %s', (amount, text) => {
    expect(formatUsd(amount)).toBe(text);
  });

  it('removes float noise before rounding', () => {
    expect(62 * 4.33 * 25, 'the float product is just under the half').toBeLessThan(6711.5);
    expect(toWholeDollars(62 * 4.33 * 25), 'but rounds as on paper').toBe(6712);
    expect(toWholeDollars(3 * 4.33 * 0.5 * 99.99), 'and does not round a real fraction up').toBe(649);
  });
});

describe('readInput', () => {
  it.each([
    ['35', {}, { value: 35, issue: null }],
    [' 42 ', {}, { value: 42, issue: null }],
    ['12.5', {}, { value: 12.5, issue: null }],
    ['0', {}, { value: 0, issue: null }],
    ['', {}, { value: 0, issue: 'empty' }],
    ['   ', {}, { value: 0, issue: 'empty' }],
    ['abc', {}, { value: 0, issue: 'invalid' }],
    ['', { badInput: true }, { value: 0, issue: 'invalid' }],
    ['-5', {}, { value: 0, issue: 'negative' }],
    ['-1e999', {}, { value: 0, issue: 'negative' }],
    ['1e999', {}, { value: MAX_INPUT, issue: 'too-large' }],
    ['5000000000', {}, { value: MAX_INPUT, issue: 'too-large' }],
    ['150', { max: 100 }, { value: 100, issue: 'above-max' }],
    ['100', { max: 100 }, { value: 100, issue: null }],
  ] as const)('reads %j (%j)', (raw, options, expected) => {
    expect(readInput(raw, options)).toEqual(expected);
  });

  it('tells the visitor why a close rate was clamped', () => {
    expect(describeIssue('above-max', { max: 100, unit: '%' })).toBe("Can't exceed 100%: counted as 100%.");
    expect(describeIssue('negative', { unit: '%' })).toBe("Can't be negative: counted as 0%.");
    expect(describeIssue('too-large')).toBe('Too large: capped at 1,000,000,000.');
    expect(describeIssue('empty')).toBe('Empty: counted as 0.');
    expect(describeIssue('invalid')).toBe('Not a number: counted as 0.');
  });
});
