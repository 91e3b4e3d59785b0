/**
 * The Quran reader's controls (features/quran/pages/QuranPage.tsx, drawn by the server for each chapter):
 * the chapter and the texts shown, the recitation verse by verse through the playback state machine
 * (features/quran/playback.ts, every rule tested there) with its reciter, speeds and repetition, the floating
 * player, the verse recited kept in view, back-to-top, the phone's lock screen, and what the device remembers. The verses stay HTML: this only sets their state (the verse
 * followed, each button's label) and scrolls.
 */
import { FRENCH_VOICE } from '@app/contracts';
import {
  currentClip,
  initialPlayback,
  MAX_FAILURES_IN_ROW,
  playbackReducer,
  type Language,
  type Mode,
  type PlaybackEvent,
  type VerseAudio,
} from '../features/quran/playback';
import {
  DEFAULT_SHOWN,
  recallReader,
  rememberReader,
  type ShownTexts,
} from '../features/quran/reader-memory';
import {
  DEFAULT_SETTINGS,
  recallSettings,
  rememberSettings,
  type ReaderSettings,
} from '../features/quran/reader-settings';
import { createRecitationAudio } from '../features/quran/recitation-audio';
import { bindVerseFollowing } from '../features/quran/verse-following';
import { fetchReciterAudio } from '../features/quran/reciter-audio';
import { bindBackToTop, bindDragging } from '../features/quran/player-place';
import { bindSettingsButton, bindShareButtons } from '../features/quran/dialog-buttons';
import { drawReader } from '../features/quran/reader-drawing';
import { reciterAccount } from '../features/quran/reciter-account';
import { hasStoredSession } from '../lib/session/token-store';
const SHOWN_KEYS = Object.keys(DEFAULT_SHOWN) as (keyof ShownTexts)[];

export function bind(root: HTMLElement): void {
  const base = root.dataset.base ?? '/coran';
  const chapter = Number(root.dataset.chapter);
  const chapterTitle = root.dataset.title ?? '';
  const [, chapterParam, verseParam] =
    /\/coran(?:\/([^/]+))?(?:\/([^/]+))?/.exec(window.location.pathname) ?? [];
  const memory = recallReader();

  // A reader who comes back to /coran finds the chapter and verse where they stopped.
  if (chapterParam === undefined && memory && (memory.chapter !== 1 || memory.verse !== 1)) {
    window.location.replace(`${base}/${memory.chapter}/${memory.verse}`);
    return;
  }

  const select = root.querySelector<HTMLSelectElement>('select');
  const drawnChapter = select?.querySelector<HTMLOptionElement>('option[selected]')?.value;
  const goToChapter = () => {
    if (select) window.location.assign(`${base}/${select.value}`);
  };
  // A chapter chosen before this ran is opened now.
  if (select && drawnChapter !== undefined && select.value !== drawnChapter) return goToChapter();
  select?.addEventListener('change', goToChapter);

  const items = [...root.querySelectorAll<HTMLLIElement>('li[id^="verset-"]')];
  // /coran/2/255 opens chapter 2 at verse 255.
  const linked = Number(verseParam);
  const linkedVerse = Number.isInteger(linked) && linked >= 1 && linked <= items.length ? linked : undefined;
  const verseButtons = [...root.querySelectorAll<HTMLButtonElement>('button[data-verse]')];
  const modeButtons = [...root.querySelectorAll<HTMLButtonElement>('button[data-mode]')];
  const verses: VerseAudio[] = items.map(() => ({ ar: '', fr: '' }));
  for (const button of verseButtons) {
    const audio = verses[Number(button.dataset.verse) - 1];
    if (audio) audio[button.dataset.language as Language] = button.dataset.audio ?? '';
  }

  // The texts shown: the boxes as the reader left them on this device, unless they were changed before this ran.
  const boxes = new Map(
    SHOWN_KEYS.map((key) => [key, root.querySelector<HTMLInputElement>(`input[data-shows="${key}"]`)]),
  );
  const shown = (): ShownTexts => ({
    arabic: boxes.get('arabic')?.checked ?? DEFAULT_SHOWN.arabic,
    french: boxes.get('french')?.checked ?? DEFAULT_SHOWN.french,
    transliteration: boxes.get('transliteration')?.checked ?? DEFAULT_SHOWN.transliteration,
  });
  const untouched = SHOWN_KEYS.every((key) => boxes.get(key)?.checked === DEFAULT_SHOWN[key]);
  if (memory && untouched) {
    for (const key of SHOWN_KEYS) {
      const box = boxes.get(key);
      if (box) box.checked = memory.shown[key];
    }
  }
  // One attribute for the whole page, read by the verses' styles (features/quran/quran.module.css), which
  // public/reading-preferences.js already set from the same memory before the first paint.
  const showTexts = () => {
    const texts = shown();
    document.documentElement.dataset.texts = SHOWN_KEYS.filter((key) => texts[key]).join(' ');
  };

  let state = linkedVerse
    ? playbackReducer(initialPlayback, { type: 'goToVerse', verse: linkedVerse - 1 })
    : initialPlayback;
  const reciterChoices = [...root.querySelectorAll<HTMLOptionElement>('select[name="reciter"] option')];
  const reciterLabel = (identifier: string) =>
    reciterChoices.find((option) => option.value === identifier)?.text ?? '';
  let settings = recallSettings(reciterChoices.map((option) => option.value));
  state = playbackReducer(state, {
    type: 'setRepetition',
    repetition: { verseTimes: settings.verseTimes, pause: settings.pause },
  });
  /** The mode the loop button starts when nothing plays: the last one chosen, Arabic at first. */
  let lastMode: Exclude<Mode, 'none'> = 'ar';
  const remember = () => rememberReader({ chapter, verse: state.currentVerse + 1, shown: shown() });

  const notice = root.querySelector<HTMLElement>('[data-audio-notice]');
  const say = (message: string) => {
    if (notice && notice.textContent !== message) notice.textContent = message;
  };
  const audio = createRecitationAudio({
    ended: (duration) => {
      // A verse heard in full: any word on an earlier failure is no longer news.
      say('');
      dispatch({ type: 'clipEnded', duration });
    },
    failed: (verse) => {
      dispatch({ type: 'clipFailed' });
      say(
        state.failures >= MAX_FAILURES_IN_ROW
          ? 'La récitation ne se charge plus (connexion perdue ?) : la lecture est arrêtée.'
          : `Le verset ${verse + 1} n’a pas pu être chargé : la lecture passe au suivant.`,
      );
    },
    waitEnded: () => dispatch({ type: 'waitEnded' }),
  });
  const following = bindVerseFollowing(items, root.querySelector('[data-back-to-verse]'));
  following.setAutomatic(settings.follow);

  /** The phone's lock screen and headset buttons (Media Session API) control the same recitation. */
  const showOnLockScreen = () => {
    if (!('mediaSession' in navigator)) return;
    const clip = currentClip(state);
    if (clip) {
      navigator.mediaSession.metadata = new MediaMetadata({
        title: `Verset ${clip.verse + 1}`,
        artist: clip.language === 'ar' ? reciterLabel(settings.reciter) : FRENCH_VOICE.label,
        album: chapterTitle,
      });
    }
    navigator.mediaSession.playbackState = !clip ? 'none' : state.playing ? 'playing' : 'paused';
  };

  const loopButton = root.querySelector<HTMLButtonElement>('[data-loop]');
  const draw = () => drawReader({ items, verseButtons, modeButtons, loopButton, linkedVerse }, state);

  const dispatch = (event: PlaybackEvent) => {
    const before = state;
    state = playbackReducer(state, event);
    if (event.type === 'playMode' || event.type === 'loopVerse') lastMode = event.mode;
    draw();
    audio.follow(state, settings.speed);
    showOnLockScreen();
    if (state.currentVerse !== before.currentVerse) remember();
    const recited = state.mode !== 'none' || state.single !== null;
    const moved =
      state.currentVerse !== before.currentVerse ||
      state.mode !== before.mode ||
      state.single !== before.single;
    following.update(recited ? state.currentVerse : null, moved);
  };

  /** Another Arabic reciter: the verses' addresses are swapped; what played stops where it was. */
  const switchReciter = async (reciter: string) => {
    const addresses =
      reciter === DEFAULT_SETTINGS.reciter ? drawnArabic : await fetchReciterAudio(chapter, reciter);
    addresses.forEach((address, index) => {
      const verse = verses[index];
      if (verse) verse.ar = address;
    });
    if (state.mode !== 'none' || state.single) dispatch({ type: 'goToVerse', verse: state.currentVerse });
  };
  const drawnArabic = verses.map((verse) => verse.ar);
  const account = reciterAccount(hasStoredSession());
  /** `byReader`: the reader chose it here (kept on the account too), rather than this device or the account. */
  const changeSettings = (change: Partial<ReaderSettings>, byReader = true) => {
    const previous = settings;
    settings = { ...settings, ...change };
    rememberSettings(settings);
    following.setAutomatic(settings.follow);
    if (settings.verseTimes !== previous.verseTimes || settings.pause !== previous.pause) {
      dispatch({
        type: 'setRepetition',
        repetition: { verseTimes: settings.verseTimes, pause: settings.pause },
      });
    }
    audio.follow(state, settings.speed);
    if (settings.reciter !== previous.reciter) {
      if (byReader) account.keep(settings.reciter);
      switchReciter(settings.reciter).catch(() => {
        say('Ce récitateur n’a pas pu être chargé : la récitation reste celle d’Ali al-Hudhaify.');
        settings = { ...settings, reciter: DEFAULT_SETTINGS.reciter };
      });
    }
  };

  for (const box of boxes.values()) {
    box?.addEventListener('change', () => {
      showTexts();
      remember();
    });
  }
  for (const button of verseButtons) {
    button.addEventListener('click', () =>
      dispatch({
        type: 'playVerse',
        verse: Number(button.dataset.verse) - 1,
        language: button.dataset.language as Language,
        verses,
      }),
    );
    button.disabled = false;
  }
  for (const button of modeButtons) {
    button.addEventListener('click', () =>
      dispatch({ type: 'playMode', mode: button.dataset.mode as Exclude<Mode, 'none'>, verses }),
    );
    button.disabled = items.length === 0;
  }
  if (loopButton) {
    loopButton.addEventListener('click', () => dispatch({ type: 'loopVerse', mode: lastMode, verses }));
    loopButton.disabled = items.length === 0;
  }
  bindSettingsButton(root, {
    chapter,
    recitation: () => verses.flatMap((verse) => [verse.ar, verse.fr]).filter(Boolean),
    settings: () => settings,
    change: changeSettings,
    range: () => state.repetition.range,
    setRange: (range) => dispatch({ type: 'setRepetition', repetition: { range } }),
  });
  if ('mediaSession' in navigator) {
    navigator.mediaSession.setActionHandler('play', () => dispatch({ type: 'togglePause' }));
    navigator.mediaSession.setActionHandler('pause', () => dispatch({ type: 'togglePause' }));
    navigator.mediaSession.setActionHandler('nexttrack', () => dispatch({ type: 'clipEnded' }));
    navigator.mediaSession.setActionHandler('stop', () => dispatch({ type: 'reset' }));
  }
  bindShareButtons(root, chapter, chapterTitle);
  bindBackToTop(root, () => dispatch({ type: 'reset' }));
  bindDragging(root);

  showTexts();
  draw();
  remember();
  // The verse the address names is brought into view.
  if (linkedVerse) items[linkedVerse - 1]?.scrollIntoView({ block: 'center' });
  // The reciter this device chose, when it is not the one the page was drawn with; then the account's, which
  // wins: it is the reader's latest choice on any device.
  if (settings.reciter !== DEFAULT_SETTINGS.reciter) {
    const chosen = settings.reciter;
    settings = { ...settings, reciter: DEFAULT_SETTINGS.reciter };
    changeSettings({ reciter: chosen }, false);
  }
  void account.recall().then((reciter) => {
    const offered = reciterChoices.some((option) => option.value === reciter);
    if (reciter && offered && reciter !== settings.reciter) changeSettings({ reciter }, false);
  });
}
