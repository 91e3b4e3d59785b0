/**
 * zod, as every schema of the contracts is built with it. In a browser page it parses without generating code: the
 * site's Content-Security-Policy has no 'unsafe-eval', and zod 4 otherwise tries `new Function` as it builds an
 * object schema (to compile a faster parser), which the browser reports as a violation even though zod then does
 * without. The setting has to come before the first schema is built, whichever screen's chunk builds it first:
 * hence here, in the one module the schema files take zod from (package.json lists it as having a side effect, so
 * that no bundler skips it). On the server there is no document, and zod keeps its faster parsers.
 */
import { z } from 'zod';

if ('document' in globalThis) z.config({ jitless: true });

export { z };
