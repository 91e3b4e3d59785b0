/**
 * The learning content files, checked as a learner needs them: complete, each item once, every
 * field present, Arabic where Arabic is expected, every source cited in a usable form.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  ArabicCourseSchema,
  DivineNamesSchema,
  HistorySchema,
  InvocationCategoriesSchema,
  ProphetsSchema,
} from '@app/contracts';

const assets = path.resolve(import.meta.dirname, '../../../public/assets');
const read = (file: string): unknown => JSON.parse(fs.readFileSync(path.join(assets, file), 'utf8'));
const unique = (values: string[]) => new Set(values).size === values.length;

describe('namesOfAllah.json', () => {
  const names = DivineNamesSchema.parse(read('namesOfAllah.json'));

  it('has the 99 names, numbered 1 to 99 in order, each exactly once', () => {
    expect(names.map((n) => n.number)).toEqual(Array.from({ length: 99 }, (_, i) => i + 1));
    expect(unique(names.map((n) => n.name))).toBe(true);
    expect(unique(names.map((n) => n.transliteration))).toBe(true);
    expect(unique(names.map((n) => n.meaning))).toBe(true);
  });

  it('follows the order of the list reported by at-Tirmidhi', () => {
    expect(names.slice(0, 4).map((n) => n.transliteration)).toEqual([
      'Ar-Rahmân',
      'Ar-Rahîm',
      'Al-Malik',
      'Al-Quddûs',
    ]);
    expect(names.slice(-3).map((n) => n.transliteration)).toEqual(['Al-Wârith', 'Ar-Rashîd', 'As-Sabûr']);
  });

  it('describes each name in a few sentences', () => {
    for (const name of names)
      expect(name.description.split(/[.!?»]\s/).length, name.transliteration).toBeGreaterThanOrEqual(2);
  });
});

describe('propheteHistory.json', () => {
  const prophets = ProphetsSchema.parse(read('propheteHistory.json'));

  it('has the 25 prophets named in the Quran, from Adam to Muhammad', () => {
    expect(prophets).toHaveLength(25);
    expect(unique(prophets.map((p) => p.nom))).toBe(true);
    expect(prophets[0]?.nom).toMatch(/^Adam/);
    expect(prophets[24]?.nom).toMatch(/^Muhammad/);
  });

  it('tells each story in a real paragraph', () => {
    for (const p of prophets) expect(p.histoire.split(/\s+/).length, p.nom).toBeGreaterThanOrEqual(60);
  });
});

describe('histoire.json', () => {
  const { historiqueMusulman: periods } = HistorySchema.parse(read('histoire.json'));

  it('has the 7 periods from 610 to the present', () => {
    expect(periods).toHaveLength(7);
    expect(periods[0]?.titre_periode).toMatch(/^610-622 : Les Débuts de l'Islam/);
    expect(periods[6]?.titre_periode).toMatch(/^1924-présent/);
  });

  it('has at least 60 dated events', () => {
    const events = periods.flatMap((p) => p.evenements);
    expect(events.length).toBeGreaterThanOrEqual(60);
    for (const e of events) expect(e.date, e.titre).toMatch(/\d{3,4}/);
  });
});

describe('invocations.json', () => {
  const categories = InvocationCategoriesSchema.parse(read('invocations.json'));

  it('has the 13 categories with 4 to 8 invocations each, 8 for protection', () => {
    expect(categories.map((c) => c.title)).toEqual([
      'Invocations du quotidien',
      'Demande de pardon',
      'Glorification et reconnaissance',
      'Demande de bénédictions',
      'Protection',
      'Santé',
      'Guidance',
      'Famille',
      'Voyages',
      'Épreuves',
      'Succès',
      'Prospérité',
      'Sagesse',
    ]);
    for (const c of categories) {
      expect(c.invocations.length, c.title).toBeGreaterThanOrEqual(4);
      expect(c.invocations.length, c.title).toBeLessThanOrEqual(8);
    }
    expect(categories.find((c) => c.title === 'Protection')?.invocations).toHaveLength(8);
  });

  it('has no invocation twice', () => {
    expect(unique(categories.flatMap((c) => c.invocations.map((i) => i.invocation_arabe)))).toBe(true);
  });
});

describe('coursArabe.json', () => {
  const course = ArabicCourseSchema.parse(read('coursArabe.json'));

  it('has Module 1 with Cours 1 to 7 and Module 2 with Cours 8 to 10', () => {
    expect(course.modules.map((m) => m.cours.map((c) => c.numero))).toEqual([
      [1, 2, 3, 4, 5, 6, 7],
      [8, 9, 10],
    ]);
  });

  it('teaches the pronoun suffixes and the feminine with the tâ marbûta', () => {
    const lessons = course.modules.flatMap((m) => m.cours);
    const all = (c: (typeof lessons)[number]) =>
      [c.titre, ...c.explication, ...c.exemples.map((e) => e.arabe)].join(' ');
    expect(
      lessons.some(
        (c) => /suffixe/i.test(c.titre) && ['ـكَ', 'ـهَا', 'كِتَابِي'].every((s) => all(c).includes(s)),
      ),
    ).toBe(true);
    expect(lessons.some((c) => /féminin/i.test(c.titre) && all(c).includes('ة'))).toBe(true);
  });

  it('embeds in every course the video REFERENCE §4 gives it, with its private-link key', () => {
    const videos = course.modules.flatMap((m) =>
      m.cours.map((c) => [c.numero, c.video.vimeoId, c.video.vimeoHash]),
    );
    expect(videos).toEqual([
      [1, '203278852', 'd00036e011a'],
      [2, '203510380', 'a4331cdd0e'],
      [3, '208735597', 'be9ef74fd1'],
      [4, '208796800', '449263f4ff'],
      [5, '208945111', '579cf810da'],
      [6, '209051437', 'bd4e35a339'],
      [7, '209195442', '5461fddcb7'],
      [8, '209369701', '1b880c146a'],
      [9, '209625918', undefined],
      [10, '209732742', undefined],
    ]);
  });

  it('opens with a dialogue between Khalid and Siyad, its punctuation and its homework', () => {
    const first = course.modules[0]?.cours[0];
    expect(new Set(first?.dialogue?.map((line) => line.personnage))).toEqual(new Set(['Khalid', 'Siyad']));
    const dialogue = first?.dialogue?.map((line) => line.arabe).join(' ') ?? '';
    expect(dialogue).toContain('،');
    expect(dialogue).toContain('؟');
    expect(first?.explication.join(' ')).toMatch(/fâṣila[\s\S]*‘alâmat al-istifhâm/);
    expect(first?.devoirs?.join(' ')).toMatch(/par cœur[\s\S]*cinq fois/);
  });

  it('teaches the feminine proper names as diptotes: no tanwin, a fatḥa in place of the kasra, Ḥamza too', () => {
    const lessons = course.modules[1]?.cours ?? [];
    const examples = lessons.flatMap((c) => c.exemples.map((e) => e.arabe));
    // After a preposition or as a complement, the name ends in a fatḥa (U+064E), never a kasra or a tanwin.
    for (const name of ['فَاطِمَةَ', 'زَيْنَبَ', 'حَمْزَةَ']) {
      expect(
        examples.some((e) => e.endsWith(name)),
        name,
      ).toBe(true);
    }
    expect(examples).toContain('هٰذِهِ فَاطِمَةُ');
    const text = lessons.flatMap((c) => c.explication).join(' ');
    expect(text).toMatch(/diptote/);
    expect(text).toMatch(/Ḥamza/);
  });

  it("teaches the speaker's yâ' of ismî and the addressee's kâf of ismuka", () => {
    const examples = (course.modules[1]?.cours ?? []).flatMap((c) => c.exemples.map((e) => e.arabe));
    expect(examples).toContain('اِسْمِي خَالِدٌ');
    expect(examples).toContain('مَا اسْمُكَ؟');
  });

  it('has every image it names, as an SVG with a title', () => {
    for (const image of course.modules.flatMap((m) => m.cours.flatMap((c) => c.images))) {
      const svg = fs.readFileSync(path.join(assets, '..', image.src), 'utf8');
      expect(svg, image.src).toMatch(/^(<\?xml[^>]*>\s*)?<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
      expect(svg, image.src).toMatch(/<title[ >]/);
    }
  });
});
