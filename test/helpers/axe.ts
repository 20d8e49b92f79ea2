import fs from 'node:fs';
import type { Page } from 'playwright-core';

let axeSource: string | undefined;

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[]; failureSummary?: string }[];
}

/**
 * Runs axe-core in the page (its source evaluated through the DevTools protocol: the portal's CSP
 * allows no inline script tags) and fails on any serious or critical violation, listing each; with
 * `{ anyImpact: true }`, on any violation at all (minor and moderate too).
 */
export async function expectAccessible(page: Page, options: { anyImpact?: boolean } = {}): Promise<void> {
  axeSource ??= fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
  const loaded = await page.evaluate(() => typeof (globalThis as any).axe === 'object');
  if (!loaded) await page.evaluate(axeSource);
  const violations: AxeViolation[] = await page.evaluate(async () => {
    const result = await (globalThis as any).axe.run((globalThis as any).document, {
      resultTypes: ['violations'],
    });
    return result.violations;
  });
  const severe = violations
    .filter((v) => options.anyImpact || v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      rule: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => `${JSON.stringify(n.target)}: ${n.failureSummary ?? ''}`),
    }));
  expect(severe).toEqual([]);
}
