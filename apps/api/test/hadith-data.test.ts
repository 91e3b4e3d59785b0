/**
 * The hadith collection shipped with the app (src/modules/hadith/data), checked as data: enough hadith,
 * an-Nawawi's Forty complete, every field filled in the right script, sources well formed, and categories
 * whose counts match their members. The service serves these files as they are.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { HadithCategoriesSchema, HadithDetailSchema, type HadithCategory } from '@app/contracts';

const dataDir = path.join(import.meta.dirname, '../src/modules/hadith/data');
const read = (file: string): unknown => JSON.parse(fs.readFileSync(path.join(dataDir, file), 'utf8'));

type Reference = { collection: string; number: string };
type StoredHadith = Record<string, unknown> & {
  id: string;
  title: string;
  attribution: string;
  hints: string[];
  categories: string[];
  reference: Reference;
  nawawi?: number;
};

const hadiths = read('hadiths.json') as StoredHadith[];
const categories = read('categories.json') as HadithCategory[];

const FIELDS = [
  'id',
  'title',
  'hadeeth',
  'attribution',
  'grade',
  'explanation',
  'hints',
  'categories',
  'hadeeth_ar',
  'explanation_ar',
  'grade_ar',
  'attribution_ar',
  'reference',
];
const ARABIC_FIELDS = ['hadeeth_ar', 'explanation_ar', 'grade_ar', 'attribution_ar'] as const;
const FRENCH_FIELDS = ['title', 'hadeeth', 'attribution', 'grade', 'explanation'] as const;
const COLLECTIONS = [
  'Sahih al-Bukhari',
  'Sahih Muslim',
  "Jami' at-Tirmidhi",
  'Sunan Abi Dawud',
  "Sunan an-Nasa'i",
  'Sunan Ibn Majah',
  'Sunan ad-Daraqutni',
  'Sunan al-Bayhaqi',
  'Kitab al-Hujja (Abu al-Fath al-Maqdisi)',
];

const letters = (s: string) => s.match(/\p{L}/gu) ?? [];
const arabicShare = (s: string) =>
  letters(s).filter((c) => /\p{Script_Extensions=Arabic}/u.test(c)).length / Math.max(1, letters(s).length);

describe('the bundled hadith collection', () => {
  it('has at least 80 hadith with unique ids, in the shape of the detail answer', () => {
    expect(hadiths.length).toBeGreaterThanOrEqual(80);
    const ids = hadiths.map((h) => h.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const hadith of hadiths) {
      expect(hadith.id, 'ids are strings of digits').toMatch(/^[1-9]\d*$/);
      expect(() => HadithDetailSchema.omit({ translations: true }).parse(hadith), hadith.id).not.toThrow();
      // Only the known fields, so that nothing unexpected reaches the browser.
      const extra = Object.keys(hadith).filter((key) => !FIELDS.includes(key) && key !== 'nawawi');
      expect(extra, hadith.id).toEqual([]);
    }
  });

  it('contains the 42 hadith of an-Nawawi’s Forty, once each', () => {
    const numbers = hadiths.flatMap((h) => (h.nawawi === undefined ? [] : [h.nawawi]));
    expect(numbers.every((n) => Number.isInteger(n))).toBe(true);
    expect([...numbers].sort((a, b) => a - b)).toEqual(Array.from({ length: 42 }, (_, i) => i + 1));
  });

  it('fills every field, with at least two lessons per hadith', () => {
    for (const hadith of hadiths) {
      for (const field of FIELDS) {
        const value = hadith[field];
        expect(value, `${hadith.id}.${field}`).toBeDefined();
        if (typeof value === 'string') expect(value.trim(), `${hadith.id}.${field}`).not.toBe('');
        if (Array.isArray(value)) expect(value.length, `${hadith.id}.${field}`).toBeGreaterThan(0);
      }
      expect(hadith.hints.length, hadith.id).toBeGreaterThanOrEqual(2);
      for (const hint of hadith.hints) expect(hint.trim(), hadith.id).not.toBe('');
    }
  });

  it('writes the Arabic fields in Arabic script and the French ones in Latin script', () => {
    for (const hadith of hadiths) {
      for (const field of ARABIC_FIELDS) {
        const text = String(hadith[field]);
        expect(letters(text).length, `${hadith.id}.${field}`).toBeGreaterThan(0);
        expect(arabicShare(text), `${hadith.id}.${field}`).toBe(1);
      }
      for (const field of FRENCH_FIELDS) {
        // ﷺ is a single Arabic-script sign that French texts use too.
        expect(arabicShare(String(hadith[field])), `${hadith.id}.${field}`).toBeLessThan(0.01);
      }
    }
  });

  it('attributes every hadith ("Rapporté par …") to a well-formed source', () => {
    for (const { id, attribution, reference, nawawi } of hadiths) {
      expect(attribution, id).toMatch(/^Rapporté par /);
      expect(COLLECTIONS, id).toContain(reference.collection);
      const { number } = reference;
      const volumePage = /^(\d+)\/(\d+)$/.exec(number);
      if (/^[1-9]\d*$/.test(number)) {
        // A hadith number: the attribution cites it.
        expect(attribution, id).toContain(`n° ${number}`);
      } else if (volumePage) {
        // Volume and page of a book without hadith numbers.
        expect(attribution, id).toContain(`vol. ${volumePage[1]}, p. ${volumePage[2]}`);
      } else {
        // Only one of an-Nawawi's Forty comes from a book that has no numbers; he is the one who cites it.
        expect(number, id).toMatch(/^sans numéro/);
        expect(nawawi, id).toBeDefined();
      }
    }
  });

  it('has at least six non-empty categories whose counts match their hadith', () => {
    expect(() => HadithCategoriesSchema.parse(categories)).not.toThrow();
    const ids = categories.map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toContain('1');
    for (const category of categories) {
      const members = hadiths.filter((h) => h.categories.includes(category.id));
      expect(Number(category.hadeeths_count), `category ${category.id}`).toBe(members.length);
      if (category.parent_id !== null) expect(ids).toContain(category.parent_id);
    }
    expect(categories.filter((c) => Number(c.hadeeths_count) > 0).length).toBeGreaterThanOrEqual(6);
    for (const hadith of hadiths) {
      expect(new Set(hadith.categories).size, hadith.id).toBe(hadith.categories.length);
      for (const id of hadith.categories) expect(ids, `hadith ${hadith.id}`).toContain(id);
    }
  });
});

/**
 * The three texts found wrong against the collections they cite (issue 20): each now reads as its collection has it.
 * The check of every hadith against an independent copy of its collection waits for that copy (see the README).
 */
describe('texts corrected against their collection', () => {
  const byId = (id: string) => hadiths.find((h) => h.id === id) as StoredHadith & { hadeeth_ar: string };

  it('has al-Bukhari 2449 with « وَإِنْ لَمْ », never the malformed « وَإِلَمْ »', () => {
    expect(byId('5438').hadeeth_ar).toContain('وَإِنْ لَمْ تَكُنْ');
    for (const hadith of hadiths) expect(JSON.stringify(hadith), hadith.id).not.toContain('وَإِلَمْ');
  });

  it('has Muslim 2749 with « ولجاء » and without the « تعالى » the collection does not have', () => {
    const text = byId('5454').hadeeth_ar;
    expect(text).toContain('ولجاء بقوم');
    expect(text).not.toContain('تعالى');
  });

  it('cites al-Bukhari 6120, whose wording it has (« النبوة الأولى »), for the hadith on modesty', () => {
    const hadith = byId('66523');
    expect(hadith.hadeeth_ar).toContain('النُّبُوَّةِ الأُولَى');
    expect(hadith.reference).toEqual({ collection: 'Sahih al-Bukhari', number: '6120' });
    expect(hadith.attribution).toBe('Rapporté par Al-Bukhârî (n° 6120)');
  });
});
