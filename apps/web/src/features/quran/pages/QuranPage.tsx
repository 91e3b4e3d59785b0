import { useEffect, useMemo, useState } from 'react';
import { Checkbox, Group, NativeSelect } from '@mantine/core';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/InlineInput.css';
import { Link, useNavigate, useParams } from 'react-router';
import { PageTitle } from '../../../components/PageTitle';
import { ScreenStateView } from '../../../components/ScreenStateView';
import { TranslationNotes } from '../../../components/TranslationNotes';
import { notesFor } from '../../../lib/fr-hamidullah-notes';
import { screenStateOf } from '../../../lib/screen-state';
import { useHydrated } from '../../../lib/use-hydrated';
import { isPlayingMode, isPlayingVerse, type Language, type VerseAudio } from '../playback';
import { useSurah, useSurahList } from '../quran-api';
import { useRecitation } from '../use-recitation';
import { DEFAULT_SHOWN, recallReader, rememberReader, type ShownTexts } from '../reader-memory';
import type { Verse } from '../verses';
import { FloatingPlayer } from '../components/FloatingPlayer';
import { BackToTop } from '../components/BackToTop';
import classes from '../quran.module.css';
import { chapterLabel } from '../chapter-label';

const CHAPTER_WITHOUT_BASMALA = 9;
const CHAPTER_WHERE_BASMALA_IS_VERSE_1 = 1;

/** A whole number within [min, max] written in the address, else undefined. */
function numberFrom(param: string | undefined, max: number): number | undefined {
  const n = Number(param);
  return param !== undefined && Number.isInteger(n) && n >= 1 && n <= max ? n : undefined;
}

function PlayButton(props: {
  playing: boolean;
  verse: number;
  language: Language;
  disabled: boolean;
  onPlay: () => void;
}) {
  const what = props.language === 'ar' ? 'en arabe' : 'en français';
  return (
    <button
      type="button"
      className={classes.playVerse}
      aria-pressed={props.playing}
      disabled={props.disabled}
      aria-label={`${props.playing ? 'Mettre en pause' : 'Écouter'} le verset ${props.verse} ${what}`}
      onClick={props.onPlay}
    >
      {props.playing ? '❚❚' : '▶'}
    </button>
  );
}

/**
 * The chapter reader (SPEC §2.1 coran, §4): a chapter, its verses in the chosen texts, and its recitation
 * verse by verse in Arabic, French or both, the current verse highlighted and kept in the middle of the view.
 */
export function QuranPage() {
  const params = useParams();
  const navigate = useNavigate();
  // The page's controls wait for the app when it was prerendered (see useHydrated).
  const hydrated = useHydrated();
  // What this device remembers is read once the page is the app's: the prerendered HTML cannot know it.
  const memory = useMemo(() => (hydrated ? recallReader() : null), [hydrated]);
  const chapter = numberFrom(params.chapter, 114) ?? 1;
  // /coran/2/255 opens chapter 2 at verse 255.
  const linkedVerse = numberFrom(params.verse, 286);
  const surahs = useSurahList();
  const surah = useSurah(chapter);
  // The Basmala shown above a chapter is quoted from the text itself: verse 1 of chapter 1.
  const showsBasmala = chapter !== CHAPTER_WITHOUT_BASMALA && chapter !== CHAPTER_WHERE_BASMALA_IS_VERSE_1;
  const basmala = useSurah(CHAPTER_WHERE_BASMALA_IS_VERSE_1, showsBasmala).data?.[0]?.arabic;
  const chapterTitle = surahs.data?.find((s) => s.number === chapter)?.englishName ?? `Sourate ${chapter}`;
  const { state, dispatch } = useRecitation(chapterTitle);
  const [shownChoice, setShown] = useState<ShownTexts | null>(null);
  const shown = shownChoice ?? memory?.shown ?? DEFAULT_SHOWN;
  const verses = surah.data ?? [];
  const audio: VerseAudio[] = verses.map((v) => v.audio);

  // A reader who comes back to /coran finds the chapter and verse where they stopped.
  useEffect(() => {
    if (params.chapter === undefined && memory && (memory.chapter !== 1 || memory.verse !== 1)) {
      navigate(`/coran/${memory.chapter}/${memory.verse}`, { replace: true });
    }
  }, [params.chapter, memory, navigate]);

  // A new chapter stops the recitation and starts again at verse 1, or at the verse the address names.
  useEffect(() => {
    dispatch(linkedVerse ? { type: 'goToVerse', verse: linkedVerse - 1 } : { type: 'reset' });
  }, [chapter, linkedVerse, dispatch]);

  // Once the chapter is on screen, the verse the address names is brought into view.
  const loaded = surah.data !== undefined;
  useEffect(() => {
    if (loaded && linkedVerse)
      document.getElementById(`verset-${linkedVerse}`)?.scrollIntoView({ block: 'center' });
  }, [loaded, linkedVerse]);

  useEffect(() => {
    if (hydrated) rememberReader({ chapter, verse: state.currentVerse + 1, shown });
  }, [hydrated, chapter, state.currentVerse, shown]);

  // The verse being recited is brought to the middle of the view.
  useEffect(() => {
    if (state.mode === 'none' && !state.single) return;
    document
      .getElementById(`verset-${state.currentVerse + 1}`)
      ?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  }, [state.currentVerse, state.mode, state.single]);

  const toggle = (key: keyof ShownTexts) => setShown({ ...shown, [key]: !shown[key] });

  return (
    <>
      <PageTitle>Le Saint Coran</PageTitle>
      <div className={classes.controls}>
        {surahs.data && (
          <NativeSelect
            label="Sourate"
            value={String(chapter)}
            onChange={(event) => navigate(`/coran/${event.currentTarget.value}`)}
            data={surahs.data.map((s) => ({
              value: String(s.number),
              label: chapterLabel(s),
            }))}
            maw={420}
            disabled={!hydrated}
          />
        )}
        <Group gap="lg" mt="md" role="group" aria-label="Textes affichés">
          <Checkbox
            label="Arabe"
            checked={shown.arabic}
            onChange={() => toggle('arabic')}
            disabled={!hydrated}
          />
          <Checkbox
            label="Français"
            checked={shown.french}
            onChange={() => toggle('french')}
            disabled={!hydrated}
          />
          <Checkbox
            label="Translittération"
            checked={shown.transliteration}
            onChange={() => toggle('transliteration')}
            disabled={!hydrated}
          />
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
              {chapterVerses.map((verse: Verse, index) => (
                <li
                  key={verse.number}
                  id={`verset-${verse.number}`}
                  className={classes.verse}
                  data-current={
                    index === state.currentVerse &&
                    (state.mode !== 'none' || state.single !== null || linkedVerse === verse.number)
                  }
                >
                  <p className={classes.verseNumber}>
                    Verset {verse.number} / {chapterVerses.length}
                  </p>
                  {shown.arabic && (
                    <div className={classes.line}>
                      <PlayButton
                        playing={isPlayingVerse(state, index, 'ar')}
                        verse={verse.number}
                        language="ar"
                        disabled={!hydrated}
                        onPlay={() =>
                          dispatch({ type: 'playVerse', verse: index, language: 'ar', verses: audio })
                        }
                      />
                      <p lang="ar" dir="rtl" className={classes.arabic}>
                        {verse.arabic}
                      </p>
                    </div>
                  )}
                  {shown.french && (
                    <div className={classes.line}>
                      <PlayButton
                        playing={isPlayingVerse(state, index, 'fr')}
                        verse={verse.number}
                        language="fr"
                        disabled={!hydrated}
                        onPlay={() =>
                          dispatch({ type: 'playVerse', verse: index, language: 'fr', verses: audio })
                        }
                      />
                      <div className={classes.frenchBlock}>
                        <p className={classes.french}>{verse.french}</p>
                        {/* The published text stays as it is; its evident typos are noted under it. */}
                        <TranslationNotes notes={notesFor(chapter, [verse.number], verse.french)} />
                      </div>
                    </div>
                  )}
                  {shown.transliteration && (
                    <p className={classes.transliteration}>{verse.transliteration}</p>
                  )}
                </li>
              ))}
            </ol>
            {shown.french && (
              <p className={classes.credit}>
                Traduction française de Muhammad Hamidullah, d'après Tanzil.net, pour un usage non commercial
                seulement (
                <Link to="/sources" reloadDocument>
                  sources et conditions
                </Link>
                ).
              </p>
            )}
          </>
        )}
      </ScreenStateView>
      <FloatingPlayer
        playingMode={(['ar', 'fr', 'arfr'] as const).find((m) => isPlayingMode(state, m)) ?? null}
        onMode={(mode) => dispatch({ type: 'playMode', mode, verses: audio })}
        disabled={!loaded || !hydrated}
      />
      <BackToTop onTop={() => dispatch({ type: 'reset' })} />
    </>
  );
}
