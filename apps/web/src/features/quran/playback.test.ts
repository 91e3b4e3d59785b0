import { describe, expect, it } from 'vitest';
import {
  buildPlaylist,
  currentClip,
  initialPlayback,
  isPlayingMode,
  isPlayingVerse,
  MAX_FAILURES_IN_ROW,
  NO_REPETITION,
  playbackReducer,
  type Repetition,
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
    s = run([ended, failed, ended, failed, ended], s);
    expect([s.mode, s.playing]).toEqual(['none', false]);
  });

  it('stops after three clips in a row that fail, rather than skipping through the whole chapter', () => {
    const five: VerseAudio[] = [0, 1, 2, 3, 4].map((i) => ({ ar: `ar${i}.mp3`, fr: `fr${i}.mp3` }));
    let s = run([{ type: 'playMode', mode: 'ar', verses: five }, failed, failed]);
    expect([url(s), s.playing, s.failures]).toEqual(['ar2.mp3', true, 2]);
    s = run([failed], s);
    expect([s.mode, s.playing, s.failures, s.currentVerse]).toEqual(['none', false, MAX_FAILURES_IN_ROW, 2]);
    // A clip heard in full starts the count again.
    s = run(
      [
        { type: 'goToVerse', verse: 0 },
        { type: 'playMode', mode: 'ar', verses: five },
        failed,
        failed,
        ended,
      ],
      s,
    );
    expect([s.failures, url(s)]).toEqual([0, 'ar3.mp3']);
    s = run([failed, failed], s);
    expect([s.failures, s.playing]).toEqual([2, false]);
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

describe('repetition for memorising', () => {
  const five: VerseAudio[] = [0, 1, 2, 3, 4].map((i) => ({ ar: `ar${i}.mp3`, fr: `fr${i}.mp3` }));
  const repeat = (repetition: Partial<Repetition>) => ({ type: 'setRepetition', repetition }) as const;
  /** The addresses heard, in order, from `state` until playback stops (at most `max` clips). */
  const heard = (state: PlaybackState, max = 40) => {
    const urls: string[] = [];
    let s = state;
    while (currentClip(s) && urls.length < max) {
      urls.push(url(s) ?? '');
      s = run([ended, { type: 'waitEnded' }], s);
    }
    return urls;
  };

  it('leaves the seed’s modes exactly as they were when nothing is set', () => {
    for (const mode of ['ar', 'fr', 'arfr'] as const) {
      const plain = run([{ type: 'playMode', mode, verses: five }]);
      const unset = run([repeat(NO_REPETITION), { type: 'playMode', mode, verses: five }]);
      expect(heard(unset)).toEqual(heard(plain));
      expect(heard(plain)).toEqual(buildPlaylist(mode, five).map((clip) => clip.url));
    }
    expect(run([{ type: 'playMode', mode: 'ar', verses: five }, ended]).waitMs).toBe(0);
  });

  it('hears each verse N times before the next, in ar and in arfr as a pair', () => {
    const ar = run([repeat({ verseTimes: 3 }), { type: 'playMode', mode: 'ar', verses: verses }]);
    expect(heard(ar)).toEqual([
      'ar0.mp3',
      'ar0.mp3',
      'ar0.mp3',
      'ar1.mp3',
      'ar1.mp3',
      'ar1.mp3',
      'ar2.mp3',
      'ar2.mp3',
      'ar2.mp3',
    ]);
    const arfr = run([repeat({ verseTimes: 2 }), { type: 'playMode', mode: 'arfr', verses: verses }]);
    expect(heard(arfr).slice(0, 6)).toEqual([
      'ar0.mp3',
      'fr0.mp3',
      'ar0.mp3',
      'fr0.mp3',
      'ar1.mp3',
      'fr1.mp3',
    ]);
  });

  it('keeps the verse followed on screen while it repeats', () => {
    let s = run([repeat({ verseTimes: 2 }), { type: 'playMode', mode: 'ar', verses }, ended]);
    expect([url(s), s.currentVerse]).toEqual(['ar0.mp3', 0]);
    s = run([ended], s);
    expect([url(s), s.currentVerse]).toEqual(['ar1.mp3', 1]);
  });

  it('counts a repetition as a new clip, so the same address is loaded again', () => {
    const first = run([repeat({ verseTimes: 2 }), { type: 'playMode', mode: 'ar', verses }]);
    const again = run([ended], first);
    expect(url(again)).toBe(url(first));
    expect(again.plays).toBeGreaterThan(first.plays);
  });

  it('repeats endlessly with Infinity', () => {
    const s = run([repeat({ verseTimes: Infinity }), { type: 'playMode', mode: 'fr', verses }]);
    expect(new Set(heard(s, 25))).toEqual(new Set(['fr0.mp3']));
  });

  it('repeats a verse played by its own button N times, then stops', () => {
    const s = run([repeat({ verseTimes: 3 }), { type: 'playVerse', verse: 1, language: 'fr', verses }]);
    expect(heard(s)).toEqual(['fr1.mp3', 'fr1.mp3', 'fr1.mp3']);
  });

  it('loops a range of verses M times, starting at its first verse, then stops on its last', () => {
    const s = run([
      repeat({ range: { from: 1, to: 3, times: 2 } }),
      { type: 'playMode', mode: 'ar', verses: five },
    ]);
    expect(s.currentVerse).toBe(1);
    expect(heard(s)).toEqual(['ar1.mp3', 'ar2.mp3', 'ar3.mp3', 'ar1.mp3', 'ar2.mp3', 'ar3.mp3']);
    let end = s;
    for (let i = 0; i < 6; i += 1) end = run([ended], end);
    expect([end.mode, end.playing, end.currentVerse]).toEqual(['none', false, 3]);
  });

  it('starts inside the range at the verse on screen, and combines with each verse’s repetition', () => {
    const s = run([
      { type: 'goToVerse', verse: 2 },
      repeat({ range: { from: 1, to: 2, times: 2 }, verseTimes: 2 }),
      { type: 'playMode', mode: 'ar', verses: five },
    ]);
    expect(heard(s)).toEqual(['ar2.mp3', 'ar2.mp3', 'ar1.mp3', 'ar1.mp3', 'ar2.mp3', 'ar2.mp3']);
  });

  it('puts a range given backwards in order and bounds the counts', () => {
    const s = run([repeat({ range: { from: 3, to: 1, times: 50 }, verseTimes: 0 })]);
    expect(s.repetition).toEqual({ verseTimes: 1, range: { from: 1, to: 3, times: 10 }, pause: 0 });
  });

  it('keeps a silence between verses, none between the Arabic and French of one verse', () => {
    let s = run([repeat({ pause: 2000 }), { type: 'playMode', mode: 'arfr', verses }]);
    s = run([ended], s);
    expect([url(s), s.waitMs]).toEqual(['fr0.mp3', 0]);
    s = run([ended], s);
    expect([url(s), s.waitMs, s.playing]).toEqual(['ar1.mp3', 2000, true]);
    s = run([{ type: 'waitEnded' }], s);
    expect(s.waitMs).toBe(0);
  });

  it('keeps a silence as long as the verse took when asked, the whole pair in arfr', () => {
    let s = run([repeat({ pause: 'verse' }), { type: 'playMode', mode: 'arfr', verses }]);
    s = run(
      [
        { type: 'clipEnded', duration: 4.2 },
        { type: 'clipEnded', duration: 3.1 },
      ],
      s,
    );
    expect([url(s), s.waitMs]).toEqual(['ar1.mp3', 7300]);
  });

  it('bounds the silence to 10 s', () => {
    expect(run([repeat({ pause: 60_000 })]).repetition.pause).toBe(10_000);
    expect(run([repeat({ pause: -5 })]).repetition.pause).toBe(0);
  });

  it('starts a paused silence’s clip at once on resume', () => {
    let s = run([repeat({ pause: 5000 }), { type: 'playMode', mode: 'ar', verses }, ended]);
    s = run([{ type: 'togglePause' }, { type: 'togglePause' }], s);
    expect([s.playing, s.waitMs, url(s)]).toEqual([true, 0, 'ar1.mp3']);
  });

  it('skips a failing clip without repeating it, and ends a range on a failure', () => {
    const repeating = run([
      repeat({ verseTimes: Infinity }),
      { type: 'playMode', mode: 'ar', verses },
      failed,
    ]);
    expect(url(repeating)).toBe('ar1.mp3');
    const looping = run([
      repeat({ range: { from: 0, to: 1, times: Infinity } }),
      { type: 'playMode', mode: 'ar', verses },
      failed,
      failed,
    ]);
    expect([looping.mode, looping.playing]).toEqual(['none', false]);
  });

  it('one tap loops the current verse endlessly, and a second tap ends the loop', () => {
    let s = run([{ type: 'playMode', mode: 'ar', verses }, ended]);
    s = run([{ type: 'loopVerse', mode: 'ar', verses }], s);
    expect(s.repetition.range).toEqual({ from: 1, to: 1, times: Infinity });
    expect(heard(s, 12)).toEqual(Array(12).fill('ar1.mp3'));
    s = run([{ type: 'loopVerse', mode: 'ar', verses }], s);
    expect(s.repetition.range).toBeNull();
    expect(heard(s)).toEqual(['ar1.mp3', 'ar2.mp3']);
  });

  it('the loop starts the given mode at the verse on screen when nothing plays', () => {
    const s = run([
      { type: 'goToVerse', verse: 2 },
      { type: 'loopVerse', mode: 'fr', verses },
    ]);
    expect([s.mode, url(s), s.playing]).toEqual(['fr', 'fr2.mp3', true]);
  });

  it('keeps the repetition settings across a reset', () => {
    const s = run([repeat({ verseTimes: 4, pause: 'verse' }), { type: 'reset' }]);
    expect(s.repetition).toEqual({ verseTimes: 4, range: null, pause: 'verse' });
  });
});
