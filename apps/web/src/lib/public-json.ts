/**
 * The one way to GET public JSON: the learning site's content files and its Quran and hadith services. A
 * plain fetch, with no token, no anti-forgery header and no envelope, so that nothing of the signed-in
 * client (lib/http/api-client.ts) ships with the learning pages; the answers are typed, not validated (no
 * validator ships with them either: the content files are checked by the data tests at build time).
 */
import { httpErrorMessage } from './http/api-error';

/** SPEC §8's text for an answer with an error status. */
const statusFailure = (status: number) => httpErrorMessage(status, undefined);

/** GETs `url` as JSON; an error status rejects with `failure`'s text for it. */
export async function getJson<T>(
  url: string,
  failure: (status: number) => string = statusFailure,
): Promise<T> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(failure(response.status));
  return (await response.json()) as T;
}
