/**
 * The reader's settings dialog (components/RecitationSettings.tsx draws it), bound the first time it is
 * opened: its code loads then, not with the page. Each change applies at once and the device remembers it
 * (the text sizes with the site's display preferences, lib/reading-preferences.ts); the loop over a range of
 * verses belongs to this visit, as the loop button's does.
 */
import type { Repetition } from './playback';
import type { ReaderSettings } from './reader-settings';
import { closeOnClick } from '../../lib/menu-dialog';
import { changePreferences, recallPreferences } from '../../lib/reading-preferences';
import { bindDownloads } from './download-panel';

export type ReaderControls = {
  chapter: number;
  /** The addresses of this chapter's recitation as it plays now: the chosen reciter's Arabic, the French. */
  recitation(): string[];
  settings(): ReaderSettings;
  change(settings: Partial<ReaderSettings>): void;
  range(): Repetition['range'];
  setRange(range: Repetition['range']): void;
};

/** Endless is 0 in the form (components/RecitationSettings.tsx). */
const timesOf = (value: string) => (value === '0' ? Infinity : Number(value));
const valueOf = (times: number) => String(times === Infinity ? 0 : times);

export function bindSettingsPanel(dialog: HTMLDialogElement, controls: ReaderControls): { open(): void } {
  const form = dialog.querySelector('form');
  if (!form) throw new Error('the settings dialog has no form');
  const field = <T extends HTMLInputElement | HTMLSelectElement>(name: string) =>
    form.elements.namedItem(name) as T;
  const reciter = field<HTMLSelectElement>('reciter');
  const speedAr = field<HTMLSelectElement>('speed-ar');
  const speedFr = field<HTMLSelectElement>('speed-fr');
  const verseTimes = field<HTMLSelectElement>('verse-times');
  const pause = field<HTMLSelectElement>('pause');
  const follow = field<HTMLInputElement>('follow');
  const ranged = field<HTMLInputElement>('range');
  const from = field<HTMLInputElement>('range-from');
  const to = field<HTMLInputElement>('range-to');
  const rangeTimes = field<HTMLSelectElement>('range-times');
  const arabicScale = field<HTMLSelectElement>('arabic-scale');
  const frenchScale = field<HTMLSelectElement>('french-scale');
  const verseCount = Number(to.max) || 1;
  const verseNumber = (input: HTMLInputElement) =>
    Math.min(verseCount, Math.max(1, Math.round(Number(input.value)) || 1));

  const fill = () => {
    const preferences = recallPreferences();
    arabicScale.value = String(preferences.arabicScale);
    frenchScale.value = String(preferences.frenchScale);
    const settings = controls.settings();
    reciter.value = settings.reciter;
    speedAr.value = String(settings.speed.ar);
    speedFr.value = String(settings.speed.fr);
    verseTimes.value = valueOf(settings.verseTimes);
    pause.value = settings.pause === 'verse' ? 'verse' : String(settings.pause / 1000);
    follow.checked = settings.follow;
    const range = controls.range();
    ranged.checked = range !== null;
    if (range) {
      from.value = String(range.from + 1);
      to.value = String(range.to + 1);
      rangeTimes.value = valueOf(range.times);
    }
  };

  form.addEventListener('change', (event) => {
    const target = event.target;
    if (target === arabicScale || target === frenchScale) {
      changePreferences({ arabicScale: Number(arabicScale.value), frenchScale: Number(frenchScale.value) });
      return;
    }
    if (target === from || target === to || target === rangeTimes || target === ranged) {
      // A number typed out of the chapter is brought back into it, and shown as it applies.
      from.value = String(verseNumber(from));
      to.value = String(verseNumber(to));
      controls.setRange(
        ranged.checked
          ? { from: verseNumber(from) - 1, to: verseNumber(to) - 1, times: timesOf(rangeTimes.value) }
          : null,
      );
      return;
    }
    if (target === reciter) downloads.refresh();
    controls.change({
      reciter: reciter.value,
      speed: { ar: Number(speedAr.value), fr: Number(speedFr.value) },
      verseTimes: timesOf(verseTimes.value),
      pause: pause.value === 'verse' ? 'verse' : Number(pause.value) * 1000,
      follow: follow.checked,
    });
  });
  closeOnClick(dialog);
  const downloads = bindDownloads(dialog, {
    chapter: controls.chapter,
    reciter: () => controls.settings().reciter,
    reciterLabel: () => reciter.selectedOptions[0]?.text ?? '',
    addresses: () => controls.recitation(),
  });

  return {
    open() {
      fill();
      downloads.refresh();
      dialog.showModal();
    },
  };
}
