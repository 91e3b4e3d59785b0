import { DialogCloseButton } from '../../../components/DialogCloseButton';
import classes from './ReaderDialogs.module.css';

/**
 * Copy or share one verse (issue 23): its text with its reference and translator, or its own address. One
 * dialog for the chapter, opened by each verse's button; the 'quran-reader' island fills it with the verse
 * (features/quran/share-verse.ts). 'Partager…' appears where the device can share (a phone's share sheet).
 */
export function ShareVerseDialog() {
  return (
    <dialog className={classes.dialog} aria-labelledby="partage-titre" data-share-dialog>
      <div className={classes.content}>
        <div className={classes.header}>
          <h2 id="partage-titre" className={classes.title} data-share-title>
            Verset
          </h2>
          <DialogCloseButton label="Fermer" />
        </div>
        <button type="button" className={classes.action} data-copy="text">
          Copier le verset et sa référence
        </button>
        <button type="button" className={classes.action} data-copy="link">
          Copier le lien du verset
        </button>
        <button type="button" className={classes.action} data-share hidden>
          Partager…
        </button>
        <p className={classes.hint} role="status" data-share-status />
      </div>
    </dialog>
  );
}
