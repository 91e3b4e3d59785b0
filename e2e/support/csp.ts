/** Watching a page for what its Content-Security-Policy refuses (an inline script, a frame from elsewhere…). */
import type { Page } from '@playwright/test';

/**
 * The page's Content-Security-Policy violations, collected for the whole test, for every page it opens: the
 * browser's report of each (the securitypolicyviolation event, logged) and its own console message.
 */
export function watchCsp(page: Page): string[] {
  const violations: string[] = [];
  void page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) =>
      console.log(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`),
    );
  });
  page.on('console', (message) => {
    if (/CSP violation|Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}
