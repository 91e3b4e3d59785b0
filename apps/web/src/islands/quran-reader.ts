/**
 * The Quran reader's controls (features/quran/pages/QuranPage.tsx, drawn by the server for each chapter):
 * the chapter and the texts shown, the recitation verse by verse through the playback state machine
 * (features/quran/playback.ts, every rule tested there), the floating player, back-to-top, the phone's lock
 * screen, and what the device remembers. The verses stay HTML: this only sets their state (the verse
 * followed, each button's label) and scrolls.
 */
import {
  currentClip,
  initialPlayback,
  isPlayingMode,
  isPlayingVerse,
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
import { PLAYER_MODES } from '../features/quran/player-modes';

/** Reciters of the two audio editions (REFERENCE §2), named on the phone's lock screen. */
const RECITERS = { ar: 'Ali al-Hudhaify', fr: 'Youssouf Leclerc' } as const;
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
  const showTexts = () => {
    const texts = shown();
    for (const element of root.querySelectorAll<HTMLElement>('[data-text]')) {
      const hidden = !texts[element.dataset.text as keyof ShownTexts];
      if (element.hidden !== hidden) element.hidden = hidden;
    }
  };

  let state = linkedVerse
    ? playbackReducer(initialPlayback, { type: 'goToVerse', verse: linkedVerse - 1 })
    : initialPlayback;
  const remember = () => rememberReader({ chapter, verse: state.currentVerse + 1, shown: shown() });

  const audio = new Audio();
  audio.preload = 'auto';
  /** Loads and plays or pauses what the machine names; a clip that cannot load is reported, so it is skipped. */
  const playCurrentClip = () => {
    const clip = currentClip(state);
    if (!clip?.url) {
      audio.pause();
      audio.removeAttribute('src');
      delete audio.dataset.clip;
      return;
    }
    // The same verse can be played twice in a row: the clip's identity includes its place in the playlist.
    const clipKey = `${state.mode}:${state.clipIndex}:${clip.url}`;
    if (audio.dataset.clip !== clipKey) {
      audio.dataset.clip = clipKey;
      audio.src = clip.url;
    }
    // A clip that cannot load also rejects play(); its 'error' event already skips it.
    if (state.playing) audio.play().catch(() => {});
    else audio.pause();
  };

  /** The phone's lock screen and headset buttons (Media Session API) control the same recitation. */
  const showOnLockScreen = () => {
    if (!('mediaSession' in navigator)) return;
    const clip = currentClip(state);
    if (clip) {
      navigator.mediaSession.metadata = new MediaMetadata({
        title: `Verset ${clip.verse + 1}`,
        artist: RECITERS[clip.language],
        album: chapterTitle,
      });
    }
    navigator.mediaSession.playbackState = !clip ? 'none' : state.playing ? 'playing' : 'paused';
  };

  /** Each button and verse as the state says, touching only what changes: the page is long. */
  const draw = () => {
    items.forEach((item, index) => {
      const current =
        index === state.currentVerse &&
        (state.mode !== 'none' || state.single !== null || linkedVerse === index + 1);
      update(item, 'data-current', current ? 'true' : null);
    });
    for (const button of verseButtons) {
      const verse = Number(button.dataset.verse);
      const language = button.dataset.language as Language;
      const playing = isPlayingVerse(state, verse - 1, language);
      const what = language === 'ar' ? 'en arabe' : 'en français';
      drawButton(button, playing, `le verset ${verse} ${what}`, playing ? '❚❚' : '▶');
    }
    for (const button of modeButtons) {
      const player = PLAYER_MODES.find((m) => m.mode === button.dataset.mode);
      if (!player) continue;
      const playing = isPlayingMode(state, player.mode);
      drawButton(button, playing, player.title, `${playing ? '❚❚ ' : '▶ '}${player.label}`);
    }
  };

  const dispatch = (event: PlaybackEvent) => {
    const before = state;
    state = playbackReducer(state, event);
    draw();
    playCurrentClip();
    showOnLockScreen();
    if (state.currentVerse !== before.currentVerse) remember();
    // The verse being recited is brought to the middle of the view.
    const followed = state.mode !== 'none' || state.single !== null;
    const moved =
      state.currentVerse !== before.currentVerse ||
      state.mode !== before.mode ||
      state.single !== before.single;
    if (followed && moved) items[state.currentVerse]?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  };

  audio.addEventListener('ended', () => dispatch({ type: 'clipEnded' }));
  audio.addEventListener('error', () => {
    if (audio.getAttribute('src')) dispatch({ type: 'clipFailed' });
  });
  if ('mediaSession' in navigator) {
    navigator.mediaSession.setActionHandler('play', () => dispatch({ type: 'togglePause' }));
    navigator.mediaSession.setActionHandler('pause', () => dispatch({ type: 'togglePause' }));
    navigator.mediaSession.setActionHandler('nexttrack', () => dispatch({ type: 'clipEnded' }));
    navigator.mediaSession.setActionHandler('stop', () => dispatch({ type: 'reset' }));
  }

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
  bindBackToTop(root, () => dispatch({ type: 'reset' }));
  bindDragging(root);

  showTexts();
  draw();
  remember();
  // The verse the address names is brought into view.
  if (linkedVerse) items[linkedVerse - 1]?.scrollIntoView({ block: 'center' });
}

/** Sets an attribute (removes it for null) only when it changes. */
function update(element: Element, name: string, value: string | null): void {
  if (element.getAttribute(name) === value) return;
  if (value === null) element.removeAttribute(name);
  else element.setAttribute(name, value);
}

/** A play button: pressed or not, its label and its sign. */
function drawButton(button: HTMLButtonElement, playing: boolean, what: string, sign: string): void {
  update(button, 'aria-pressed', String(playing));
  update(button, 'aria-label', `${playing ? 'Mettre en pause' : 'Écouter'} ${what}`);
  if (button.textContent !== sign) button.textContent = sign;
}

/** Back-to-top appears after 300 px of scrolling (SPEC §9); going back up also stops the recitation. */
function bindBackToTop(root: HTMLElement, stop: () => void): void {
  const button = root.querySelector<HTMLButtonElement>('[data-back-to-top]');
  if (!button) return;
  const follow = () => {
    button.hidden = window.scrollY <= 300;
  };
  window.addEventListener('scroll', follow, { passive: true });
  button.addEventListener('click', () => {
    stop();
    window.scrollTo({ top: 0, behavior: 'smooth' });
  });
  follow();
}

/** The floating player is dragged by its handle, with a mouse or a finger, and never leaves the screen. */
function bindDragging(root: HTMLElement): void {
  const panel = root.querySelector<HTMLElement>('[data-player]');
  const handle = panel?.querySelector<HTMLElement>('[data-handle]');
  if (!panel || !handle) return;
  let drag: { x: number; y: number; right: number; bottom: number } | null = null;
  handle.addEventListener('pointerdown', (event) => {
    handle.setPointerCapture(event.pointerId);
    drag = {
      x: event.clientX,
      y: event.clientY,
      right: parseFloat(panel.style.right) || 0,
      bottom: parseFloat(panel.style.bottom) || 0,
    };
  });
  handle.addEventListener('pointermove', (event) => {
    if (!drag) return;
    const box = panel.getBoundingClientRect();
    const maxRight = Math.max(0, window.innerWidth - box.width);
    const maxBottom = Math.max(0, window.innerHeight - box.height);
    panel.style.right = `${Math.min(maxRight, Math.max(0, drag.right - (event.clientX - drag.x)))}px`;
    panel.style.bottom = `${Math.min(maxBottom, Math.max(0, drag.bottom - (event.clientY - drag.y)))}px`;
  });
  const drop = () => {
    drag = null;
  };
  handle.addEventListener('pointerup', drop);
  handle.addEventListener('pointercancel', drop);
}
