/**
 * The route table of SPEC §2, in one place. Each page's own issue replaces its heading-only
 * element with the real screen; the addresses themselves are fixed here.
 */
import type { ComponentType } from 'react';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { LoadDocument } from '../components/LoadDocument';
import { PublicShell } from '../components/PublicShell';
import { businessPageLoaders as business } from '../features/business/business-routes';
import { calendarPage } from '../features/calendar/calendar-route';
import { classesPage } from '../features/classes/classes-route';
import { TopBar } from './TopBar';

/**
 * A page in its own JavaScript chunk, loaded when first visited, so a visitor downloads the code of the
 * page they read and not the whole site.
 * The one way a route is lazy (docs/architecture.md): React Router's `lazy` on the route object, made here,
 * so the router loads the code before it renders (and createAppRouter can load the first page's before
 * hydrating). React.lazy is only for pieces inside a page that are not routes.
 */
function page(load: () => Promise<ComponentType>): RouteObject['lazy'] {
  return async () => ({ Component: await load() });
}

/** The account code (screens, guard, API client) loads with the first account page, never before. */
const accounts = {
  login: page(() => import('../features/accounts/pages/LoginPage').then((m) => m.LoginPage)),
  register: page(() => import('../features/accounts/pages/RegisterPage').then((m) => m.RegisterPage)),
  resetPassword: page(() =>
    import('../features/accounts/pages/ResetPasswordPage').then((m) => m.ResetPasswordPage),
  ),
  verify: page(() => import('../features/accounts/pages/VerifyPage').then((m) => m.VerifyPage)),
  verifyEmail: page(() =>
    import('../features/accounts/pages/VerifyEmailPage').then((m) => m.VerifyEmailPage),
  ),
  reportChange: page(() =>
    import('../features/accounts/pages/ReportChangePage').then((m) => m.ReportChangePage),
  ),
  profile: page(() => import('../features/accounts/pages/ProfilePage').then((m) => m.ProfilePage)),
  team: page(() => import('../features/accounts/pages/TeamPage').then((m) => m.TeamPage)),
  invitation: page(() => import('../features/accounts/pages/InvitationPage').then((m) => m.InvitationPage)),
  guard: page(() => import('../features/accounts/components/RequireSignIn').then((m) => m.RequireSignIn)),
};

/**
 * Sign-in screens (SPEC §2.2), and the link of an invitation e-mail (decision 17): public, since the person
 * invited may have no account yet.
 */
const accountRoutes: RouteObject[] = [
  { path: 'login', lazy: accounts.login },
  { path: 'register', lazy: accounts.register },
  { path: 'resetpassword', lazy: accounts.resetPassword },
  { path: 'user/verify/account/:key', lazy: accounts.verify },
  { path: 'user/verify/password/:key', lazy: accounts.verify },
  // The links of the e-mails about a change of the account's keys (issue 19): a new address, "this wasn't me".
  { path: 'user/verify/email/:key', lazy: accounts.verifyEmail },
  { path: 'user/report/change/:key', lazy: accounts.reportChange },
  { path: 'invitation/:key', lazy: accounts.invitation },
];

/**
 * Signed-in screens (SPEC §2.3, §6), behind the authentication guard: a signed-out user is sent to /login
 * and brought back after logging in. /team is the current organisation's (decision 17).
 */
const guardedRoutes: RouteObject[] = [
  {
    lazy: accounts.guard,
    children: [
      { path: 'home', lazy: page(business.home) },
      { path: 'customers', lazy: page(business.customers) },
      { path: 'customers/new', lazy: page(business.newCustomer) },
      { path: 'customers/:id', lazy: page(business.customer) },
      { path: 'invoices', lazy: page(business.invoices) },
      { path: 'invoices/new', lazy: page(business.newInvoice) },
      { path: 'invoices/:id/:invoiceNumber', lazy: page(business.invoice) },
      { path: 'profile', lazy: accounts.profile },
      { path: 'team', lazy: accounts.team },
    ],
  },
];

/**
 * The signed-in bar's tools (SPEC §2.1 does not show their screens): each holds a user's own data, so each
 * is behind the sign-in guard too (decisions 0010 and 0011).
 */
const toolRoutes: RouteObject[] = [
  { path: 'feature', lazy: accounts.guard, children: [{ index: true, lazy: page(calendarPage) }] },
  { path: 'classes', lazy: accounts.guard, children: [{ index: true, lazy: page(classesPage) }] },
  {
    path: 'files',
    lazy: accounts.guard,
    children: [
      { index: true, lazy: page(() => import('../features/files/FilesPage').then((m) => m.FilesPage)) },
    ],
  },
];

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <PublicShell topBar={<TopBar />} />,
    children: [
      // The learning pages are not the app's (decision 22, prerendered-pages.ts): the server sends them.
      { index: true, element: <LoadDocument address="/coran" /> },
      ...accountRoutes,
      ...guardedRoutes,
      ...toolRoutes,
    ],
  },
  // Any unknown address goes back to the home page (SPEC §2.2), which opens the Quran reader.
  { path: '*', element: <LoadDocument address="/coran" /> },
];

/**
 * The browser's router. The current page's code is loaded first: a page prerendered at build time must be
 * hydrated with the same components it was rendered with, not with nothing while its chunk downloads.
 */
export async function createAppRouter() {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, loaded, { lazy: undefined });
    }),
  );
  return createBrowserRouter(routes);
}
