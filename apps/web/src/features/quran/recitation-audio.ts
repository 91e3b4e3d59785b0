/**
 * The one audio element of the reader, driven by the playback state machine (playback.ts): it loads a clip
 * each time the machine starts one (`plays`), at the speed chosen for the clip's language, keeps the silence
 * the machine asks for between verses, and reports the clip's end (with its length) or its failure.
 */
import { currentClip, type Language, type PlaybackState } from './playback';

export type RecitationEvents = {
  ended(durationSeconds: number): void;
  failed(verse: number): void;
  waitEnded(): void;
};

export type RecitationAudio = {
  /** Plays, pauses or waits as `state` says. */
  follow(state: PlaybackState, speed: Record<Language, number>): void;
};

export function createRecitationAudio(on: RecitationEvents): RecitationAudio {
  const audio = new Audio();
  audio.preload = 'auto';
  let wait: ReturnType<typeof setTimeout> | undefined;
  let verse = 0;

  audio.addEventListener('ended', () => on.ended(Number.isFinite(audio.duration) ? audio.duration : 0));
  audio.addEventListener('error', () => {
    if (audio.getAttribute('src')) on.failed(verse);
  });

  return {
    follow(state, speed) {
      clearTimeout(wait);
      const clip = currentClip(state);
      if (!clip?.url) {
        audio.pause();
        audio.removeAttribute('src');
        delete audio.dataset.play;
        return;
      }
      verse = clip.verse;
      // A clip started again (a repetition) has the same address: `plays` tells it apart.
      if (audio.dataset.play !== String(state.plays)) {
        audio.dataset.play = String(state.plays);
        audio.src = clip.url;
      }
      // A new source resets the rate to the default one: both are set.
      audio.defaultPlaybackRate = speed[clip.language];
      audio.playbackRate = speed[clip.language];
      if (!state.playing) return audio.pause();
      if (state.waitMs > 0) {
        audio.pause();
        wait = setTimeout(on.waitEnded, state.waitMs);
        return;
      }
      // A clip that cannot load also rejects play(); its 'error' event already skips it.
      audio.play().catch(() => {});
    },
  };
}
