/**
 * Where a page asked for without a network can be found among those the service worker kept, and what shows
 * when none can. No browser API here: tested on its own.
 */
import { PAGES_DRAWN_AT_BUILD } from '../prerendered-pages';

/** The pages whose island applies their address's query: kept once, they show any query without a network. */
const PAGES_READING_THEIR_QUERY = [...PAGES_DRAWN_AT_BUILD, '/recherche'];

/**
 * The addresses a page can be shown from, best first: itself; a verse's chapter (/coran/2 for /coran/2/255,
 * whose island opens the verse); for a page whose island reads its query, the page without it (the
 * invocations' category; a search, which its island then makes on the device). A hadith category has no
 * stand-in: another category's text under its address would mislead.
 */
export function fallbacksOf(url: URL): string[] {
  const addresses = [url.pathname + url.search];
  const chapter = /^\/coran\/(\d{1,3})\/[^/]+$/.exec(url.pathname)?.[1];
  if (chapter) addresses.push(`/coran/${chapter}`);
  if (url.pathname === '/coran') addresses.push('/coran/1');
  if (url.search && (PAGES_READING_THEIR_QUERY as readonly string[]).includes(url.pathname)) {
    addresses.push(url.pathname);
  }
  return [...new Set(addresses)];
}

/** What a page that is not kept shows without a network: where the reader can go instead. */
export const OFFLINE_PAGE = `<!doctype html>
<html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Hors connexion · Coran et Hadith</title>
<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem;line-height:1.6}
a{display:inline-block;min-height:44px;line-height:44px;color:#0b6e4f}</style></head>
<body><main><h1>Hors connexion</h1>
<p>Cette page n’a pas encore été enregistrée sur cet appareil, et la connexion manque pour la charger.
Ces pages sont lisibles sans connexion :</p>
<ul><li><a href="/coran">Le Coran (chaque sourate)</a></li><li><a href="/hadith">Hadith</a></li>
<li><a href="/invocations">Invocations</a></li><li><a href="/attributes">Noms d’Allah</a></li>
<li><a href="/histoire">Histoire</a></li><li><a href="/prophets">Prophètes</a></li>
<li><a href="/coursarabe">Cours d’arabe</a></li></ul></main></body></html>`;
