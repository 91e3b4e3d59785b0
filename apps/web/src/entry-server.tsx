/**
 * Renders a public page to HTML at build time (scripts/prerender.ts), with the answers it reads, so that a
 * phone shows the text as soon as the HTML and CSS arrive; the browser then hydrates the same markup with
 * the same answers (the dehydrated query cache carried in the page).
 */
import { StrictMode, type ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { dehydrate, type DehydratedState } from '@tanstack/react-query';
import {
  createStaticHandler,
  createStaticRouter,
  StaticRouterProvider,
  type RouteObject,
} from 'react-router';
import { AppProviders } from './app/App';
import { routes } from './app/router';
import { EmbedShell, PublicShell } from './components/PublicShell';
import {
  DEFAULT_HADITH_CATEGORY,
  hadithCategoriesQuery,
  hadithListQuery,
} from './features/hadith/hadith-api';
import { CONTENT_FILES, contentQuery } from './lib/content-api';
import { surahListQuery, surahQuery } from './features/quran/quran-api';
import { queryClient } from './lib/query-client';
import { isIslandPage, PRERENDERED_PAGES, type PrerenderedPageAddress } from './prerendered-pages';

type PrerenderedPage = {
  /** The page's module, as the bundle's manifest names it: its styles go into the page. */
  module: string;
  /** Fetches what the page reads before it can show its text. */
  data(): Promise<unknown>;
  /** Also rendered without the shell, under /embed (SPEC §2.1's learning pages). */
  embeddable: boolean;
};

const noData = async () => undefined;

const contentPage = (module: string, file: string): PrerenderedPage => ({
  module: `src/features/learning/pages/${module}.tsx`,
  data: () => queryClient.fetchQuery(contentQuery(file)),
  embeddable: true,
});

/**
 * The public pages rendered at build time, by address. Their queries are the browser's own, so the cache
 * a page carries is the one its components read.
 */
const PAGES: Record<PrerenderedPageAddress, PrerenderedPage> = {
  '/coran': {
    module: 'src/features/quran/pages/QuranPage.tsx',
    data: () =>
      Promise.all([queryClient.fetchQuery(surahListQuery()), queryClient.fetchQuery(surahQuery(1))]),
    embeddable: true,
  },
  '/hadith': {
    module: 'src/features/hadith/pages/HadithPage.tsx',
    data: () =>
      Promise.all([
        queryClient.fetchQuery(hadithCategoriesQuery()),
        queryClient.fetchQuery(hadithListQuery(DEFAULT_HADITH_CATEGORY)),
      ]),
    embeddable: true,
  },
  '/invocations': contentPage('InvocationsPage', CONTENT_FILES.invocations),
  '/attributes': contentPage('DivineNamesPage', CONTENT_FILES.attributes),
  '/prophets': contentPage('ProphetsPage', CONTENT_FILES.prophets),
  '/histoire': contentPage('HistoryPage', CONTENT_FILES.histoire),
  '/coursarabe': contentPage('ArabicCoursePage', CONTENT_FILES.coursarabe),
  '/sources': { module: 'src/features/learning/pages/SourcesPage.tsx', data: noData, embeddable: false },
  // The sign-in screen: the first page of every visit to the business area.
  '/login': { module: 'src/features/accounts/pages/LoginPage.tsx', data: noData, embeddable: false },
};

/**
 * A page drawn with islands, in a chunk of its own in this build: the build's manifest then names the styles
 * of each page apart (scripts/prerender.ts puts them in the page).
 */
const islandPage =
  (load: () => Promise<ComponentType>): RouteObject['lazy'] =>
  async () => ({
    Component: await load(),
  });

const islandPageRoutes: RouteObject[] = [
  {
    path: 'invocations',
    lazy: islandPage(() =>
      import('./features/learning/pages/InvocationsPage').then((m) => m.InvocationsPage),
    ),
  },
  {
    path: 'attributes',
    lazy: islandPage(() =>
      import('./features/learning/pages/DivineNamesPage').then((m) => m.DivineNamesPage),
    ),
  },
  {
    path: 'prophets',
    lazy: islandPage(() => import('./features/learning/pages/ProphetsPage').then((m) => m.ProphetsPage)),
  },
  {
    path: 'histoire',
    lazy: islandPage(() => import('./features/learning/pages/HistoryPage').then((m) => m.HistoryPage)),
  },
  {
    path: 'coursarabe',
    lazy: islandPage(() =>
      import('./features/learning/pages/ArabicCoursePage').then((m) => m.ArabicCoursePage),
    ),
  },
];

/**
 * The pages drawn with islands (decision 22), in the plain shell and under /embed: drawn here only, never by
 * the app, so they are not among its routes.
 */
const islandSite: RouteObject[] = [
  {
    path: '/',
    element: <PublicShell />,
    children: [
      ...islandPageRoutes,
      {
        path: 'sources',
        lazy: islandPage(() => import('./features/learning/pages/SourcesPage').then((m) => m.SourcesPage)),
      },
    ],
  },
  { path: '/embed', element: <EmbedShell />, children: islandPageRoutes },
];

/** Every prerendered address: each page in the shell, and the embeddable ones again under /embed. */
export const PRERENDERED_ADDRESSES = PRERENDERED_PAGES.flatMap((address) =>
  PAGES[address].embeddable ? [address, `/embed${address}`] : [address],
);

function pageAt(address: string): PrerenderedPage {
  const page = PRERENDERED_PAGES.find((known) => address === known || address === `/embed${known}`);
  if (!page) throw new Error(`${address} is not a prerendered page`);
  return PAGES[page];
}

/**
 * The modules whose styles the page at `address` carries: the page's own, and for a page the app takes over,
 * the notifications display, which the app loads on every page (its styles arriving then would restyle the
 * whole page).
 */
export function pageModules(address: string): string[] {
  const { module } = pageAt(address);
  return isIslandPage(address) ? [module] : [module, 'src/components/NotificationsDisplay.tsx'];
}

/**
 * The page's HTML and the answers it was drawn with. `fetch` must answer the site's relative addresses
 * (/assets/…, /api/…): the build script provides one that does.
 */
export async function renderPage(address: string): Promise<{ html: string; data: DehydratedState }> {
  // Each page carries only what it reads.
  queryClient.clear();
  await pageAt(address).data();
  const handler = createStaticHandler(isIslandPage(address) ? islandSite : routes);
  const context = await handler.query(new Request(`http://localhost${address}`));
  if (context instanceof Response) throw new Error(`${address} redirects: it cannot be prerendered`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(
    <StrictMode>
      <AppProviders>
        {/* hydrate={false}: no inline script with router state (the CSP forbids it); nothing to hand over. */}
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>
    </StrictMode>,
  );
  return { html, data: dehydrate(queryClient) };
}
