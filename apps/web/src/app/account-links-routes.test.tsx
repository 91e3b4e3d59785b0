import { describe, expect, it } from 'vitest';
import { matchRoutes } from 'react-router';
import { ReportChangePage } from '../features/accounts/pages/ReportChangePage';
import { VerifyEmailPage } from '../features/accounts/pages/VerifyEmailPage';
import { routes } from './router';

/** The page an address opens: the component its deepest route loads. */
async function pageAt(path: string) {
  const matches = matchRoutes(routes, path) ?? [];
  const route = matches.at(-1)?.route;
  const loaded = typeof route?.lazy === 'function' ? await route.lazy() : {};
  return (loaded as { Component?: unknown }).Component;
}

describe('the addresses of the e-mailed links about a change of the account', () => {
  it('open their pages, outside the sign-in guard (the owner may be signed out, or locked out)', async () => {
    const key = 'k'.repeat(43);
    expect(await pageAt(`/user/verify/email/${key}`)).toBe(VerifyEmailPage);
    expect(await pageAt(`/user/report/change/${key}`)).toBe(ReportChangePage);
    // The site's shell, then the page: behind the guard, its layout route would come in between.
    for (const path of [`/user/verify/email/${key}`, `/user/report/change/${key}`]) {
      expect(matchRoutes(routes, path), path).toHaveLength(2);
    }
  });
});
