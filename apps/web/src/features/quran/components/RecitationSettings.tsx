import { QURAN_RECITERS } from '@app/contracts';
import { DialogCloseButton } from '../../../components/DialogCloseButton';
import { TEXT_SCALES } from '../../../lib/reading-preferences';
import { PAUSES, SPEEDS, VERSE_TIMES } from '../reader-settings';
import classes from './ReaderDialogs.module.css';

const timesLabel = (times: number) =>
  times === Infinity ? 'sans fin' : times === 1 ? '1 fois' : `${times} fois`;
/** Endless is written 0 in the form: a select's value is a string, and JSON has no Infinity. */
const timesValue = (times: number) => String(times === Infinity ? 0 : times);
const speedLabel = (speed: number) => `${String(speed).replace('.', ',')}×`;
const pauseLabel = (pause: (typeof PAUSES)[number]) =>
  pause === 'verse' ? 'aussi longue que le verset' : pause === 0 ? 'aucune' : `${pause} s`;

function ScaleSelect({ name, label }: { name: string; label: string }) {
  return (
    <label className={classes.field}>
      {label}
      <select name={name} defaultValue="1">
        {TEXT_SCALES.map((scale) => (
          <option key={scale} value={String(scale)}>
            {`${Math.round(scale * 100)} %`}
          </option>
        ))}
      </select>
    </label>
  );
}

function TimesOptions() {
  return VERSE_TIMES.map((times) => (
    <option key={times} value={timesValue(times)}>
      {timesLabel(times)}
    </option>
  ));
}

function SpeedSelect({ name, label }: { name: string; label: string }) {
  return (
    <label className={classes.field}>
      {label}
      <select name={name} defaultValue="1">
        {SPEEDS.map((speed) => (
          <option key={speed} value={String(speed)}>
            {speedLabel(speed)}
          </option>
        ))}
      </select>
    </label>
  );
}

/**
 * The reader's settings (issue 23): the size of the Arabic and French texts, the Arabic reciter, each language's
 * speed, repetition for memorising, whether the view follows the verse recited, and the chapter's recitation
 * downloaded for listening without a connection. A native modal dialog opened from the floating player;
 * drawn with the seed's values, the 'quran-reader' island sets the device's own when it opens it, and every
 * change applies at once (there is no 'save': closing keeps what is set).
 */
export function RecitationSettings({ verseCount }: { verseCount: number }) {
  return (
    <dialog className={classes.dialog} aria-labelledby="reglages-titre" data-settings>
      <form className={classes.content} method="dialog">
        <div className={classes.header}>
          <h2 id="reglages-titre" className={classes.title}>
            Réglages du lecteur
          </h2>
          <DialogCloseButton label="Fermer les réglages" />
        </div>
        <fieldset className={classes.group}>
          <legend>Taille du texte</legend>
          <ScaleSelect name="arabic-scale" label="Arabe" />
          <ScaleSelect name="french-scale" label="Français et translittération" />
        </fieldset>
        <fieldset className={classes.group}>
          <legend>Récitation</legend>
          <label className={classes.field}>
            Récitateur en arabe
            <select name="reciter" defaultValue={QURAN_RECITERS[0]?.identifier}>
              {QURAN_RECITERS.map((reciter) => (
                <option key={reciter.identifier} value={reciter.identifier}>
                  {reciter.label}
                </option>
              ))}
            </select>
          </label>
          <p className={classes.hint}>
            Voix française : Youssouf Leclerc, lisant la traduction de Hamidullah.
          </p>
          <SpeedSelect name="speed-ar" label="Vitesse de l’arabe" />
          <SpeedSelect name="speed-fr" label="Vitesse du français" />
        </fieldset>
        <fieldset className={classes.group}>
          <legend>Mémorisation</legend>
          <label className={classes.field}>
            Écouter chaque verset
            <select name="verse-times" defaultValue="1">
              <TimesOptions />
            </select>
          </label>
          <label className={classes.field}>
            Pause entre les versets
            <select name="pause" defaultValue="0">
              {PAUSES.map((pause) => (
                <option key={pause} value={String(pause)}>
                  {pauseLabel(pause)}
                </option>
              ))}
            </select>
          </label>
        </fieldset>
        <fieldset className={classes.group}>
          <legend>Boucle sur des versets</legend>
          <label className={classes.check}>
            <input type="checkbox" name="range" /> Répéter une suite de versets
          </label>
          <label className={classes.field}>
            Du verset
            <input type="number" name="range-from" min={1} max={verseCount} defaultValue={1} />
          </label>
          <label className={classes.field}>
            au verset
            <input type="number" name="range-to" min={1} max={verseCount} defaultValue={verseCount} />
          </label>
          <label className={classes.field}>
            Nombre de fois
            <select name="range-times" defaultValue="0">
              <TimesOptions />
            </select>
          </label>
        </fieldset>
        <label className={classes.check}>
          <input type="checkbox" name="follow" defaultChecked /> Suivre à l’écran le verset récité
        </label>
        <fieldset className={classes.group}>
          <legend>Écouter sans connexion</legend>
          <p className={classes.hint} role="status" data-download-status>
            La récitation de cette sourate n’est pas enregistrée sur cet appareil.
          </p>
          <progress className={classes.progress} max={1} value={0} hidden data-download-progress>
            Téléchargement de la récitation
          </progress>
          <button type="button" className={classes.action} data-download>
            Télécharger la récitation de cette sourate
          </button>
          <button type="button" className={classes.action} data-remove-download hidden>
            Supprimer la récitation téléchargée
          </button>
        </fieldset>
        <div className={classes.footer}>
          <button type="submit" className={classes.done}>
            Fermer
          </button>
        </div>
      </form>
    </dialog>
  );
}
