/**
 * `npm start`: builds what is missing or older than its sources (a fresh clone, a `git pull`),
 * then starts the server. `npm run dev` serves with live reload while editing.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const at = (file) => path.join(root, file);

/** Each build output and the sources it is made from. */
const builds = [
  { output: 'packages/contracts/dist/.tsbuildinfo', sources: ['packages/contracts/src'] },
  { output: 'apps/api/dist/.tsbuildinfo', sources: ['apps/api/src', 'packages/contracts/src'] },
  {
    output: 'apps/web/dist/index.html',
    sources: [
      'apps/web/src',
      'apps/web/public',
      'apps/web/scripts',
      'apps/web/index.html',
      'packages/contracts/src',
    ],
  },
];

function newestChange(target) {
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(
    stat.mtimeMs,
    ...readdirSync(target).map((entry) => newestChange(path.join(target, entry))),
  );
}

const stale = builds.filter(
  ({ output, sources }) =>
    !existsSync(at(output)) ||
    sources.some((source) => newestChange(at(source)) > statSync(at(output)).mtimeMs),
);

if (stale.length > 0) {
  console.log(`Building (${stale.map((b) => b.output).join(', ')} missing or out of date)…`);
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

await import('../apps/api/dist/main.js');
