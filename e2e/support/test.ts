/** The e2e `test`: pages open on the server started by the global setup, and axe checks accessibility. */
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

export const test = base.extend({
  // eslint-disable-next-line no-empty-pattern -- Playwright passes a fixture's dependencies as an object; this one has none.
  baseURL: async ({}, use) => {
    const url = process.env.E2E_BASE_URL;
    if (!url) throw new Error('E2E_BASE_URL is not set: the global setup did not start the server');
    await use(url);
  },
});

export { expect };

/** Fails with the list of rules broken when axe finds any WCAG A/AA violation on the page. */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  await waitForTransitionsToEnd(page);
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  const summary = results.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
  expect(summary, 'axe violations').toEqual([]);
}

/**
 * axe measures colours as painted: a notification still fading in has not reached its final contrast.
 * Waits two frames (a transition starts on the frame after its element is added), then for every
 * finite CSS transition or animation to end; endless ones, such as a loader, are left running.
 */
async function waitForTransitionsToEnd(page: Page): Promise<void> {
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' || animation.effect?.getComputedTiming().iterations === Infinity,
      ),
  );
}
