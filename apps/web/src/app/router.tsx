/**
 * The route table of SPEC §2, in one place. Each page's own issue replaces its heading-only
 * element with the real screen; the addresses themselves are fixed here.
 */
import type { ComponentType } from 'react';
import { createBrowserRouter, matchRoutes, Navigate, type RouteObject } from 'react-router';
import { EmbedShell, PublicShell } from '../components/PublicShell';
import { PageTitle } from '../components/PageTitle';
import { CONTENT_FILES, prefetchContent } from '../features/learning/content-api';

/**
 * A page in its own JavaScript chunk, loaded when first visited, so a visitor downloads the code of the
 * page they read and not the whole site. A page that reads a content file starts fetching it at the same
 * moment as its code, not after.
 */
function page(load: () => Promise<ComponentType>, contentFile?: string): RouteObject['lazy'] {
  return async () => {
    if (contentFile) prefetchContent(contentFile);
    return { Component: await load() };
  };
}

const learning = {
  invocations: page(
    () => import('../features/learning/pages/InvocationsPage').then((m) => m.InvocationsPage),
    CONTENT_FILES.invocations,
  ),
  attributes: page(
    () => import('../features/learning/pages/DivineNamesPage').then((m) => m.DivineNamesPage),
    CONTENT_FILES.attributes,
  ),
  prophets: page(
    () => import('../features/learning/pages/ProphetsPage').then((m) => m.ProphetsPage),
    CONTENT_FILES.prophets,
  ),
  histoire: page(
    () => import('../features/learning/pages/HistoryPage').then((m) => m.HistoryPage),
    CONTENT_FILES.histoire,
  ),
  coursarabe: page(
    () => import('../features/learning/pages/ArabicCoursePage').then((m) => m.ArabicCoursePage),
    CONTENT_FILES.coursarabe,
  ),
  sources: page(() => import('../features/learning/pages/SourcesPage').then((m) => m.SourcesPage)),
  hadith: page(() => import('../features/hadith/pages/HadithPage').then((m) => m.HadithPage)),
  coran: page(() => import('../features/quran/pages/QuranPage').then((m) => m.QuranPage)),
};

/** The seven learning pages (SPEC §2.1), mounted in the shell and again without it under /embed. */
const learningRoutes: RouteObject[] = [
  { path: 'coran/:chapter?/:verse?', lazy: learning.coran },
  { path: 'hadith/:id?', lazy: learning.hadith },
  { path: 'coursarabe', lazy: learning.coursarabe },
  { path: 'invocations', lazy: learning.invocations },
  { path: 'attributes', lazy: learning.attributes },
  { path: 'prophets', lazy: learning.prophets },
  { path: 'histoire', lazy: learning.histoire },
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

/** The learning pages rendered to HTML at build time (see scripts/prerender.ts), shell and embedded. */
export const PRERENDERED_PAGES = [
  'invocations',
  'attributes',
  'prophets',
  'histoire',
  'coursarabe',
  'sources',
].flatMap((name) => (name === 'sources' ? [`/${name}`] : [`/${name}`, `/embed/${name}`]));
