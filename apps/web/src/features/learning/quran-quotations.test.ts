/**
 * Every verse the learning pages quote, compared with the text the Quran reader serves, so the site never
 * quotes the same verse two ways.
 *
 * The rule (one for every page):
 * - French: the reference is the text the reader serves, Hamidullah's translation from the npm package
 *   quran-json (`translation`, read by test/served-quran.ts as the API's bundled-quran.ts reads it),
 *   punctuation, capitals and spacing included. That copy of Tanzil's fr.hamidullah has lost the punctuation
 *   that ends each verse there, so a quotation that runs to the end of a verse ends without it, exactly as
 *   the reader shows the verse. When the reader's French changes (another package, version or source),
 *   these quotations must follow it, and this test fails until they do. A quotation is one contiguous
 *   extract of its cited verse, or of its run of cited verses joined by one space; it starts and ends at a
 *   word's edge and reaches from the first cited verse to the last. It may begin or stop inside a verse
 *   (the reference says where to read the whole), but nothing in between is left out, changed or added; an
 *   omission inside a quotation would have to be written " […] ", each piece then being checked in turn (no
 *   quotation needs one today).
 * - An invocation card shows the verse's words on their own, not inside a sentence of ours: it also keeps
 *   the punctuation the served text puts right after its last word (a card stops before a closing » only).
 * - Evident typos of the served text are quoted as they are; the site's note under the quotation says
 *   what that text has and how it reads (lib/fr-hamidullah-notes.json, the same notes the reader shows).
 *   Never a silent correction.
 * - Arabic (the invocation cards): the cards write the verses in the common Uthmani spelling of printed
 *   invocation books, not in the King Fahd Complex's encoding that the reader serves (quran-json's `text`).
 *   Both are compared after removing the vowel and Quranic reading marks and writing each hamza and alif
 *   the same way (normalisedArabic below): what is left, the letters of the words, must be identical.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  DivineNamesSchema,
  HistorySchema,
  InvocationCategoriesSchema,
  ProphetsSchema,
  type QuranCitation,
  type QuranReference,
} from '@app/contracts';
import { TRANSLATION_NOTES, notesFor } from '../../lib/fr-hamidullah-notes';
import { servedArabic, servedFrench } from '../../test/served-quran';

const assets = path.resolve(import.meta.dirname, '../../../public/assets');
const read = (file: string): unknown => JSON.parse(fs.readFileSync(path.join(assets, file), 'utf8'));

/** The verses of a reference, each verse's text, or a failure naming the missing verse. */
function versesOf(ref: QuranReference, textOf: (chapter: number, verse: number) => string | undefined) {
  return ref.versets.map((verse) => {
    const text = textOf(ref.sourate, verse);
    if (text === undefined) throw new Error(`no verse ${ref.sourate}:${verse}`);
    return text;
  });
}
const frenchVerses = (ref: QuranReference) => versesOf(ref, servedFrench);

const WORD_CHARACTER = /[\p{L}\p{N}\p{M}]/u;
/** Whether two characters are both inside a word, so a cut between them would cut the word. */
const sameWord = (before: string | undefined, after: string | undefined) =>
  WORD_CHARACTER.test(before ?? '') && WORD_CHARACTER.test(after ?? '');

/**
 * Where `quote` lies in the verses joined by a space: its start and end, if it is one extract beginning and
 * ending at a word's edge and reaching from the first verse to the last; otherwise a reason.
 */
function findExtract(verses: string[], quote: string): { start: number; end: number } | string {
  const text = verses.join(' ');
  const lastVerseStart = text.length - (verses.at(-1) ?? '').length;
  const pieces = quote.split(' […] ');
  let from = 0;
  let start = -1;
  for (const piece of pieces) {
    let at = text.indexOf(piece, from);
    const atWordEdges = (i: number) =>
      !sameWord(text[i - 1], piece[0]) && !sameWord(piece.at(-1), text[i + piece.length]);
    while (at >= 0 && !atWordEdges(at)) at = text.indexOf(piece, at + 1);
    if (at < 0) return `« ${piece} » is not, word for word, in the served text: ${text}`;
    if (start < 0) start = at;
    from = at + piece.length;
  }
  if (start >= (verses[0] ?? '').length) return 'the quotation does not begin in the first verse it cites';
  if (from <= lastVerseStart) return 'the quotation does not reach the last verse it cites';
  return { start, end: from };
}

/**
 * Arabic letters only: no vowel, shadda, sukun, dagger alif or reading mark, no tatweel; every hamza
 * written ء (alif madda as ء then alif, as the King Fahd text spells it), alif wasla as
 * alif, alif maqsura as ya. Both spellings of a verse give the same letters this way.
 */
function normalisedArabic(text: string): string {
  return text
    .replace(/أ\u0653/g, 'آ') // alif madda written as hamza on alif with a madda mark
    .replace(/[\u0654\u0655]/g, 'ء') // hamza written as a mark above or below its seat
    .replace(/آ/g, 'ءا')
    .replace(/[أإؤئ]/g, 'ء')
    .replace(/ٱ/g, 'ا')
    .replace(/ى/g, 'ي')
    .replace(/[\u064B-\u065F\u0670\u06D6-\u06ED\u0640]/g, '')
    .replace(/ـ/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

const invocations = InvocationCategoriesSchema.parse(read('invocations.json')).flatMap((c) => c.invocations);
/** The invocations taken from the Quran, with their reference. */
const quranInvocations = invocations.flatMap((i) => (i.coran ? [{ ...i, coran: i.coran }] : []));
const prophets = ProphetsSchema.parse(read('propheteHistory.json'));
const names = DivineNamesSchema.parse(read('namesOfAllah.json'));
const events = HistorySchema.parse(read('histoire.json')).historiqueMusulman.flatMap((p) => p.evenements);

const label = (ref: QuranReference) => `${ref.sourate}:${ref.versets.join('-')}`;
/** "verset 7" or "versets 97-98" (with the given word or sign between the first and the last). */
function verseRange({ versets }: QuranReference, between: string) {
  const [first, last] = [versets[0], versets.at(-1)];
  return first === last ? `verset ${first}` : `versets ${first}${between}${last}`;
}

describe('invocations.json: the verses', () => {
  it('gives every Quran invocation its reference in a form the tests read, the same as its source', () => {
    expect(quranInvocations.length).toBeGreaterThanOrEqual(30);
    for (const invocation of invocations) {
      const { coran } = invocation;
      const written = coran && `Coran, sourate ${coran.sourate}, ${verseRange(coran, '-')}`;
      expect(written, invocation.source).toBe(
        invocation.source.startsWith('Coran') ? invocation.source : undefined,
      );
    }
  });

  it('quotes the French of each verse exactly as the reader serves it, up to its punctuation', () => {
    const problems = quranInvocations.flatMap(({ coran, invocation_francais: french }) => {
      const verses = frenchVerses(coran);
      const found = findExtract(verses, french);
      if (typeof found === 'string') return [`${label(coran)}: ${found}`];
      const next = verses.join(' ').slice(found.end);
      return /^[.,;:!?…]/.test(next)
        ? [`${label(coran)}: stops before the served text's « ${next[0]} »`]
        : [];
    });
    expect(problems).toEqual([]);
  });

  it("quotes the Arabic of each verse with the reader's words, letter for letter", () => {
    const problems = quranInvocations.flatMap(({ coran, invocation_arabe: arabic }) => {
      const found = findExtract(
        versesOf(coran, servedArabic).map(normalisedArabic),
        normalisedArabic(arabic),
      );
      return typeof found === 'string' ? [`${label(coran)}: ${found}`] : [];
    });
    expect(problems).toEqual([]);
  });
});

/** The quotations of a text, with the text they are quoted in. */
type Quoting = { where: string; prose: string; citations: QuranCitation[] | undefined };
const quoting: Record<string, Quoting[]> = {
  'propheteHistory.json': prophets.map((p) => ({ where: p.nom, prose: p.histoire, citations: p.citations })),
  'namesOfAllah.json': names.map((n) => ({
    where: n.transliteration,
    prose: n.description,
    citations: n.citations,
  })),
  'histoire.json': events.map((e) => ({ where: e.titre, prose: e.description, citations: e.citations })),
};

/**
 * What these texts put between « » that is not a verse: hadith formulas, glosses and names. Any other
 * « … » must be a listed Quran quotation, so no quotation escapes the comparison.
 */
const NOT_QURAN: Record<string, string[]> = {
  'propheteHistory.json': [],
  'namesOfAllah.json': [
    'Allâhumma anta s-salâm wa minka s-salâm',
    "Subhâna rabbiya l-'azîm",
    "Subhâna rabbiya l-a'lâ",
    'Allâhu akbar',
    'innaka hamîdun majîd',
    'Tu es Celui qui fait avancer et Tu es Celui qui fait reculer',
    "Tu es le Premier, rien n'est avant Toi",
    "Tu es le Dernier, rien n'est après Toi",
    "Tu es l'Apparent, rien n'est au-dessus de Toi",
    "Allâhumma innaka 'afuwwun tuhibbu l-'afwa fa'fu 'annî",
    'Tabârakta dhâ l-jalâli wa l-ikrâm',
    'Ô Allah, nul ne peut empêcher ce que Tu donnes ni donner ce que Tu empêches',
  ],
  'histoire.json': [
    'Année de la tristesse',
    'la montagne de Târiq',
    'cinquième calife bien guidé',
    'la Cité de la paix',
    'algorithme',
    'le Législateur',
    'réorganisations',
  ],
};

/** The reference as the text writes it after a quotation. */
const writtenReference = (c: QuranCitation) => `(sourate ${c.sourate}, ${verseRange(c, ' à ')})`;

for (const [file, texts] of Object.entries(quoting)) {
  describe(`${file}: the verses it quotes`, () => {
    it('lists every quotation in « » with its reference, the first one the text gives after it', () => {
      for (const { where, prose, citations = [] } of texts) {
        const quoted = [...prose.matchAll(/« ((?:(?!« | »).)+) »/g)].map((m) => m[1] ?? '');
        const unlisted = quoted.filter(
          (q) => !citations.some((c) => c.texte === q) && !(NOT_QURAN[file] ?? []).includes(q),
        );
        expect(unlisted, where).toEqual([]);
        for (const citation of citations) {
          const at = prose.indexOf(`« ${citation.texte} »`);
          expect(at, `${where}: « ${citation.texte} »`).toBeGreaterThanOrEqual(0);
          const nextReference = /\(sourate \d+, versets? \d+( à \d+)?\)/.exec(prose.slice(at));
          expect(nextReference?.[0], `${where}: « ${citation.texte} »`).toBe(writtenReference(citation));
        }
      }
    });

    it('quotes each verse exactly as the reader serves it', () => {
      const citations = texts.flatMap((t) => t.citations ?? []);
      expect(citations.length).toBeGreaterThan(0);
      const problems = citations.flatMap((citation) => {
        const found = findExtract(frenchVerses(citation), citation.texte);
        return typeof found === 'string' ? [`${label(citation)}: ${found}`] : [];
      });
      expect(problems).toEqual([]);
    });
  });
}

describe('the notes on the typos of the served French', () => {
  it('each names words found once in its verse, and reads them differently', () => {
    for (const note of TRANSLATION_NOTES) {
      const [chapter, verseNumber] = note.verse.split(':').map(Number);
      const verse = servedFrench(chapter ?? 0, verseNumber ?? 0) ?? '';
      expect(verse.split(note.published).length - 1, `${note.verse} « ${note.published} »`).toBe(1);
      expect(note.reading).not.toBe(note.published);
    }
  });

  it('are shown under the quotations that keep those typos', () => {
    const shown = (ref: QuranReference, text: string) =>
      notesFor(ref.sourate, ref.versets, text).map((n) => n.published);
    const invocation = (source: string) => {
      const found = quranInvocations.find((i) => i.source === source);
      return found && shown(found.coran, found.invocation_francais);
    };
    expect(invocation('Coran, sourate 20, verset 114')).toEqual(['accroît mes connaissances']);
    expect(invocation('Coran, sourate 2, verset 32')).toEqual(['Tu nous a appris']);
    expect(invocation('Coran, sourate 2, verset 201')).toEqual(['Accorde nous']);
    expect(invocation('Coran, sourate 18, verset 10')).toEqual(['assure nous']);
    const quoted = Object.values(quoting)
      .flat()
      .flatMap((t) => t.citations ?? [])
      .flatMap((c) => shown(c, c.texte));
    expect(quoted.toSorted()).toEqual(
      [
        'Tu nous a appris',
        "t'es commandé",
        'Ball',
        'mon Seigneur, est gardien',
        'vraiment, digne',
      ].toSorted(),
    );
  });
});
