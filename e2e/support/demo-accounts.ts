/**
 * The demo accounts the server seeds into its embedded database (one per role, password
 * `demo-account-password`), signed in once per account and test worker, each time from an address of its own:
 * the server allows 30 logins per address in 15 minutes, and a worker that restarts after a failure signs in
 * again. The tests of the login form keep the browser's address. No test logs these sessions out, so they stay
 * valid for the run.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import {
  anotherPersonsAddress,
  invitationPath,
  lastMessageId,
  newestMessage,
  storeTokens,
  type Tokens,
} from './accounts';
import { expect } from './test';

export const DEMO_PASSWORD = 'demo-account-password';

export type DemoAccount =
  'user@example.com' | 'manager@example.com' | 'admin@example.com' | 'sysadmin@example.com';

const sessions = new Map<DemoAccount, Promise<Tokens>>();

export function demoTokens(request: APIRequestContext, email: DemoAccount): Promise<Tokens> {
  let session = sessions.get(email);
  if (!session) {
    session = (async () => {
      const answer = await request.post('/api/user/login', {
        headers: anotherPersonsAddress(),
        data: { email, password: DEMO_PASSWORD },
      });
      expect(answer.ok(), await answer.text()).toBe(true);
      return ((await answer.json()) as { data: Tokens }).data;
    })();
    sessions.set(email, session);
  }
  return session;
}

/** Signs a demo account in by its stored tokens, as a returning user. */
export async function signInAs(page: Page, email: DemoAccount): Promise<Tokens> {
  const tokens = await demoTokens(page.request, email);
  await storeTokens(page, tokens);
  return tokens;
}

/**
 * The demo owner invites `email` to the demo organisation (decision 17), as the Team page would; resolves
 * with the path of the link of the invitation's e-mail (not of an earlier one to the same address).
 */
export async function inviteToDemoOrganisation(
  request: APIRequestContext,
  email: string,
  roleName = 'ROLE_USER',
): Promise<string> {
  const { access_token } = await demoTokens(request, 'sysadmin@example.com');
  const newerThan = lastMessageId(email, 'email');
  const answer = await request.post('/api/organisation/invitations', {
    headers: { Authorization: `Bearer ${access_token}` },
    data: { email, roleName },
  });
  expect(answer.status(), await answer.text()).toBe(201);
  return invitationPath((await newestMessage(email, 'email', { newerThan })).text);
}
