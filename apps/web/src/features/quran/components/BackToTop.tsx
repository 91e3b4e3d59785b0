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
