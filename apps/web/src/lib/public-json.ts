/**
 * The one way to GET public JSON: the learning site's content files and its Quran and hadith services. A
 * plain fetch, with no token, no anti-forgery header and no envelope, so that nothing of the signed-in
 * client (lib/http/api-client.ts) ships with the learning pages; the answers are typed, not validated (no
 * validator ships with them either: the content files are checked by the data tests at build time).
 */

/**
 * SPEC §8's text for an answer with an error status and no reason to show. Written here, where the learning
 * pages read it, and used by lib/http/api-error.ts too: importing it from there would put that module's
 * code in every learning page.
 */
export function statusErrorText(status: number): string {
  return `An error occurred - Error status ${status}`;
}

type Fetcher = (url: string) => Promise<Response>;

/** The browser's fetch; outside a browser, what answerPublicJsonWith gives. */
let fetchAnswer: Fetcher = (url) => fetch(url);

/**
 * Where the site's relative addresses (/api/…, /assets/…) are answered when a page is drawn outside a
 * browser: by the build, or by the server itself (entry-server.tsx passes what they give).
 */
export function answerPublicJsonWith(fetcher: Fetcher): void {
  fetchAnswer = fetcher;
}

/** GETs `url` as JSON; an error status rejects with `failure`'s text for it. */
export async function getJson<T>(
  url: string,
  failure: (status: number) => string = statusErrorText,
): Promise<T> {
  const response = await fetchAnswer(url);
  if (!response.ok) throw new Error(failure(response.status));
  return (await response.json()) as T;
}
