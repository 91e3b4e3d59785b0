/**
 * `npm run bench`: runs every benchmark against the production build and writes the figures to
 * bench/results/latest.json and bench/results/latest.md, and into README.md's "Latest figures". Run
 * `npm run build` first if the code changed.
 *
 * BENCH_ONLY=customers-at-scale,quran-reader runs only the benchmarks named (see BENCHES); the figures of
 * the others are kept from the previous results, each with the time it was measured.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';
import type { BenchResult } from './bench-result.js';
import { customersAtScaleBench } from './customers-at-scale.bench.js';
import { javascriptPerRouteBench } from './javascript-per-route.bench.js';
import { lighthouseBench } from './lighthouse.bench.js';
import { mixedLoadBench } from './mixed-load.bench.js';
import { quranReaderBench } from './quran-reader.bench.js';
import { quranSearchBench } from './quran-search.bench.js';

/** Every benchmark, in the order they run and are written, named as in BENCH_ONLY (its file's name). */
const BENCHES: { key: string; run: () => Promise<BenchResult> }[] = [
  { key: 'quran-reader', run: quranReaderBench },
  { key: 'quran-search', run: quranSearchBench },
  { key: 'lighthouse', run: lighthouseBench },
  { key: 'javascript-per-route', run: javascriptPerRouteBench },
  { key: 'customers-at-scale', run: customersAtScaleBench },
  { key: 'mixed-load', run: mixedLoadBench },
];

type MeasuredResult = BenchResult & { measuredAt?: string };

const resultsDir = fileURLToPath(new URL('./results', import.meta.url));
const jsonFile = path.join(resultsDir, 'latest.json');

/** Each benchmark's section: its verdict, target and table, under a heading of the given level. */
function sections(results: MeasuredResult[], when: string, heading: string): string[] {
  return results.map((r) => {
    const columns = Object.keys(r.rows[0] ?? {});
    const header = `| ${columns.join(' | ')} |\n| ${columns.map(() => '---').join(' | ')} |`;
    const body = r.rows
      .map((row) => `| ${columns.map((c) => String(row[c] ?? '')).join(' | ')} |`)
      .join('\n');
    const measured = r.measuredAt && r.measuredAt !== when ? `\n\nMeasured ${r.measuredAt}.` : '';
    return `${heading} ${r.name} — ${r.pass ? 'meets' : 'MISSES'} its target\n\nTarget: ${r.target}${measured}\n\n${header}\n${body}\n`;
  });
}

function toMarkdown(results: MeasuredResult[], when: string): string {
  return `# Benchmarks\n\nMeasured ${when} on this machine (2 cores), unless a section says otherwise.\n\n${sections(results, when, '##').join('\n')}`;
}

/** The README shows the latest figures too, between these two markers (its "Latest figures" section). */
const README_START = '<!-- latest benchmark figures: written by bench/run.ts -->';
const README_END = '<!-- end of the benchmark figures -->';

async function updateReadme(results: MeasuredResult[], when: string): Promise<void> {
  const readme = fileURLToPath(new URL('../README.md', import.meta.url));
  const text = fs.readFileSync(readme, 'utf8');
  const start = text.indexOf(README_START);
  const end = text.indexOf(README_END);
  if (start < 0 || end < start) throw new Error(`README.md has no ${README_START} … ${README_END} section`);
  const figures = `Measured ${when} on a 2-core machine, unless a section says otherwise.\n\n${sections(results, when, '####').join('\n')}`;
  const updated = `${text.slice(0, start + README_START.length)}\n\n${figures}\n${text.slice(end)}`;
  // Formatted as the repository's other files are, so the lint step accepts it as written.
  const options = await prettier.resolveConfig(readme);
  fs.writeFileSync(readme, await prettier.format(updated, { ...options, filepath: readme }));
}

/** The results of the previous run, each with when it was measured; none if there is no readable file. */
function previousResults(): MeasuredResult[] {
  try {
    const previous = JSON.parse(fs.readFileSync(jsonFile, 'utf8')) as {
      measuredAt: string;
      results: MeasuredResult[];
    };
    return previous.results.map((r) => ({ ...r, measuredAt: r.measuredAt ?? previous.measuredAt }));
  } catch {
    return [];
  }
}

const only = process.env.BENCH_ONLY?.split(',')
  .map((key) => key.trim())
  .filter(Boolean);
const unknown = only?.filter((key) => !BENCHES.some((b) => b.key === key)) ?? [];
if (unknown.length > 0) {
  console.error(
    `BENCH_ONLY names no benchmark: ${unknown.join(', ')} (known: ${BENCHES.map((b) => b.key).join(', ')})`,
  );
  process.exit(2);
}

const when = new Date().toISOString();
const fresh: MeasuredResult[] = [];
for (const bench of BENCHES) {
  if (only && !only.includes(bench.key)) continue;
  console.log(`\n${bench.key}`);
  fresh.push({ ...(await bench.run()), measuredAt: when });
}

// A filtered run replaces, in place, the figures of what it ran and keeps the others; a full run writes only its own.
const results = only ? previousResults().map((old) => fresh.find((r) => r.name === old.name) ?? old) : [];
for (const r of fresh) if (!results.includes(r)) results.push(r);

fs.mkdirSync(resultsDir, { recursive: true });
fs.writeFileSync(jsonFile, `${JSON.stringify({ measuredAt: when, results }, null, 2)}\n`);
fs.writeFileSync(path.join(resultsDir, 'latest.md'), toMarkdown(results, when));
await updateReadme(results, when);
console.log(`\nWritten to ${path.relative(process.cwd(), resultsDir)}/latest.{json,md} and README.md`);
process.exit(fresh.every((r) => r.pass) ? 0 : 1);
