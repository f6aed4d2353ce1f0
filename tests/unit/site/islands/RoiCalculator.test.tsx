// @vitest-environment happy-dom
/**
 * The RoiCalculator island as a visitor uses it: the spec's defaults, each formula recomputed as
 * a field changes (figures hand-computed here, not from the code's constants), and what the
 * visitor is told when a value cannot be used as typed (empty, negative, a close rate over 100 %,
 * absurdly large). The formulas themselves are unit tested in tests/unit/site/roi.test.ts.
 */
import './dom-setup.ts';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import RoiCalculator from '../../../../site/islands/RoiCalculator.tsx';

const field = (name: string) => screen.getByRole('spinbutton', { name });

/** The figure shown for a result, by its visible name. */
function figure(name: string): string {
  const results = screen.getByRole('region', { name: 'Your estimated impact' });
  const term = within(results).getByText(name, { selector: 'dt' });
  return term.nextElementSibling?.textContent ?? '';
}

function figures() {
  return {
    monthly: figure('Monthly revenue lost to missed calls'),
    annual: figure('Annual revenue lost to missed calls'),
    labour: figure('Monthly outbound labour cost'),
    total: figure('Total annual impact'),
  };
}

/** Replaces a field's value the way a visitor does: select all, type. */
async function retype(name: string, text: string) {
  const user = userEvent.setup();
  await user.clear(field(name));
  if (text) await user.type(field(name), text);
}

describe('RoiCalculator', () => {
  it("starts from the spec's defaults: $350 deals, 8 missed calls, 10 outbound hours, 35 % close rate", () => {
    render(<RoiCalculator />);
    expect(field('Average deal value')).toHaveValue(350);
    expect(field('Missed calls per week')).toHaveValue(8);
    expect(field('Outbound hours per week')).toHaveValue(10);
    expect(field('Close rate')).toHaveValue(35);
    // 8 × 4.33 × 0.35 × 350 = 4,243.40; × 12 = 50,920.80; 10 × 4.33 × 25 = 1,082.50; 50,920.80 + 12,990 = 63,910.80
    expect(figures()).toEqual({ monthly: '$4,243', annual: '$50,921', labour: '$1,083', total: '$63,911' });
  });

  it('missed-call revenue = missed calls × 4.33 × close rate × deal value, and annual = monthly × 12', async () => {
    render(<RoiCalculator />);
    await retype('Missed calls per week', '20'); // 20 × 4.33 × 0.35 × 350 = 10,608.50
    expect(figures().monthly).toBe('$10,609');
    expect(figures().annual, '× 12 = 127,302').toBe('$127,302');
    await retype('Average deal value', '1000'); // 20 × 4.33 × 0.35 × 1000 = 30,310
    expect(figures().monthly).toBe('$30,310');
    await retype('Close rate', '50'); // 20 × 4.33 × 0.5 × 1000 = 43,300
    expect(figures().monthly).toBe('$43,300');
    expect(figures().annual).toBe('$519,600');
  });

  it('labour cost = outbound hours × 4.33 × $25, and the total adds twelve months of it', async () => {
    render(<RoiCalculator />);
    await retype('Outbound hours per week', '40'); // 40 × 4.33 × 25 = 4,330; × 12 = 51,960
    expect(figures().labour).toBe('$4,330');
    expect(figures().total, '50,920.80 + 51,960').toBe('$102,881');
  });

  it('counts a close rate over 100 % as 100 % and says so', async () => {
    render(<RoiCalculator />);
    await retype('Close rate', '150');
    expect(field('Close rate'), 'what was typed stays').toHaveValue(150);
    expect(field('Close rate')).toHaveAttribute('aria-invalid', 'true');
    expect(field('Close rate')).toHaveAccessibleDescription(/Can't exceed 100%: counted as 100%\./);
    expect(figures().monthly, '8 × 4.33 × 1 × 350').toBe('$12,124');
  });

  it('counts a negative value as 0 and says so', async () => {
    render(<RoiCalculator />);
    await retype('Missed calls per week', '-5');
    expect(field('Missed calls per week')).toHaveAccessibleDescription(/Can't be negative: counted as 0\./);
    expect(figures().monthly).toBe('$0');
    expect(figures().total, 'labour only').toBe('$12,990');
  });

  it('counts an empty field as 0 and says so, without calling it invalid', async () => {
    render(<RoiCalculator />);
    await retype('Average deal value', '');
    expect(field('Average deal value')).toHaveAccessibleDescription(/Empty: counted as 0\./);
    expect(field('Average deal value')).not.toHaveAttribute('aria-invalid');
    expect(figures()).toEqual({ monthly: '$0', annual: '$0', labour: '$1,083', total: '$12,990' });
  });

  it('caps absurd input at 1,000,000,000 and never shows NaN or Infinity', async () => {
    render(<RoiCalculator />);
    // 400 nines: a number JavaScript can only read as Infinity.
    const user = userEvent.setup();
    await user.clear(field('Average deal value'));
    await user.paste('9'.repeat(400));
    expect(field('Average deal value')).toHaveAccessibleDescription(/Too large: capped at 1,000,000,000\./);
    // 8 × 4.33 × 0.35 × 1e9 = 12,124,000,000
    expect(figures().monthly).toBe('$12,124,000,000');
    expect(Object.values(figures()).join(' '), 'only whole dollar figures').toMatch(/^(\$[\d,]+ ?){4}$/);
  });

  it('clears the note once the value is usable again', async () => {
    render(<RoiCalculator />);
    await retype('Close rate', '150');
    await retype('Close rate', '40');
    expect(field('Close rate')).not.toHaveAttribute('aria-invalid');
    expect(field('Close rate')).toHaveAccessibleDescription('Share of answered leads that buy, 0–100%');
    expect(figures().monthly, '8 × 4.33 × 0.4 × 350').toBe('$4,850');
  });
});
