/**
 * The route table of SPEC §2, in one place. Each page's own issue replaces its heading-only
 * element with the real screen; the addresses themselves are fixed here.
 */
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { EmbedShell, PublicShell } from '../components/PublicShell';
import { PageTitle } from '../components/PageTitle';
import { prefetchContent } from '../features/learning/content-api';

/**
 * Each page is its own JavaScript chunk, loaded when first visited, so a visitor downloads the code of
 * the page they read and not the whole site.
 */
const learning = {
  invocations: () =>
    import('../features/learning/pages/InvocationsPage').then((m) => ({ Component: m.InvocationsPage })),
  attributes: () =>
    import('../features/learning/pages/DivineNamesPage').then((m) => ({ Component: m.DivineNamesPage })),
  prophets: () =>
    import('../features/learning/pages/ProphetsPage').then((m) => ({ Component: m.ProphetsPage })),
  histoire: () =>
    import('../features/learning/pages/HistoryPage').then((m) => ({ Component: m.HistoryPage })),
  coursarabe: () =>
    import('../features/learning/pages/ArabicCoursePage').then((m) => ({ Component: m.ArabicCoursePage })),
  sources: () => import('../features/learning/pages/SourcesPage').then((m) => ({ Component: m.SourcesPage })),
};

/** The seven learning pages (SPEC §2.1), mounted in the shell and again without it under /embed. */
const learningRoutes: RouteObject[] = [
  { path: 'coran/:chapter?/:verse?', element: <PageTitle>Le Saint Coran</PageTitle> },
  { path: 'hadith', element: <PageTitle>Hadith</PageTitle> },
  { path: 'coursarabe', lazy: learning.coursarabe, loader: prefetchContent('coursArabe.json') },
  { path: 'invocations', lazy: learning.invocations, loader: prefetchContent('invocations.json') },
  { path: 'attributes', lazy: learning.attributes, loader: prefetchContent('namesOfAllah.json') },
  { path: 'prophets', lazy: learning.prophets, loader: prefetchContent('propheteHistory.json') },
  { path: 'histoire', lazy: learning.histoire, loader: prefetchContent('histoire.json') },
];

/** Sign-in screens (SPEC §2.2). */
const accountRoutes: RouteObject[] = [
  { path: 'login', element: <PageTitle>Account Login</PageTitle> },
  { path: 'register', element: <PageTitle>Create an Account</PageTitle> },
  { path: 'resetpassword', element: <PageTitle>Reset Password</PageTitle> },
  { path: 'user/verify/account/:key', element: <PageTitle>Account Verification</PageTitle> },
  { path: 'user/verify/password/:key', element: <PageTitle>Password Reset</PageTitle> },
];

/** Signed-in screens (SPEC §2.3, §6); the authentication guard wraps them with the accounts issue. */
const signedInRoutes: RouteObject[] = [
  { path: 'home', element: <PageTitle>Dashboard</PageTitle> },
  { path: 'customers', element: <PageTitle>Customers</PageTitle> },
  { path: 'customers/new', element: <PageTitle>New Customer</PageTitle> },
  { path: 'customers/:id', element: <PageTitle>Customer</PageTitle> },
  { path: 'invoices', element: <PageTitle>Invoices</PageTitle> },
  { path: 'invoices/new', element: <PageTitle>New Invoice</PageTitle> },
  { path: 'invoices/:id/:invoiceNumber', element: <PageTitle>Invoice</PageTitle> },
  { path: 'profile', element: <PageTitle>Profile</PageTitle> },
  { path: 'feature', element: <PageTitle>Calendrier</PageTitle> },
  { path: 'classes', element: <PageTitle>Mes classes</PageTitle> },
  { path: 'files', element: <PageTitle>Mes Fichiers</PageTitle> },
];

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <PublicShell />,
    children: [
      { index: true, element: <Navigate to="/coran" replace /> },
      ...learningRoutes,
      { path: 'sources', lazy: learning.sources },
      ...accountRoutes,
      ...signedInRoutes,
    ],
  },
  { path: '/embed', element: <EmbedShell />, children: learningRoutes },
  // Any unknown address goes back to the home page (SPEC §2.2), which opens the Quran reader.
  { path: '*', element: <Navigate to="/" replace /> },
];

export const router = createBrowserRouter(routes);
