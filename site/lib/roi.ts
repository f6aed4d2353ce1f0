/**
 * The phone-operations ROI calculator of the landing page: the spec's constants and formulas, and
 * the reading of what the visitor typed. Pure (no DOM, no React): the island renders it and the
 * unit tests check it against hand-computed figures.
 *
 * Formulas (spec §9):
 * - monthly missed-call revenue = missed calls/week × 4.33 × close rate/100 × deal value
 * - annual missed-call revenue = monthly × 12
 * - monthly outbound labour cost = outbound hours/week × 4.33 × $25
 * - total annual impact = annual missed revenue + monthly labour cost × 12
 */

/** Average weeks in a month. */
export const WEEKS_PER_MONTH = 4.33;
/** Cost of one hour of outbound calling by staff, in US dollars. */
export const OUTBOUND_HOURLY_COST = 25;
/** Months in a year. */
export const MONTHS_PER_YEAR = 12;
/** The close rate is a percentage: values outside these bounds are clamped. */
export const CLOSE_RATE_BOUNDS = { min: 0, max: 100 } as const;
/**
 * Largest value accepted for the other inputs. The spec bounds only the close rate; this cap only
 * keeps absurd input (1e308) from overflowing to Infinity, and the visitor is told when it applies.
 */
export const MAX_INPUT = 1_000_000_000;

/** The calculator's four inputs. */
export interface RoiInputs {
  /** Average deal value, US dollars. */
  dealValue: number;
  /** Missed calls per week. */
  missedCallsPerWeek: number;
  /** Outbound calling hours per week. */
  outboundHoursPerWeek: number;
  /** Close rate, percent (0 to 100). */
  closeRate: number;
}

/** The inputs the calculator starts with (spec §3). */
export const ROI_DEFAULTS: Readonly<RoiInputs> = {
  dealValue: 350,
  missedCallsPerWeek: 8,
  outboundHoursPerWeek: 10,
  closeRate: 35,
};

/** The calculator's figures, in US dollars, unrounded. */
export interface RoiResult {
  monthlyMissedRevenue: number;
  annualMissedRevenue: number;
  monthlyLabourCost: number;
  annualLabourCost: number;
  totalAnnualImpact: number;
}

/**
 * Applies the spec's formulas. Inputs are expected to be sanitized ({@link readInput}); the close
 * rate is clamped here too, so the result is never negative, NaN or based on a rate over 100 %.
 */
export function calculateRoi(inputs: RoiInputs): RoiResult {
  const closeRate = clamp(inputs.closeRate, CLOSE_RATE_BOUNDS.min, CLOSE_RATE_BOUNDS.max);
  const missed = clamp(inputs.missedCallsPerWeek, 0, MAX_INPUT);
  const deal = clamp(inputs.dealValue, 0, MAX_INPUT);
  const hours = clamp(inputs.outboundHoursPerWeek, 0, MAX_INPUT);
  const monthlyMissedRevenue = missed * WEEKS_PER_MONTH * (closeRate / 100) * deal;
  const annualMissedRevenue = monthlyMissedRevenue * MONTHS_PER_YEAR;
  const monthlyLabourCost = hours * WEEKS_PER_MONTH * OUTBOUND_HOURLY_COST;
  const annualLabourCost = monthlyLabourCost * MONTHS_PER_YEAR;
  return {
    monthlyMissedRevenue,
    annualMissedRevenue,
    monthlyLabourCost,
    annualLabourCost,
    totalAnnualImpact: annualMissedRevenue + annualLabourCost,
  };
}

/** `value` within [min, max]; NaN becomes min. */
function clamp(value: number, min: number, max: number): number {
  if (Number.isNaN(value)) return min;
  return Math.min(max, Math.max(min, value));
}

/**
 * Rounds a dollar amount to whole dollars, half up. Binary floating point turns 1082.5 into
 * 1082.4999999999998 after a few multiplications; rounding to 12 significant digits first
 * removes that noise so halves round as they would on paper.
 */
export function toWholeDollars(amount: number): number {
  if (!Number.isFinite(amount) || amount <= 0) return 0;
  return Math.round(Number(amount.toPrecision(12)));
}

const usd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
  minimumFractionDigits: 0,
});

/** Formats an amount as whole US dollars: `12345.6` → `$12,346`. Never NaN, Infinity or negative. */
export function formatUsd(amount: number): string {
  return usd.format(toWholeDollars(amount));
}

/** Why an input was read as something other than what was typed; null when taken as typed. */
export type InputIssue = 'empty' | 'invalid' | 'negative' | 'too-large' | 'above-max';

/** An input as the calculator uses it. */
export interface ReadInput {
  /** The number used in the formulas. */
  value: number;
  issue: InputIssue | null;
}

/**
 * Reads what the visitor typed into a field ('' when the field is empty, as `<input>` reports
 * an unparsable number too — pass `badInput` from `validity` to tell them apart). Empty and
 * unparsable input count as 0, negatives as the minimum, and values over `max` as `max`, each
 * with the reason so the visitor can be told.
 */
export function readInput(raw: string, options: { max?: number; badInput?: boolean } = {}): ReadInput {
  const max = options.max ?? MAX_INPUT;
  const text = raw.trim();
  if (options.badInput) return { value: 0, issue: 'invalid' };
  if (text === '') return { value: 0, issue: 'empty' };
  const value = Number(text);
  if (Number.isNaN(value)) return { value: 0, issue: 'invalid' };
  // -Infinity ('-1e999') is negative and Infinity ('1e999') is over any maximum.
  if (value < 0) return { value: 0, issue: 'negative' };
  if (value > max) return { value: max, issue: max === MAX_INPUT ? 'too-large' : 'above-max' };
  return { value, issue: null };
}

/** What the visitor is told about an input that was not taken as typed. */
export function describeIssue(issue: InputIssue, field: { max?: number; unit?: string } = {}): string {
  const unit = field.unit ?? '';
  switch (issue) {
    case 'empty':
      return 'Empty: counted as 0.';
    case 'invalid':
      return 'Not a number: counted as 0.';
    case 'negative':
      return `Can't be negative: counted as 0${unit}.`;
    case 'too-large':
      return `Too large: capped at ${MAX_INPUT.toLocaleString('en-US')}.`;
    case 'above-max':
      return `Can't exceed ${field.max ?? MAX_INPUT}${unit}: counted as ${field.max ?? MAX_INPUT}${unit}.`;
  }
}
