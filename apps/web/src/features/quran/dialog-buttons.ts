/**
 * The reader's buttons that open a dialog whose code loads on the first tap, not with the page: each verse's
 * copy-or-share button (share-verse.ts) and the settings button (settings-panel.ts).
 */
import type { SharedVerse } from './share-verse';
import type { ReaderControls } from './settings-panel';

/** Each verse's button opens the copy-or-share dialog with that verse; its code loads on the first tap. */
export function bindShareButtons(root: HTMLElement, chapter: number, chapterTitle: string): void {
  const dialog = root.querySelector<HTMLDialogElement>('dialog[data-share-dialog]');
  if (!dialog) return;
  let sharing: Promise<{ open(verse: SharedVerse): void }> | undefined;
  for (const button of root.querySelectorAll<HTMLButtonElement>('button[data-share-verse]')) {
    const verse = Number(button.dataset.shareVerse);
    const item = root.querySelector(`#verset-${verse}`);
    button.addEventListener('click', () => {
      sharing ??= import('./share-verse').then((m) => m.bindShareDialog(dialog));
      const shared: SharedVerse = {
        chapter,
        chapterTitle,
        verse,
        arabic: item?.querySelector('[lang="ar"]')?.textContent ?? '',
        french: item?.querySelector('[data-text="french"] p')?.textContent ?? '',
        address: `${window.location.origin}/coran/${chapter}/${verse}`,
      };
      sharing
        .then((share) => share.open(shared))
        .catch(() => {
          sharing = undefined;
        });
    });
    button.disabled = false;
  }
}

/** The settings button opens the settings dialog, whose code loads on that first tap. */
export function bindSettingsButton(root: HTMLElement, controls: ReaderControls): void {
  const button = root.querySelector<HTMLButtonElement>('[data-open-settings]');
  const dialog = root.querySelector<HTMLDialogElement>('dialog[data-settings]');
  if (!button || !dialog) return;
  let panel: Promise<{ open(): void }> | undefined;
  button.addEventListener('click', () => {
    panel ??= import('./settings-panel').then((m) => m.bindSettingsPanel(dialog, controls));
    panel
      .then((p) => p.open())
      .catch(() => {
        panel = undefined;
      });
  });
  button.disabled = false;
}
