/**
 * The settings dialog's part on listening without a connection: downloads this chapter's recitation (the chosen
 * reciter and the French voice), says how far it is and how much room it takes, and removes it.
 */
import { download, downloaded, megabytes, remove } from './recitation-downloads';

export type DownloadTarget = {
  chapter: number;
  reciter(): string;
  reciterLabel(): string;
  addresses(): string[];
};

export function bindDownloads(dialog: HTMLElement, target: DownloadTarget): { refresh(): void } {
  const status = dialog.querySelector<HTMLElement>('[data-download-status]');
  const bar = dialog.querySelector<HTMLProgressElement>('[data-download-progress]');
  const start = dialog.querySelector<HTMLButtonElement>('[data-download]');
  const removal = dialog.querySelector<HTMLButtonElement>('[data-remove-download]');
  const say = (message: string) => {
    if (status) status.textContent = message;
  };
  const show = (kept: { verses: number; bytes: number } | null) => {
    if (start) start.hidden = kept !== null;
    if (removal) removal.hidden = kept === null;
    say(
      kept
        ? `Enregistrée sur cet appareil : ${kept.verses} fichiers, ${megabytes(kept.bytes)} (arabe : ${target.reciterLabel()}, français : Youssouf Leclerc).`
        : 'La récitation de cette sourate n’est pas enregistrée sur cet appareil.',
    );
  };
  const refresh = () => {
    void downloaded(target.chapter, target.reciter(), target.addresses()).then(show);
  };

  start?.addEventListener('click', () => {
    const addresses = target.addresses();
    start.disabled = true;
    if (bar) {
      bar.hidden = false;
      bar.max = addresses.length;
      bar.value = 0;
    }
    download(target.chapter, target.reciter(), addresses, (done) => {
      if (bar) bar.value = done;
      say(`Téléchargement : ${done} fichiers sur ${addresses.length}…`);
    })
      .then(show)
      .catch(() =>
        say('Le téléchargement n’a pas abouti (la connexion ?) : réessayez, ce qui est déjà là est gardé.'),
      )
      .finally(() => {
        start.disabled = false;
        if (bar) bar.hidden = true;
      });
  });
  removal?.addEventListener('click', () => {
    void remove(target.chapter, target.reciter(), target.addresses()).then(() => show(null));
  });
  return { refresh };
}
