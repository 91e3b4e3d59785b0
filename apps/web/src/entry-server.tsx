/**
 * Draws the public pages to HTML outside a browser, with the answers they read (decision 22): at build time
 * (scripts/prerender.ts, the pages of PRERENDERED_PAGES) and in the server when a page drawn on request is
 * asked for (apps/api/src/modules/web/pages-on-request.ts). A page the app takes over carries the answers it
 * was drawn with (the dehydrated query cache), so the browser hydrates the same markup with them; a page drawn
 * with islands needs none.
 */
import { StrictMode, type ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { dehydrate, QueryClient, type DehydratedState } from '@tanstack/react-query';
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
  hadithDetailQuery,
  hadithListQuery,
} from './features/hadith/hadith-api';
import { CONTENT_FILES, contentQuery } from './lib/content-api';
import { surahListQuery, surahQuery } from './features/quran/quran-api';
import { quranSearchQuery } from './features/quran/quran-search-api';
import { searchParamsOf } from './features/quran/search-address';
import {
  isIslandPage,
  pageDrawnOnRequest,
  PAGES_DRAWN_ON_REQUEST,
  PRERENDERED_PAGES,
  type PrerenderedPageAddress,
} from './prerendered-pages';

// The build and the server tell the pages' queries where the site's addresses are answered.
export { answerPublicJsonWith } from './lib/public-json';

type Page = {
  /** The page's module, as the bundle's manifest names it: its styles go into the page. */
  module: string;
  /** Fetches what the page reads before it can show its text, for the address asked. */
  data(client: QueryClient, address: URL): Promise<unknown>;
  /** Also rendered without the shell, under /embed (SPEC §2.1's learning pages). */
  embeddable: boolean;
};

const noData = async () => undefined;

const contentPage = (module: string, file: string): Page => ({
  module: `src/features/learning/pages/${module}.tsx`,
  data: (client) => client.fetchQuery(contentQuery(file)),
  embeddable: true,
});

/**
 * The public pages, by address. Their queries are the browser's own, so the cache a page is drawn with is the
 * one its components read.
 */
const PAGES: Record<PrerenderedPageAddress | (typeof PAGES_DRAWN_ON_REQUEST)[number], Page> = {
  '/coran': {
    module: 'src/features/quran/pages/QuranPage.tsx',
    // Prefetched: a chapter that cannot be loaded is drawn as the page shows it (its error, SPEC §8). Chapter 1
    // too, for the Basmala quoted above the others.
    data: (client, address) => {
      const chapter = Number(/^(?:\/embed)?\/coran\/(\d+)/.exec(address.pathname)?.[1] ?? 1);
      const chapters = new Set([1, chapter >= 1 && chapter <= 114 ? chapter : 1]);
      return Promise.all([
        client.prefetchQuery(surahListQuery()),
        ...[...chapters].map((n) => client.prefetchQuery(surahQuery(n))),
      ]);
    },
    embeddable: true,
  },
  '/hadith': {
    module: 'src/features/hadith/pages/HadithPage.tsx',
    // Prefetched, not fetched: a failed answer is drawn as the page shows it (SPEC §8: no category
    // selector, the list's error, no dialog), not a failed page.
    data: (client, address) => {
      const id = /^(?:\/embed)?\/hadith\/([^/]+)$/.exec(address.pathname)?.[1];
      const category = address.searchParams.get('categorie') ?? DEFAULT_HADITH_CATEGORY;
      return Promise.all([
        client.prefetchQuery(hadithCategoriesQuery()),
        client.prefetchQuery(hadithListQuery(category)),
        id && client.prefetchQuery(hadithDetailQuery(decodeURIComponent(id))),
      ]);
    },
    embeddable: true,
  },
  '/recherche': {
    module: 'src/features/quran/pages/QuranSearchPage.tsx',
    // Prefetched: a search that fails is drawn as the page shows it (its error), not a failed page.
    data: (client, address) => {
      const { query, page } = searchParamsOf(address.search);
      return query === '' ? Promise.resolve() : client.prefetchQuery(quranSearchQuery(query, page));
    },
    embeddable: false,
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
  async () => ({ Component: await load() });

const islandPageRoutes: RouteObject[] = [
  {
    path: 'coran/:chapter?/:verse?',
    lazy: islandPage(() => import('./features/quran/pages/QuranPage').then((m) => m.QuranPage)),
  },
  {
    path: 'hadith/:id?',
    lazy: islandPage(() => import('./features/hadith/pages/HadithPage').then((m) => m.HadithPage)),
  },
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
    element: <PublicShell learningSite />,
    children: [
      ...islandPageRoutes,
      {
        path: 'sources',
        lazy: islandPage(() => import('./features/learning/pages/SourcesPage').then((m) => m.SourcesPage)),
      },
      {
        path: 'recherche',
        lazy: islandPage(() =>
          import('./features/quran/pages/QuranSearchPage').then((m) => m.QuranSearchPage),
        ),
      },
    ],
  },
  { path: '/embed', element: <EmbedShell />, children: islandPageRoutes },
];

/** Every prerendered address: each page in the shell, and the embeddable ones again under /embed. */
export const PRERENDERED_ADDRESSES = PRERENDERED_PAGES.flatMap((address) =>
  PAGES[address].embeddable ? [address, `/embed${address}`] : [address],
);

/** The addresses whose drawing the server fills in when asked: each page drawn on request, in the shell and not. */
export const ON_REQUEST_TEMPLATES = PAGES_DRAWN_ON_REQUEST.flatMap((address) =>
  PAGES[address].embeddable ? [address, `/embed${address}`] : [address],
);

/**
 * How the server draws an address of a page drawn on request: the template it fills (/embed/hadith for
 * /embed/hadith/123?categorie=2), and the address it draws, which is also the one it keeps the page under. A
 * verse's address draws its chapter (/coran/2 for /coran/2/255): the reader's island finds the verse, so a
 * chapter is drawn and kept once, not once per verse.
 */
export function onRequestPage(address: string): { template: string; drawn: string } | undefined {
  const page = pageDrawnOnRequest(address);
  if (!page) return undefined;
  const template = address.startsWith('/embed/') ? `/embed${page}` : page;
  if (!ON_REQUEST_TEMPLATES.includes(template)) return undefined;
  const drawn =
    page === '/coran' ? (/^(?:\/embed)?\/coran(?:\/[^/?#]+)?/.exec(address)?.[0] ?? page) : address;
  return { template, drawn };
}

function pageAt(pathname: string): Page {
  const page =
    pageDrawnOnRequest(pathname) ??
    PRERENDERED_PAGES.find((known) => pathname === known || pathname === `/embed${known}`);
  if (!page) throw new Error(`${pathname} is not a page drawn outside the browser`);
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

export type DrawnPage = { html: string; title: string; data: DehydratedState };

/**
 * The page's HTML, its title and the answers it was drawn with. The site's relative addresses (/assets/…,
 * /api/…) are fetched as answerPublicJsonWith says.
 */
export async function renderPage(address: string): Promise<DrawnPage> {
  const url = new URL(address, 'http://localhost');
  // A cache of its own for each page: the server may draw several at once.
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  await pageAt(url.pathname).data(client, url);
  const handler = createStaticHandler(isIslandPage(url.pathname) ? islandSite : routes);
  const context = await handler.query(new Request(url));
  if (context instanceof Response) throw new Error(`${address} redirects: it cannot be drawn here`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(
    <StrictMode>
      <AppProviders client={client}>
        {/* hydrate={false}: no inline script with router state (the CSP forbids it); nothing to hand over. */}
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>
    </StrictMode>,
  );
  const heading = /<h1[^>]*>(.*?)<\/h1>/s.exec(html)?.[1] ?? 'Coran et Hadith';
  return { html, title: `${heading} · Coran et Hadith`, data: dehydrate(client) };
}

/**
 * A page's document: its template (index.html made into the page's, scripts/prerender.ts) with its HTML and
 * title, and for a page the app takes over, the answers it was drawn with, as a JSON data block (not a script:
 * the Content-Security-Policy allows none inline). `<` is escaped so no text of the data can close it.
 */
export function pageDocument(template: string, page: DrawnPage, withData: boolean): string {
  const json = JSON.stringify(page.data).replaceAll('<', '\\u003c');
  const dataBlock = withData ? `<script type="application/json" id="prerendered-data">${json}</script>` : '';
  return template
    .replace(/<title>.*<\/title>/, () => `<title>${page.title}</title>`)
    .replace('<div id="root"></div>', () => `<div id="root">${page.html}</div>${dataBlock}`);
}
