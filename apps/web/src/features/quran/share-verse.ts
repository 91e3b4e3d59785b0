/**
 * Copying or sharing one verse (components/ShareVerseDialog.tsx): its text always goes with its reference and
 * its translator, as the texts' terms ask (the Sources page). Loaded the first time a verse's button is used.
 */
import { closeOnClick } from '../../lib/menu-dialog';

export type SharedVerse = {
  chapter: number;
  /** The chapter's transliterated name, e.g. "Al-Baqara". */
  chapterTitle: string;
  verse: number;
  arabic: string;
  french: string;
  /** The verse's own address, e.g. https://…/coran/2/255. */
  address: string;
};

/** The verse as it is copied: Arabic, French, then where it is from and who translated it, and its address. */
export function verseCitation(verse: SharedVerse): string {
  return [
    verse.arabic.trim(),
    verse.french.trim(),
    `— Coran, sourate ${verse.chapter} (${verse.chapterTitle}), verset ${verse.verse} ; traduction de Muhammad Hamidullah`,
    verse.address,
  ].join('\n');
}

export function bindShareDialog(dialog: HTMLDialogElement): { open(verse: SharedVerse): void } {
  const title = dialog.querySelector('[data-share-title]');
  const status = dialog.querySelector('[data-share-status]');
  const shareButton = dialog.querySelector<HTMLButtonElement>('[data-share]');
  let shown: SharedVerse | undefined;
  const say = (message: string) => {
    if (status) status.textContent = message;
  };
  const copy = async (text: string, what: string) => {
    try {
      await navigator.clipboard.writeText(text);
      say(`${what} copié.`);
    } catch {
      say('Ce navigateur n’a pas permis la copie.');
    }
  };
  dialog.querySelector('[data-copy="text"]')?.addEventListener('click', () => {
    if (shown) void copy(verseCitation(shown), 'Verset');
  });
  dialog.querySelector('[data-copy="link"]')?.addEventListener('click', () => {
    if (shown) void copy(shown.address, 'Lien');
  });
  shareButton?.addEventListener('click', () => {
    if (!shown) return;
    const reference = `Coran ${shown.chapter}:${shown.verse}`;
    // A share sheet closed without choosing rejects: nothing to say then.
    navigator.share({ title: reference, text: verseCitation(shown) }).catch(() => {});
  });
  closeOnClick(dialog);

  return {
    open(verse) {
      shown = verse;
      if (title) title.textContent = `Verset ${verse.chapter}:${verse.verse}`;
      if (shareButton) shareButton.hidden = typeof navigator.share !== 'function';
      say('');
      dialog.showModal();
    },
  };
}
