/**
 * The last step of the build: writes a Brotli (.br) and a gzip (.gz) copy of every text file of dist/
 * (scripts, styles, pages, content files, drawings, the Quran font, the invoice PDF's TrueType fonts), compressed
 * once at the strongest settings. The server sends the copy the browser accepts (@fastify/static's
 * preCompressed), so it spends no time compressing while a page loads, and a phone downloads less than with
 * compression on the fly.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const dist = fileURLToPath(new URL('../dist', import.meta.url));
const COMPRESSIBLE = /\.(js|css|html|json|svg|otf|ttf|txt)$/;
/** Below this, compression saves less than the headers it needs (the server's own threshold too). */
const MIN_BYTES = 1024;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

const files = fs
  .readdirSync(dist, { recursive: true, encoding: 'utf8' })
  .map((file) => path.join(dist, file))
  .filter((file) => COMPRESSIBLE.test(file) && fs.statSync(file).size >= MIN_BYTES);

let before = 0;
let after = 0;
await Promise.all(
  files.map(async (file) => {
    const bytes = fs.readFileSync(file);
    const [br, gz] = await Promise.all([
      brotli(bytes, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        },
      }),
      gzip(bytes, { level: zlib.constants.Z_BEST_COMPRESSION }),
    ]);
    fs.writeFileSync(`${file}.br`, br);
    fs.writeFileSync(`${file}.gz`, gz);
    before += bytes.length;
    after += br.length;
  }),
);
console.log(
  `precompressed ${files.length} files: ${Math.round(before / 1024)} KiB, ${Math.round(after / 1024)} KiB as Brotli`,
);
