/**
 * Renders a learning page to HTML at build time (scripts/prerender.ts), with its content file, so that a
 * phone shows the text as soon as the HTML and CSS arrive; the browser then hydrates the same markup.
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { AppProviders } from './app/App';
import { PRERENDERED_PAGES, routes } from './app/router';
import { CONTENT_FILES, seedContent } from './features/learning/content-api';

export { CONTENT_FILES, PRERENDERED_PAGES };

export async function renderPage(path: string, content: Record<string, unknown>): Promise<string> {
  for (const [file, data] of Object.entries(content)) seedContent(file, data);
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://localhost${path}`));
  if (context instanceof Response) throw new Error(`${path} redirects: it cannot be prerendered`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(
    <StrictMode>
      <AppProviders>
        {/* hydrate={false}: no inline script with router state (the CSP forbids it); nothing to hand over. */}
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>
    </StrictMode>,
  );
}
