/**
 * What the reader shows of the recitation's state (features/quran/playback.ts): the verse followed, each play
 * button's sign and label, the modes' and the loop's pressed state. Touches only what changes: a chapter has up
 * to 286 verses and is drawn again at each clip.
 */
import { isPlayingMode, isPlayingVerse, type Language, type PlaybackState } from './playback';
import { PLAYER_MODES } from './player-modes';

export type ReaderElements = {
  items: HTMLElement[];
  verseButtons: HTMLButtonElement[];
  modeButtons: HTMLButtonElement[];
  loopButton: HTMLButtonElement | null;
  /** The verse the address named (/coran/2/255), highlighted until something plays. */
  linkedVerse: number | undefined;
};

export function drawReader(elements: ReaderElements, state: PlaybackState): void {
  const { items, verseButtons, modeButtons, loopButton, linkedVerse } = elements;
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
  if (loopButton) update(loopButton, 'aria-pressed', String(isLoopingVerse(state)));
}

/** Whether the loop button is pressed: the verse in course loops endlessly. */
function isLoopingVerse(state: PlaybackState): boolean {
  const { range } = state.repetition;
  return (
    range !== null &&
    range.from === state.currentVerse &&
    range.to === state.currentVerse &&
    range.times === Infinity
  );
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
