/**
 * Page sizes of the hadith service, in a module without schemas: the browser's learning pages import these
 * numbers without pulling the validation library into their JavaScript.
 */

/** GET /list without `per_page` gives this many per page, as HadeethEnc does. */
export const HADITH_DEFAULT_PER_PAGE = 20;
/** The largest `per_page` accepted: enough for the site to show a whole category at once. */
export const HADITH_MAX_PER_PAGE = 100;
