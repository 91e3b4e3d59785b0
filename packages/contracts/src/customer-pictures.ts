/**
 * Where a customer's picture may come from. The value ends up in an <img src> on the pages of everyone in the
 * organisation, so: https only (no javascript:, data: or plain http:, no //host), and never an address of the
 * API, which the <img> would call from the viewer's browser; this site's own pictures only by their public
 * path. Plain functions without zod, so the web app's customer form applies the same rule with the same words.
 */

/** This site's own pictures a customer may show: the avatars the web app serves (the demo customers use them). */
export const SITE_PICTURE_PATH = /^\/assets\/avatars\/[A-Za-z0-9_-]+\.(svg|png|jpe?g|webp)$/;

export const IMAGE_URL_RULE =
  "Enter an https:// address of a picture on another site, or one of this site's pictures (/assets/avatars/...)";

/** A path the API answers, however it is written (/API/, /%61pi/ and /x/../api/ all reach it). */
function isApiPath(pathname: string): boolean {
  try {
    return /^\/api(\/|$)/i.test(decodeURIComponent(pathname));
  } catch {
    return true;
  }
}

function isHttpsPictureUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname !== '' && !isApiPath(url.pathname);
  } catch {
    return false;
  }
}

export function isCustomerImageUrl(value: string): boolean {
  return SITE_PICTURE_PATH.test(value) || isHttpsPictureUrl(value);
}
