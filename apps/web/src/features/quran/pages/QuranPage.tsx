import { Checkbox, Group, NativeSelect } from '@mantine/core';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/InlineInput.css';
import { Link, useLocation, useParams } from 'react-router';
import { PageTitle } from '../../../components/PageTitle';
import { ScreenStateView } from '../../../components/ScreenStateView';
import { TranslationNotes } from '../../../components/TranslationNotes';
import { notesFor } from '../../../lib/fr-hamidullah-notes';
import { screenStateOf } from '../../../lib/screen-state';
import type { Language } from '../playback';
import { useSurah, useSurahList } from '../quran-api';
import { DEFAULT_SHOWN, type ShownTexts } from '../reader-memory';
import type { Verse } from '../verses';
import { FloatingPlayer } from '../components/FloatingPlayer';
import { BackToTop, BackToVerse } from '../components/BackToTop';
import { RecitationSettings } from '../components/RecitationSettings';
import { SearchForm } from '../components/SearchForm';
import { ShareVerseDialog } from '../components/ShareVerseDialog';
import '../quran-font.css';
import classes from '../quran.module.css';
import { chapterLabel } from '../chapter-label';

const CHAPTER_WITHOUT_BASMALA = 9;
const CHAPTER_WHERE_BASMALA_IS_VERSE_1 = 1;

/** A whole number within [min, max] written in the address, else undefined. */
function numberFrom(param: string | undefined, max: number): number | undefined {
  const n = Number(param);
  return param !== undefined && Number.isInteger(n) && n >= 1 && n <= max ? n : undefined;
}

/** A verse's own play button, its recitation in `data-audio`; the island keeps its state and label. */
function PlayButton(props: { verse: number; language: Language; audio: string }) {
  const what = props.language === 'ar' ? 'en arabe' : 'en français';
  return (
    <button
      type="button"
      className={classes.playVerse}
      aria-pressed="false"
      disabled
      aria-label={`Écouter le verset ${props.verse} ${what}`}
      data-verse={props.verse}
      data-language={props.language}
      data-audio={props.audio}
    >
      ▶
    </button>
  );
}

/** Each text the reader can show or hide, marked for the island (the device remembers the choice). */
const TEXTS: { key: keyof ShownTexts; label: string }[] = [
  { key: 'arabic', label: 'Arabe' },
  { key: 'french', label: 'Français' },
  { key: 'transliteration', label: 'Translittération' },
];

/**
 * The chapter reader (SPEC §2.1 coran, §4): a chapter, its verses in the chosen texts, and its recitation
 * verse by verse in Arabic, French or both, the current verse highlighted and kept in the middle of the view.
 * Drawn by the server for each chapter (decision 22): the verses are HTML, and the 'quran-reader' island
 * (src/islands/quran-reader.ts) runs the choices, the recitation and the device's memory.
 */
export function QuranPage() {
  const params = useParams();
  const { pathname } = useLocation();
  // /coran/2/255 draws chapter 2; the island opens it at verse 255.
  const chapter = numberFrom(params.chapter, 114) ?? 1;
  const surahs = useSurahList();
  const surah = useSurah(chapter);
  // The Basmala shown above a chapter is quoted from the text itself: verse 1 of chapter 1.
  const showsBasmala = chapter !== CHAPTER_WITHOUT_BASMALA && chapter !== CHAPTER_WHERE_BASMALA_IS_VERSE_1;
  const basmala = useSurah(CHAPTER_WHERE_BASMALA_IS_VERSE_1, showsBasmala).data?.[0]?.arabic;
  const chapterTitle = surahs.data?.find((s) => s.number === chapter)?.englishName ?? `Sourate ${chapter}`;

  return (
    <div
      data-island="quran-reader"
      data-base={pathname.startsWith('/embed/') ? '/embed/coran' : '/coran'}
      data-chapter={chapter}
      data-title={chapterTitle}
    >
      <PageTitle>Le Saint Coran</PageTitle>
      <div className={classes.controls}>
        <SearchForm />
        {surahs.data && (
          <NativeSelect
            label="Sourate"
            defaultValue={String(chapter)}
            data={surahs.data.map((s) => ({ value: String(s.number), label: chapterLabel(s) }))}
            maw={420}
          />
        )}
        <Group gap="lg" mt="md" role="group" aria-label="Textes affichés">
          {TEXTS.map(({ key, label }) => (
            <Checkbox key={key} label={label} defaultChecked={DEFAULT_SHOWN[key]} data-shows={key} />
          ))}
        </Group>
      </div>
      <ScreenStateView screen={screenStateOf(surah)} loadingLabel="Chargement de la sourate">
        {(chapterVerses) => (
          <>
            {showsBasmala && basmala && (
              <p lang="ar" dir="rtl" className={classes.basmala} data-testid="basmala">
                {basmala}
              </p>
            )}
            <ol className={classes.verses}>
              {chapterVerses.map((verse: Verse) => (
                <li key={verse.number} id={`verset-${verse.number}`} className={classes.verse}>
                  <div className={classes.verseHead}>
                    <p className={classes.verseNumber}>
                      Verset {verse.number} / {chapterVerses.length}
                    </p>
                    <button
                      type="button"
                      className={classes.share}
                      aria-haspopup="dialog"
                      aria-label={`Copier ou partager le verset ${verse.number}`}
                      disabled
                      data-share-verse={verse.number}
                    >
                      <span aria-hidden="true">⤴</span>
                    </button>
                  </div>
                  <div className={classes.line} data-text="arabic">
                    <PlayButton verse={verse.number} language="ar" audio={verse.audio.ar} />
                    <p lang="ar" dir="rtl" className={classes.arabic}>
                      {verse.arabic}
                    </p>
                  </div>
                  <div className={classes.line} data-text="french">
                    <PlayButton verse={verse.number} language="fr" audio={verse.audio.fr} />
                    <div className={classes.frenchBlock}>
                      <p className={classes.french}>{verse.french}</p>
                      {/* The published text stays as it is; its evident typos are noted under it. */}
                      <TranslationNotes notes={notesFor(chapter, [verse.number], verse.french)} />
                    </div>
                  </div>
                  <p className={classes.transliteration} data-text="transliteration">
                    {verse.transliteration}
                  </p>
                </li>
              ))}
            </ol>
            <p className={classes.credit} data-text="french">
              Traduction française de Muhammad Hamidullah, d'après Tanzil.net, pour un usage non commercial
              seulement (<Link to="/sources">sources et conditions</Link>).
            </p>
            <RecitationSettings verseCount={chapterVerses.length} />
            <ShareVerseDialog />
          </>
        )}
      </ScreenStateView>
      <FloatingPlayer />
      <BackToVerse />
      <BackToTop />
    </div>
  );
}
