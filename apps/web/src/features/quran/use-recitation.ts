/**
 * Plays what the playback state machine names through one audio element, and reports back the end or
 * failure of each clip. A clip that cannot load is reported as failed, so the machine skips it.
 */
import { useEffect, useReducer, useRef } from 'react';
import { currentClip, initialPlayback, playbackReducer } from './playback';

/** Reciters of the two audio editions (REFERENCE §2), named on the phone's lock screen. */
const RECITERS = { ar: 'Ali al-Hudhaify', fr: 'Youssouf Leclerc' } as const;

export function useRecitation(chapterTitle: string) {
  const [state, dispatch] = useReducer(playbackReducer, initialPlayback);
  const audioRef = useRef<HTMLAudioElement | null>(null);
  const clip = currentClip(state);
  const url = clip?.url ?? null;
  // The same verse can be played twice in a row: the clip's identity includes its place in the playlist.
  const clipKey = clip ? `${state.mode}:${state.clipIndex}:${clip.url}` : null;

  useEffect(() => {
    const audio = new Audio();
    audio.preload = 'auto';
    const ended = () => dispatch({ type: 'clipEnded' });
    const failed = () => dispatch({ type: 'clipFailed' });
    audio.addEventListener('ended', ended);
    audio.addEventListener('error', failed);
    audioRef.current = audio;
    return () => {
      audio.pause();
      audio.removeEventListener('ended', ended);
      audio.removeEventListener('error', failed);
      audio.removeAttribute('src');
      audioRef.current = null;
    };
  }, []);

  useEffect(() => {
    const audio = audioRef.current;
    if (!audio) return;
    if (!url) {
      audio.pause();
      audio.removeAttribute('src');
      return;
    }
    if (audio.dataset.clip !== clipKey) {
      audio.dataset.clip = clipKey ?? '';
      audio.src = url;
    }
  }, [url, clipKey]);

  useEffect(() => {
    const audio = audioRef.current;
    if (!audio || !url) return;
    if (state.playing) {
      // A clip that cannot load also rejects play(); its 'error' event already skips it.
      audio.play().catch(() => {});
    } else {
      audio.pause();
    }
  }, [state.playing, url, clipKey]);

  // The phone's lock screen and headset buttons (Media Session API) control the same recitation.
  useEffect(() => {
    if (!('mediaSession' in navigator) || !clip) return;
    navigator.mediaSession.metadata = new MediaMetadata({
      title: `Verset ${clip.verse + 1}`,
      artist: RECITERS[clip.language],
      album: chapterTitle,
    });
    navigator.mediaSession.setActionHandler('play', () => dispatch({ type: 'togglePause' }));
    navigator.mediaSession.setActionHandler('pause', () => dispatch({ type: 'togglePause' }));
    navigator.mediaSession.setActionHandler('nexttrack', () => dispatch({ type: 'clipEnded' }));
    navigator.mediaSession.setActionHandler('stop', () => dispatch({ type: 'reset' }));
  }, [clip, chapterTitle]);

  useEffect(() => {
    if ('mediaSession' in navigator)
      navigator.mediaSession.playbackState = !url ? 'none' : state.playing ? 'playing' : 'paused';
  }, [url, state.playing]);

  return { state, dispatch };
}
