import { startTransition, StrictMode } from 'react';
import { hydrate, type DehydratedState } from '@tanstack/react-query';
import { createRoot, hydrateRoot } from 'react-dom/client';
// The styles every page has, first: see app/base-styles.ts.
import './app/base-styles';
import { App } from './app/App';
import { createAppRouter } from './app/router';
import { showEndedSessions } from './app/session-ended';
import { queryClient } from './lib/query-client';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// A prerendered page carries the answers it was drawn with (a JSON data block, not a script): they fill the
// cache so the first render matches the HTML and nothing is fetched again.
const prerendered = document.getElementById('prerendered-data');
if (prerendered?.textContent) hydrate(queryClient, JSON.parse(prerendered.textContent) as DehydratedState);

/**
 * Not a top-level await: the bundler turns off its chunk optimisations for a module graph that has one,
 * which splits every module shared by the entry and a lazily loaded page into a file of its own.
 */
async function start(container: HTMLElement) {
  const router = await createAppRouter();
  // The API client only announces an ended session: the user is told and taken to /login from here.
  showEndedSessions(router);
  const app = (
    <StrictMode>
      <App router={router} />
    </StrictMode>
  );
  // As a transition, the hydration of a long prerendered page is done in slices that let the browser
  // answer a tap in between, instead of one long task on a slow phone.
  if (prerendered) startTransition(() => void hydrateRoot(container, app));
  else createRoot(container).render(app);
}

void start(root);
