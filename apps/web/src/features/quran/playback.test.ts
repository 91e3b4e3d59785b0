import { describe, expect, it } from 'vitest';
import {
  buildPlaylist,
  currentClip,
  initialPlayback,
  isPlayingMode,
  isPlayingVerse,
  playbackReducer,
  type PlaybackEvent,
  type PlaybackState,
  type VerseAudio,
} from './playback';

const verses: VerseAudio[] = [0, 1, 2].map((i) => ({ ar: `ar${i}.mp3`, fr: `fr${i}.mp3` }));
const run = (events: PlaybackEvent[], from: PlaybackState = initialPlayback) =>
  events.reduce(playbackReducer, from);
const ended = { type: 'clipEnded' } as const;
const failed = { type: 'clipFailed' } as const;
const url = (state: PlaybackState) => currentClip(state)?.url ?? null;

describe('buildPlaylist', () => {
  it('has one clip per verse in ar and fr', () => {
    expect(buildPlaylist('ar', verses).map((c) => c.url)).toEqual(['ar0.mp3', 'ar1.mp3', 'ar2.mp3']);
    expect(buildPlaylist('fr', verses).map((c) => c.url)).toEqual(['fr0.mp3', 'fr1.mp3', 'fr2.mp3']);
  });

  it('interleaves Arabic and French in arfr, the clip of verse i at 2 × i', () => {
    const list = buildPlaylist('arfr', verses);
    expect(list.map((c) => c.url)).toEqual([
      'ar0.mp3',
      'fr0.mp3',
      'ar1.mp3',
      'fr1.mp3',
      'ar2.mp3',
      'fr2.mp3',
    ]);
    verses.forEach((_, i) => expect(list[2 * i]).toEqual({ verse: i, language: 'ar', url: `ar${i}.mp3` }));
  });
});

describe('chapter modes', () => {
  it('starts nothing until a button is pressed', () => {
    expect(url(initialPlayback)).toBeNull();
    expect(initialPlayback.playing).toBe(false);
  });

  it('ar mode plays each Arabic clip and moves the verse after each one', () => {
    let s = run([{ type: 'playMode', mode: 'ar', verses }]);
    expect([url(s), s.currentVerse, s.playing]).toEqual(['ar0.mp3', 0, true]);
    s = run([ended], s);
    expect([url(s), s.currentVerse]).toEqual(['ar1.mp3', 1]);
    s = run([ended], s);
    expect([url(s), s.currentVerse]).toEqual(['ar2.mp3', 2]);
  });

  it('fr mode plays each French clip and moves the verse after each one', () => {
    const s = run([{ type: 'playMode', mode: 'fr', verses }, ended]);
    expect([url(s), s.currentVerse]).toEqual(['fr1.mp3', 1]);
  });

  it('arfr alternates and moves the verse only after each French clip', () => {
    let s = run([{ type: 'playMode', mode: 'arfr', verses }]);
    expect([url(s), s.currentVerse]).toEqual(['ar0.mp3', 0]);
    s = run([ended], s);
    expect([url(s), s.currentVerse]).toEqual(['fr0.mp3', 0]);
    s = run([ended], s);
    expect([url(s), s.currentVerse]).toEqual(['ar1.mp3', 1]);
  });

  it('starts a mode at the verse on screen (arfr at clip 2 × verse)', () => {
    const atVerse1 = run([{ type: 'playVerse', verse: 1, language: 'fr', verses }, ended]);
    expect(atVerse1.currentVerse).toBe(1);
    const s = run([{ type: 'playMode', mode: 'arfr', verses }], atVerse1);
    expect([s.clipIndex, url(s)]).toEqual([2, 'ar1.mp3']);
  });

  it('pressing the same mode again pauses, then resumes the same clip', () => {
    let s = run([{ type: 'playMode', mode: 'ar', verses }, ended]);
    s = run([{ type: 'playMode', mode: 'ar', verses }], s);
    expect([s.playing, url(s), isPlayingMode(s, 'ar')]).toEqual([false, 'ar1.mp3', false]);
    s = run([{ type: 'playMode', mode: 'ar', verses }], s);
    expect([s.playing, url(s), isPlayingMode(s, 'ar')]).toEqual([true, 'ar1.mp3', true]);
  });

  it('pressing another mode stops and discards the current one', () => {
    const s = run([
      { type: 'playMode', mode: 'ar', verses },
      { type: 'playMode', mode: 'fr', verses },
    ]);
    expect([s.mode, url(s), s.playlist.length, s.playing]).toEqual(['fr', 'fr0.mp3', 3, true]);
    expect(isPlayingMode(s, 'ar')).toBe(false);
  });

  it('resets every playing flag at the end of the list, keeping the last verse on screen', () => {
    const s = run([{ type: 'playMode', mode: 'ar', verses }, ended, ended, ended]);
    expect([s.mode, s.playing, url(s), s.currentVerse]).toEqual(['none', false, null, 2]);
  });

  it('skips a clip that fails to load instead of getting stuck', () => {
    let s = run([{ type: 'playMode', mode: 'arfr', verses }, failed]);
    expect([url(s), s.playing]).toEqual(['fr0.mp3', true]);
    s = run([failed, failed, failed, failed, failed], s);
    expect([s.mode, s.playing]).toEqual(['none', false]);
  });
});

describe('a verse’s own button', () => {
  it('plays that one clip only, then stops', () => {
    let s = run([{ type: 'playVerse', verse: 2, language: 'ar', verses }]);
    expect([url(s), s.currentVerse, s.mode, isPlayingVerse(s, 2, 'ar')]).toEqual([
      'ar2.mp3',
      2,
      'none',
      true,
    ]);
    s = run([ended], s);
    expect([url(s), s.playing]).toEqual([null, false]);
  });

  it('toggles pause when pressed again for the same verse and language', () => {
    let s = run([
      { type: 'playVerse', verse: 1, language: 'fr', verses },
      { type: 'playVerse', verse: 1, language: 'fr', verses },
    ]);
    expect([s.playing, url(s)]).toEqual([false, 'fr1.mp3']);
    s = run([{ type: 'playVerse', verse: 1, language: 'fr', verses }], s);
    expect(s.playing).toBe(true);
  });

  it('switches to another verse or language, and stops a chapter mode', () => {
    let s = run([
      { type: 'playMode', mode: 'arfr', verses },
      { type: 'playVerse', verse: 0, language: 'fr', verses },
    ]);
    expect([s.mode, url(s)]).toEqual(['none', 'fr0.mp3']);
    s = run([{ type: 'playVerse', verse: 0, language: 'ar', verses }], s);
    expect(url(s)).toBe('ar0.mp3');
  });

  it('is skipped like any clip when it fails', () => {
    const s = run([{ type: 'playVerse', verse: 0, language: 'ar', verses }, failed]);
    expect([url(s), s.playing]).toEqual([null, false]);
  });
});

describe('reset (chapter change, back to top)', () => {
  it('stops everything and goes back to verse 1', () => {
    const s = run([{ type: 'playMode', mode: 'ar', verses }, ended, ended, { type: 'reset' }]);
    expect(s).toEqual(initialPlayback);
  });
});

describe('goToVerse and togglePause', () => {
  it('opens at a verse: the next mode starts there', () => {
    const s = run([
      { type: 'goToVerse', verse: 2 },
      { type: 'playMode', mode: 'fr', verses },
    ]);
    expect([s.currentVerse, url(s)]).toEqual([2, 'fr2.mp3']);
  });

  it('pauses and resumes whatever plays, and does nothing when nothing plays', () => {
    let s = run([{ type: 'playVerse', verse: 1, language: 'ar', verses }, { type: 'togglePause' }]);
    expect([s.playing, url(s)]).toEqual([false, 'ar1.mp3']);
    s = run([{ type: 'togglePause' }], s);
    expect(s.playing).toBe(true);
    expect(run([{ type: 'togglePause' }])).toEqual(initialPlayback);
  });
});
