/**
 * `npm run bench`: runs every benchmark against the production build and writes the figures to
 * bench/results/latest.json and bench/results/latest.md. Run `npm run build` first if the code changed.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BenchResult } from './bench-result.js';
import { lighthouseBench } from './lighthouse.bench.js';
import { quranReaderBench } from './quran-reader.bench.js';

const resultsDir = fileURLToPath(new URL('./results', import.meta.url));

function toMarkdown(results: BenchResult[], when: string): string {
  const sections = results.map((r) => {
    const columns = Object.keys(r.rows[0] ?? {});
    const header = `| ${columns.join(' | ')} |\n| ${columns.map(() => '---').join(' | ')} |`;
    const body = r.rows
      .map((row) => `| ${columns.map((c) => String(row[c] ?? '')).join(' | ')} |`)
      .join('\n');
    return `## ${r.name} — ${r.pass ? 'meets' : 'MISSES'} its target\n\nTarget: ${r.target}\n\n${header}\n${body}\n`;
  });
  return `# Benchmarks\n\nMeasured ${when} on this machine (2 cores).\n\n${sections.join('\n')}`;
}

const results: BenchResult[] = [];
results.push(await quranReaderBench());
results.push(await lighthouseBench());

const when = new Date().toISOString();
fs.mkdirSync(resultsDir, { recursive: true });
fs.writeFileSync(
  path.join(resultsDir, 'latest.json'),
  `${JSON.stringify({ measuredAt: when, results }, null, 2)}\n`,
);
fs.writeFileSync(path.join(resultsDir, 'latest.md'), toMarkdown(results, when));
console.log(`\nWritten to ${path.relative(process.cwd(), resultsDir)}/latest.{json,md}`);
process.exit(results.every((r) => r.pass) ? 0 : 1);
