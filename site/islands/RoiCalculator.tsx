/**
 * The ROI calculator island (inside the roi-calculator section): four labelled numeric inputs and
 * the figures of the spec's formulas (site/lib/roi.ts), recomputed as the visitor types and
 * announced politely to screen readers. What the visitor typed is kept as typed; when a value
 * cannot be used as is (empty, not a number, negative, too large, a close rate over 100 %), the
 * field says what is used instead.
 */
import { useEffect, useId, useMemo, useRef, useState, type ChangeEvent } from 'react';
import {
  CLOSE_RATE_BOUNDS,
  MAX_INPUT,
  ROI_DEFAULTS,
  calculateRoi,
  describeIssue,
  formatUsd,
  readInput,
  type RoiInputs,
} from '../lib/roi.ts';
import './roi-calculator.css';

type Field = keyof RoiInputs;

interface FieldSpec {
  field: Field;
  label: string;
  hint: string;
  /** Shown before the value (prefix) or after it (suffix). */
  prefix?: string;
  suffix?: string;
  max: number;
  step: string;
}

const FIELDS: readonly FieldSpec[] = [
  {
    field: 'dealValue',
    label: 'Average deal value',
    hint: 'What a new customer is worth to you',
    prefix: '$',
    max: MAX_INPUT,
    step: '1',
  },
  {
    field: 'missedCallsPerWeek',
    label: 'Missed calls per week',
    hint: 'Calls that go unanswered or to voicemail',
    max: MAX_INPUT,
    step: '1',
  },
  {
    field: 'outboundHoursPerWeek',
    label: 'Outbound hours per week',
    hint: 'Staff time spent on follow-up calls',
    suffix: 'hrs',
    max: MAX_INPUT,
    step: '1',
  },
  {
    field: 'closeRate',
    label: 'Close rate',
    hint: `Share of answered leads that buy, ${CLOSE_RATE_BOUNDS.min}–${CLOSE_RATE_BOUNDS.max}%`,
    suffix: '%',
    max: CLOSE_RATE_BOUNDS.max,
    step: '1',
  },
];

type Raw = Record<Field, { text: string; badInput: boolean }>;

const initialRaw = (): Raw => ({
  dealValue: { text: String(ROI_DEFAULTS.dealValue), badInput: false },
  missedCallsPerWeek: { text: String(ROI_DEFAULTS.missedCallsPerWeek), badInput: false },
  outboundHoursPerWeek: { text: String(ROI_DEFAULTS.outboundHoursPerWeek), badInput: false },
  closeRate: { text: String(ROI_DEFAULTS.closeRate), badInput: false },
});

/** The calculator. No props: defaults and constants come from site/lib/roi.ts. */
export default function RoiCalculator() {
  const id = useId();
  const [raw, setRaw] = useState<Raw>(initialRaw);

  const read = useMemo(() => {
    const entries = FIELDS.map(
      (spec) =>
        [spec.field, readInput(raw[spec.field].text, { max: spec.max, badInput: raw[spec.field].badInput })] as const,
    );
    return Object.fromEntries(entries) as Record<Field, ReturnType<typeof readInput>>;
  }, [raw]);

  const result = calculateRoi({
    dealValue: read.dealValue.value,
    missedCallsPerWeek: read.missedCallsPerWeek.value,
    outboundHoursPerWeek: read.outboundHoursPerWeek.value,
    closeRate: read.closeRate.value,
  });

  // The server-rendered inputs are usable before hydration (client:visible): take over whatever
  // the visitor typed or stepped by then, so the figures match what the fields show.
  const inputs = useRef<Partial<Record<Field, HTMLInputElement | null>>>({});
  useEffect(() => {
    setRaw((prev) => {
      let next = prev;
      for (const spec of FIELDS) {
        const el = inputs.current[spec.field];
        if (el && (el.value !== prev[spec.field].text || el.validity.badInput)) {
          next = { ...next, [spec.field]: { text: el.value, badInput: el.validity.badInput } };
        }
      }
      return next;
    });
  }, []);

  const onChange = (field: Field) => (event: ChangeEvent<HTMLInputElement>) => {
    const { value, validity } = event.currentTarget;
    setRaw((prev) => ({ ...prev, [field]: { text: value, badInput: validity.badInput } }));
  };

  return (
    <div className="roi-calculator">
      <div className="roi-inputs" role="group" aria-label="Your numbers">
        {FIELDS.map((spec) => {
          const inputId = `${id}-${spec.field}`;
          const hintId = `${inputId}-hint`;
          const noteId = `${inputId}-note`;
          const issue = read[spec.field].issue;
          return (
            <div className="roi-field" key={spec.field}>
              <label htmlFor={inputId}>{spec.label}</label>
              <p className="roi-hint" id={hintId}>
                {spec.hint}
              </p>
              <div className="roi-control" data-invalid={issue ? 'true' : undefined}>
                {spec.prefix && <span aria-hidden="true">{spec.prefix}</span>}
                <input
                  ref={(el) => {
                    inputs.current[spec.field] = el;
                  }}
                  id={inputId}
                  name={spec.field}
                  type="number"
                  inputMode="decimal"
                  min={0}
                  max={spec.field === 'closeRate' ? CLOSE_RATE_BOUNDS.max : undefined}
                  step={spec.step}
                  value={raw[spec.field].text}
                  onChange={onChange(spec.field)}
                  aria-describedby={issue ? `${hintId} ${noteId}` : hintId}
                  aria-invalid={issue && issue !== 'empty' ? true : undefined}
                />
                {spec.suffix && <span aria-hidden="true">{spec.suffix}</span>}
              </div>
              <p className="roi-note" id={noteId} aria-live="polite">
                {issue ? describeIssue(issue, { max: spec.max, unit: spec.suffix === '%' ? '%' : '' }) : ''}
              </p>
            </div>
          );
        })}
      </div>

      <section className="roi-results" aria-label="Your estimated impact">
        <dl aria-live="polite" aria-atomic="true">
          <div className="roi-result">
            <dt>Monthly revenue lost to missed calls</dt>
            <dd>{formatUsd(result.monthlyMissedRevenue)}</dd>
          </div>
          <div className="roi-result">
            <dt>Annual revenue lost to missed calls</dt>
            <dd>{formatUsd(result.annualMissedRevenue)}</dd>
          </div>
          <div className="roi-result">
            <dt>Monthly outbound labour cost</dt>
            <dd>{formatUsd(result.monthlyLabourCost)}</dd>
          </div>
          <div className="roi-result roi-total">
            <dt>Total annual impact</dt>
            <dd>{formatUsd(result.totalAnnualImpact)}</dd>
          </div>
        </dl>
      </section>
    </div>
  );
}
