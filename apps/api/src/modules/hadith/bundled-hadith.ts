/**
 * The hadith collection shipped with the app (CONTENT_SOURCE=bundled, and the fallback of upstream mode):
 * data/categories.json and data/hadiths.json, curated from HadeethEnc and checked by test/hadith-data.test.ts
 * (data/provenance.json says where each text comes from). Read with fs next to this module rather than
 * imported, so the same code runs from src under Vitest and from dist, where `tsc -b` copies the JSON files.
 * Both files are checked on reading: a broken edit stops the server at start instead of serving bad data.
 */
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import {
  HadithCategoriesSchema,
  HadithDetailSchema,
  HadithTextSourcesSchema,
  type HadithDetail,
  type HadithList,
  type HadithListItem,
} from '@app/contracts';
import { prepareAnswer, type PreparedAnswer } from '../../lib/prepared-answer.js';
import type { HadithListQuery, HadithSource } from './hadith-source.js';

/** Each bundled hadith is in French with its Arabic original: HadeethEnc would list those two languages. */
export const BUNDLED_TRANSLATIONS = ['ar', 'fr'];

/**
 * A hadith as stored: the detail answer without `translations`, which is the same for all of them, and
 * `sources`, kept in provenance.json.
 */
const BundledHadithsSchema = z.array(HadithDetailSchema.omit({ translations: true, sources: true }));

const dataDir = path.join(import.meta.dirname, 'data');

function readData<T>(file: string, schema: z.ZodType<T>): T {
  return schema.parse(JSON.parse(fs.readFileSync(path.join(dataDir, file), 'utf8')));
}

export function loadBundledHadith() {
  const categories = readData('categories.json', HadithCategoriesSchema);
  const provenance = readData('provenance.json', z.record(z.string(), HadithTextSourcesSchema));
  const hadiths: HadithDetail[] = readData('hadiths.json', BundledHadithsSchema).map((hadith) => {
    const sources = provenance[hadith.id];
    // Every text shown is credited: a hadith without its sources is a broken edit.
    if (!sources) throw new Error(`provenance.json: no sources for hadith ${hadith.id}`);
    return { ...hadith, translations: BUNDLED_TRANSLATIONS, sources };
  });
  const categoryIds = new Set(categories.map((category) => category.id));
  const ids = new Set<string>();
  for (const hadith of hadiths) {
    if (ids.has(hadith.id)) throw new Error(`hadiths.json: hadith ${hadith.id} appears twice`);
    ids.add(hadith.id);
    const unknown = hadith.categories.find((id) => !categoryIds.has(id));
    if (unknown) throw new Error(`hadiths.json: hadith ${hadith.id} is in unknown category ${unknown}`);
  }
  return { categories, hadiths };
}

/** One page as HadeethEnc gives it; a page past the end is empty but still says how many pages there are. */
export function listPage(items: HadithListItem[], page: number, perPage: number): HadithList {
  return {
    data: items.slice((page - 1) * perPage, page * perPage),
    meta: {
      current_page: String(page),
      last_page: Math.max(1, Math.ceil(items.length / perPage)),
      total_items: items.length,
      per_page: String(perPage),
    },
  };
}

/** Every answer prepared at start, except list pages, prepared on first use (they depend on the query). */
export function createBundledHadith(): HadithSource {
  const { categories, hadiths } = loadBundledHadith();
  const categoryList = prepareAnswer(categories);
  const details = new Map(hadiths.map((hadith) => [Number(hadith.id), prepareAnswer(hadith)]));
  const members = new Map<number, HadithListItem[]>(
    categories.map((category) => [
      Number(category.id),
      hadiths
        .filter((hadith) => hadith.categories.includes(category.id))
        .map(({ id, title, translations }) => ({ id, title, translations })),
    ]),
  );
  const pages = new Map<string, PreparedAnswer>();

  return {
    async categories() {
      return categoryList;
    },
    async list({ categoryId, page, perPage }: HadithListQuery) {
      const items = members.get(categoryId);
      if (!items) return undefined;
      const key = `${categoryId}:${page}:${perPage}`;
      let answer = pages.get(key);
      if (!answer) {
        answer = prepareAnswer(listPage(items, page, perPage));
        // Pages past the end are not kept: any page number is accepted, and memory must stay bounded.
        if ((page - 1) * perPage < items.length) pages.set(key, answer);
      }
      return answer;
    },
    async detail(id: number) {
      return details.get(id);
    },
  };
}
