import classes from '../quran.module.css';

/**
 * Appears after 300 px of scrolling (SPEC §9); going back up also stops the recitation at verse 1. Hidden as
 * drawn: the 'quran-reader' island shows it and makes it work.
 */
export function BackToTop() {
  return (
    <button
      type="button"
      className={classes.backToTop}
      aria-label="Revenir en haut et arrêter la lecture"
      data-back-to-top
      hidden
    >
      ↑
    </button>
  );
}

/**
 * Shown by the island while a verse is recited out of view (the reader scrolled away, or turned following
 * off): brings it back to the middle of the screen.
 */
export function BackToVerse() {
  return (
    <button type="button" className={classes.backToVerse} data-back-to-verse hidden>
      Revenir au verset en cours
    </button>
  );
}
