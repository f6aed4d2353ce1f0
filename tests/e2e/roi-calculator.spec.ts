/**
 * The ROI calculator on the built landing page: figures follow the spec's formulas as the
 * visitor types (expected values worked out by hand), bad input never shows NaN, Infinity or
 * negative money, a clamped close rate says why, and it works from the keyboard.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

function calculator(page: Page) {
  const section = page.locator('#roi-calculator');
  const results = section.getByRole('region', { name: 'Your estimated impact' });
  const figure = (term: string) =>
    results.locator('.roi-result', { has: page.getByText(term, { exact: true }) }).locator('dd');
  return {
    section,
    results,
    input: (label: string) => section.getByRole('spinbutton', { name: label }),
    monthly: figure('Monthly revenue lost to missed calls'),
    annual: figure('Annual revenue lost to missed calls'),
    labour: figure('Monthly outbound labour cost'),
    total: figure('Total annual impact'),
  };
}

async function expectFigures(
  c: ReturnType<typeof calculator>,
  expected: [string, string, string, string],
  label: string,
) {
  await expect(c.monthly, `${label}: monthly missed-call revenue`).toHaveText(expected[0]);
  await expect(c.annual, `${label}: annual missed-call revenue`).toHaveText(expected[1]);
  await expect(c.labour, `${label}: monthly labour`).toHaveText(expected[2]);
  await expect(c.total, `${label}: total annual impact`).toHaveText(expected[3]);
}

test('shows the defaults and updates exactly as the formulas say while typing', async ({ page }) => {
  await page.goto('/#roi-calculator');
  const c = calculator(page);
  await expect(c.input('Average deal value'), 'default deal value').toHaveValue('350');
  await expect(c.input('Missed calls per week'), 'default missed calls').toHaveValue('8');
  await expect(c.input('Outbound hours per week'), 'default hours').toHaveValue('10');
  await expect(c.input('Close rate'), 'default close rate').toHaveValue('35');
  // 8 × 4.33 × 0.35 × 350 = 4243.4; × 12 = 50920.8; 10 × 4.33 × 25 = 1082.5; 50920.8 + 12990 = 63910.8
  await expectFigures(c, ['$4,243', '$50,921', '$1,083', '$63,911'], 'defaults');

  await c.input('Average deal value').fill('1200');
  // 8 × 4.33 × 0.35 × 1200 = 14548.8; × 12 = 174585.6; + 12990 = 187575.6
  await expectFigures(c, ['$14,549', '$174,586', '$1,083', '$187,576'], 'deal value 1200');
  await c.input('Missed calls per week').fill('40');
  await c.input('Outbound hours per week').fill('40');
  await c.input('Close rate').fill('25');
  // 40 × 4.33 × 0.25 × 1200 = 51960; × 12 = 623520; 40 × 4.33 × 25 = 4330; 623520 + 51960 = 675480
  await expectFigures(c, ['$51,960', '$623,520', '$4,330', '$675,480'], 'all four typed');
});

test('bad input never shows NaN, Infinity or negative money; a clamped close rate says why', async ({ page }) => {
  await page.goto('/#roi-calculator');
  const c = calculator(page);
  const noBadMoney = async (label: string) => {
    const text = await c.results.innerText();
    expect(text, `${label}: no NaN/Infinity/negative`).not.toMatch(/NaN|Infinity|-\$|\$-/);
  };

  await c.input('Close rate').fill('150');
  await expect(c.section.getByText("Can't exceed 100%: counted as 100%."), 'why it was clamped').toBeVisible();
  await expect(c.input('Close rate'), 'what was typed stays').toHaveValue('150');
  // 8 × 4.33 × 1 × 350 = 12124; × 12 = 145488; + 12990 = 158478
  await expectFigures(c, ['$12,124', '$145,488', '$1,083', '$158,478'], 'close rate 150 → 100');

  await c.input('Close rate').fill('-20');
  await expect(c.section.getByText("Can't be negative: counted as 0%."), 'negative rate').toBeVisible();
  await expectFigures(c, ['$0', '$0', '$1,083', '$12,990'], 'close rate -20 → 0');
  await noBadMoney('negative rate');

  await c.input('Close rate').fill('35');
  await c.input('Average deal value').fill('');
  await expect(c.section.getByText('Empty: counted as 0.'), 'empty').toBeVisible();
  await expectFigures(c, ['$0', '$0', '$1,083', '$12,990'], 'empty deal value');

  await c.input('Missed calls per week').fill('-8');
  await noBadMoney('negative calls');
  await c.input('Average deal value').fill('5000000000');
  await expect(c.section.getByText('Too large: capped at 1,000,000,000.'), 'huge').toBeVisible();
  await c.input('Missed calls per week').fill('1e300');
  await noBadMoney('huge values');
  await expect(c.total, 'still a dollar figure').toHaveText(/^\$[\d,]+$/);
});

test('keyboard: arrow keys step a value and the figures follow', async ({ page }) => {
  await page.goto('/#roi-calculator');
  const c = calculator(page);
  await c.input('Close rate').focus();
  await page.keyboard.press('ArrowUp');
  await expect(c.input('Close rate'), 'stepped up').toHaveValue('36');
  // 8 × 4.33 × 0.36 × 350 = 4364.64; × 12 = 52375.68; + 12990 = 65365.68
  await expectFigures(c, ['$4,365', '$52,376', '$1,083', '$65,366'], 'close rate 36');
  await page.keyboard.press('Shift+Tab');
  await expect(c.input('Outbound hours per week'), 'Shift+Tab reaches the previous field').toBeFocused();
});

test('the section links on to features, testimonials and guarantee, and passes axe', async ({ page }) => {
  await page.goto('/#roi-calculator');
  const c = calculator(page);
  for (const target of ['#features', '#testimonials', '#guarantee']) {
    await expect(c.section.locator(`a[href="${target}"]`), `link to ${target}`).toHaveCount(1);
  }
  await expect(c.total).toHaveText('$63,911');
  const result = await new AxeBuilder({ page })
    .include('#roi-calculator')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(
    result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    'axe',
  ).toEqual([]);
});
