/**
 * Verse-by-verse audio of the Quran reader (SPEC §4), as a pure state machine: the reader dispatches
 * events (a button, the end or failure of a clip, a chapter change) and plays what `currentClip` names,
 * after `waitMs` of silence. Nothing here touches an audio element, so every rule is tested on its own.
 *
 * Repetition for memorising sits on top of the seed's three modes and leaves them exactly as they were
 * when nothing is set (NO_REPETITION): each verse heard N times, a range of verses looped M times, a
 * silence between verses. A verse is a unit: its Arabic in ar, its French in fr, both in arfr.
 */

export type Language = 'ar' | 'fr';
export type Mode = 'none' | 'ar' | 'fr' | 'arfr';

/** The two recitations of one verse. */
export type VerseAudio = { ar: string; fr: string };

export type Clip = { verse: number; language: Language; url: string };

export type Repetition = {
  /** Times each verse is heard before the next: 1 to 10, or Infinity. */
  verseTimes: number;
  /** Verses played in a loop (0-based, `from` ≤ `to`), `times` times in all (Infinity: endless); null: none. */
  range: { from: number; to: number; times: number } | null;
  /** Silence before the next verse: milliseconds, or 'verse' for as long as the verse just heard took. */
  pause: number | 'verse';
};

export const NO_REPETITION: Repetition = { verseTimes: 1, range: null, pause: 0 };

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
  /** Sound is coming out, or a silence between verses is being kept (false while paused or stopped). */
  playing: boolean;
  repetition: Repetition;
  /** Times the current verse has been heard in full, and the range played in full, so far. */
  heard: number;
  rounds: number;
  /** Seconds of the current verse heard so far (its clips' durations), for the pause 'as long as the verse'. */
  verseSeconds: number;
  /** Silence to keep before the current clip starts; the reader dispatches 'waitEnded' after it. */
  waitMs: number;
  /** Counts the clips started: the reader loads the clip again when it changes, even for the same address. */
  plays: number;
  /** Clips that failed one after the other; at MAX_FAILURES_IN_ROW the recitation stops (offline, say). */
  failures: number;
};

/** Three verses in a row that cannot load: the connection is gone, and skipping on would only empty the chapter. */
export const MAX_FAILURES_IN_ROW = 3;

export type PlaybackEvent =
  /** One of the floating player's buttons: ar, fr or ar/fr. */
  | { type: 'playMode'; mode: Exclude<Mode, 'none'>; verses: VerseAudio[] }
  /** A verse's own play/pause button. */
  | { type: 'playVerse'; verse: number; language: Language; verses: VerseAudio[] }
  /** The clip that was playing finished, after `duration` seconds (for the pause 'as long as the verse'). */
  | { type: 'clipEnded'; duration?: number }
  /** The silence between two verses is over. */
  | { type: 'waitEnded' }
  /** Changes to the repetition settings; they apply from the next verse. */
  | { type: 'setRepetition'; repetition: Partial<Repetition> }
  /**
   * One tap loops the current verse endlessly (tapped again, the loop ends): when nothing plays, it starts
   * in `mode`.
   */
  | { type: 'loopVerse'; mode: Exclude<Mode, 'none'>; verses: VerseAudio[] }
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
  repetition: NO_REPETITION,
  heard: 0,
  rounds: 0,
  verseSeconds: 0,
  waitMs: 0,
  plays: 0,
  failures: 0,
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

/** The silence before what follows a verse heard in full. */
function pauseAfter(repetition: Repetition, verseSeconds: number): number {
  return repetition.pause === 'verse' ? Math.round(verseSeconds * 1000) : repetition.pause;
}

/** Plays clip `clipIndex` of the playlist next, after `waitMs`. */
function playClipAt(state: PlaybackState, clipIndex: number, waitMs: number): PlaybackState {
  return { ...state, clipIndex, waitMs, plays: state.plays + 1 };
}

/** A single verse's clip ended or failed: heard again while the repetition asks for it, else stopped. */
function nextOfSingle(state: PlaybackState, failed: boolean, seconds: number): PlaybackState {
  const heard = state.heard + 1;
  if (failed || heard >= state.repetition.verseTimes) {
    return { ...state, single: null, playing: false, heard: 0, verseSeconds: 0, waitMs: 0 };
  }
  return { ...playClipAt(state, 0, pauseAfter(state.repetition, seconds)), heard, verseSeconds: 0 };
}

/** The end of the chapter, or of a range's last round: every playing flag resets. */
function stopAt(state: PlaybackState, currentVerse: number): PlaybackState {
  return {
    ...state,
    mode: 'none',
    playlist: [],
    clipIndex: 0,
    playing: false,
    currentVerse,
    heard: 0,
    rounds: 0,
    verseSeconds: 0,
    waitMs: 0,
  };
}

/**
 * What follows a clip of a chapter mode. A failed clip is skipped, and counts as its verse heard in full and
 * its range's last round, so that no repetition can spin on a file that does not load.
 */
function next(state: PlaybackState, failed: boolean, seconds = 0): PlaybackState {
  if (state.single) return nextOfSingle(state, failed, seconds);
  if (state.mode === 'none') return state;
  const finished = state.playlist[state.clipIndex];
  if (!finished) return stopAt(state, state.currentVerse);
  const verseSeconds = state.verseSeconds + seconds;
  if (!advancesVerse(state.mode, finished.language)) {
    // The Arabic of a verse in arfr: its French follows at once.
    return { ...playClipAt(state, state.clipIndex + 1, 0), verseSeconds };
  }
  const { repetition } = state;
  const waitMs = pauseAfter(repetition, verseSeconds);
  const heard = state.heard + 1;
  const mode = state.mode;
  if (!failed && heard < repetition.verseTimes) {
    return { ...playClipAt(state, startIndex(mode, finished.verse), waitMs), heard, verseSeconds: 0 };
  }
  const { range } = repetition;
  if (range && finished.verse >= range.to) {
    const rounds = state.rounds + 1;
    if (failed || rounds >= range.times) return stopAt(state, finished.verse);
    return {
      ...playClipAt(state, startIndex(mode, range.from), waitMs),
      currentVerse: range.from,
      heard: 0,
      rounds,
      verseSeconds: 0,
    };
  }
  const lastVerse = Math.max(0, state.playlist.at(-1)?.verse ?? 0);
  const currentVerse = Math.min(finished.verse + 1, lastVerse);
  if (state.clipIndex + 1 >= state.playlist.length) return stopAt(state, currentVerse);
  return { ...playClipAt(state, state.clipIndex + 1, waitMs), currentVerse, heard: 0, verseSeconds: 0 };
}

/** Where a mode starts: at the verse on screen, or at the range's first verse when that one is outside it. */
function startVerse(state: PlaybackState): number {
  const { range } = state.repetition;
  const verse = state.currentVerse;
  return range && (verse < range.from || verse > range.to) ? range.from : verse;
}

/** Repetition settings made coherent: whole numbers within their bounds, a range in order. */
function withRepetition(current: Repetition, change: Partial<Repetition>): Repetition {
  const next = { ...current, ...change };
  const times = (n: number) => (n === Infinity ? n : Math.min(10, Math.max(1, Math.round(n) || 1)));
  const range = next.range && {
    from: Math.max(0, Math.min(next.range.from, next.range.to)),
    to: Math.max(0, next.range.from, next.range.to),
    times: times(next.range.times),
  };
  const pause = next.pause === 'verse' ? 'verse' : Math.min(10_000, Math.max(0, next.pause || 0));
  return { verseTimes: times(next.verseTimes), range, pause };
}

function startMode(state: PlaybackState, mode: Exclude<Mode, 'none'>, verses: VerseAudio[]): PlaybackState {
  const playlist = buildPlaylist(mode, verses);
  const verse = startVerse(state);
  const clipIndex = Math.min(startIndex(mode, verse), Math.max(0, playlist.length - 1));
  return {
    ...state,
    mode,
    playlist,
    clipIndex,
    currentVerse: verse,
    single: null,
    playing: playlist.length > 0,
    heard: 0,
    rounds: 0,
    verseSeconds: 0,
    waitMs: 0,
    plays: state.plays + 1,
    failures: 0,
  };
}

export function playbackReducer(state: PlaybackState, event: PlaybackEvent): PlaybackState {
  switch (event.type) {
    case 'playMode':
      if (state.mode === event.mode) return { ...state, playing: !state.playing, waitMs: 0 };
      // Another mode stops and discards whatever played.
      return startMode(state, event.mode, event.verses);
    case 'playVerse': {
      const { single } = state;
      if (single && single.verse === event.verse && single.language === event.language) {
        return { ...state, playing: !state.playing, waitMs: 0 };
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
        heard: 0,
        verseSeconds: 0,
        waitMs: 0,
        plays: state.plays + 1,
        failures: 0,
      };
    }
    case 'clipEnded':
      return next({ ...state, failures: 0 }, false, event.duration);
    case 'clipFailed': {
      const failures = state.failures + 1;
      if (failures < MAX_FAILURES_IN_ROW) return next({ ...state, failures }, true);
      const stopped = state.single
        ? { ...state, single: null, playing: false, waitMs: 0 }
        : stopAt(state, state.currentVerse);
      return { ...stopped, failures };
    }
    case 'waitEnded':
      return { ...state, waitMs: 0 };
    case 'setRepetition':
      return { ...state, repetition: withRepetition(state.repetition, event.repetition), rounds: 0 };
    case 'loopVerse': {
      const { range } = state.repetition;
      const verse = state.currentVerse;
      const looping = range?.from === verse && range.to === verse && range.times === Infinity;
      const looped = {
        ...state,
        repetition: {
          ...state.repetition,
          range: looping ? null : { from: verse, to: verse, times: Infinity },
        },
        rounds: 0,
      };
      const idle = state.mode === 'none' && state.single === null;
      return !looping && idle ? startMode(looped, event.mode, event.verses) : looped;
    }
    case 'reset':
      // The repetition is a setting of the reader, kept; what played is forgotten.
      return { ...initialPlayback, repetition: state.repetition };
    case 'goToVerse':
      return { ...initialPlayback, repetition: state.repetition, currentVerse: Math.max(0, event.verse) };
    case 'togglePause':
      return currentClip(state) ? { ...state, playing: !state.playing, waitMs: 0 } : state;
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
