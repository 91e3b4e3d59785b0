/**
 * Verse-by-verse audio of the Quran reader (SPEC §4), as a pure state machine: the reader dispatches
 * events (a button, the end or failure of a clip, a chapter change) and plays what `currentClip` names.
 * Nothing here touches an audio element, so every rule is tested on its own.
 */

export type Language = 'ar' | 'fr';
export type Mode = 'none' | 'ar' | 'fr' | 'arfr';

/** The two recitations of one verse. */
export type VerseAudio = { ar: string; fr: string };

export type Clip = { verse: number; language: Language; url: string };

export type PlaybackState = {
  /** The chapter-wide mode; 'none' when nothing plays or a single verse plays. */
  mode: Mode;
  /** The clips of the chapter in `mode`: one per verse, or Arabic then French per verse in arfr. */
  playlist: Clip[];
  /** The clip of `playlist`, or of `single`, that plays or is paused. */
  clipIndex: number;
  /** The verse highlighted and followed on screen (0-based). */
  currentVerse: number;
  /** One verse's clip played by its own button, outside any chapter mode. */
  single: Clip | null;
  /** Sound is coming out (false while paused or stopped). */
  playing: boolean;
};

export type PlaybackEvent =
  /** One of the floating player's buttons: ar, fr or ar/fr. */
  | { type: 'playMode'; mode: Exclude<Mode, 'none'>; verses: VerseAudio[] }
  /** A verse's own play/pause button. */
  | { type: 'playVerse'; verse: number; language: Language; verses: VerseAudio[] }
  /** The clip that was playing finished. */
  | { type: 'clipEnded' }
  /** The clip could not be loaded or played (offline, 404): it is skipped. */
  | { type: 'clipFailed' }
  /** Another chapter was chosen, or back-to-top was pressed: stop and go back to verse 1. */
  | { type: 'reset' }
  /** Open the chapter at a verse (a shared address): where the next recitation starts. */
  | { type: 'goToVerse'; verse: number }
  /** Pause or resume what is playing (phone lock-screen controls). */
  | { type: 'togglePause' };

export const initialPlayback: PlaybackState = {
  mode: 'none',
  playlist: [],
  clipIndex: 0,
  currentVerse: 0,
  single: null,
  playing: false,
};

/** The clips of a chapter mode. In arfr the clip of verse i is at 2 × i (its French follows at 2 × i + 1). */
export function buildPlaylist(mode: Exclude<Mode, 'none'>, verses: VerseAudio[]): Clip[] {
  return verses.flatMap((audio, verse): Clip[] => {
    if (mode === 'ar') return [{ verse, language: 'ar', url: audio.ar }];
    if (mode === 'fr') return [{ verse, language: 'fr', url: audio.fr }];
    return [
      { verse, language: 'ar', url: audio.ar },
      { verse, language: 'fr', url: audio.fr },
    ];
  });
}

/** Where a mode starts: at the verse on screen. */
function startIndex(mode: Exclude<Mode, 'none'>, verse: number): number {
  return mode === 'arfr' ? 2 * verse : verse;
}

/** The verse advances after each Arabic clip in ar, and after each French clip in fr and arfr. */
function advancesVerse(mode: Mode, language: Language): boolean {
  return mode === 'ar' ? language === 'ar' : language === 'fr';
}

function next(state: PlaybackState): PlaybackState {
  if (state.single) return { ...state, single: null, playing: false };
  if (state.mode === 'none') return state;
  const finished = state.playlist[state.clipIndex];
  const lastVerse = Math.max(0, state.playlist.at(-1)?.verse ?? 0);
  const currentVerse =
    finished && advancesVerse(state.mode, finished.language)
      ? Math.min(finished.verse + 1, lastVerse)
      : state.currentVerse;
  const clipIndex = state.clipIndex + 1;
  if (clipIndex >= state.playlist.length) {
    // The end of the chapter: every playing flag resets.
    return { ...state, mode: 'none', playlist: [], clipIndex: 0, playing: false, currentVerse };
  }
  return { ...state, clipIndex, currentVerse };
}

export function playbackReducer(state: PlaybackState, event: PlaybackEvent): PlaybackState {
  switch (event.type) {
    case 'playMode': {
      if (state.mode === event.mode) return { ...state, playing: !state.playing };
      // Another mode stops and discards whatever played.
      const playlist = buildPlaylist(event.mode, event.verses);
      const clipIndex = Math.min(
        startIndex(event.mode, state.currentVerse),
        Math.max(0, playlist.length - 1),
      );
      return { ...state, mode: event.mode, playlist, clipIndex, single: null, playing: playlist.length > 0 };
    }
    case 'playVerse': {
      const { single } = state;
      if (single && single.verse === event.verse && single.language === event.language) {
        return { ...state, playing: !state.playing };
      }
      const audio = event.verses[event.verse];
      if (!audio) return state;
      return {
        ...state,
        mode: 'none',
        playlist: [],
        clipIndex: 0,
        currentVerse: event.verse,
        single: { verse: event.verse, language: event.language, url: audio[event.language] },
        playing: true,
      };
    }
    case 'clipEnded':
    case 'clipFailed':
      return next(state);
    case 'reset':
      return initialPlayback;
    case 'goToVerse':
      return { ...initialPlayback, currentVerse: Math.max(0, event.verse) };
    case 'togglePause':
      return currentClip(state) ? { ...state, playing: !state.playing } : state;
  }
}

/** The clip to load into the audio element, or null when nothing is to be heard. */
export function currentClip(state: PlaybackState): Clip | null {
  return state.single ?? (state.mode === 'none' ? null : (state.playlist[state.clipIndex] ?? null));
}

/** Whether a given button shows 'pause': it is the one whose audio is playing. */
export function isPlayingMode(state: PlaybackState, mode: Mode): boolean {
  return state.playing && state.single === null && state.mode === mode;
}

export function isPlayingVerse(state: PlaybackState, verse: number, language: Language): boolean {
  return state.playing && state.single?.verse === verse && state.single.language === language;
}
