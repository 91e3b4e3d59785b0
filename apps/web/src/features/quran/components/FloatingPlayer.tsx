import { PLAYER_MODES } from '../player-modes';
import classes from '../quran.module.css';

/**
 * The floating player (SPEC §2.1, §9): 200 px from the bottom and 20 px from the right at first, dragged by
 * its handle with a mouse or a finger, and never out of the screen. Drawn as the server sends it; the
 * 'quran-reader' island (src/islands/quran-reader.ts) makes it play and move, its buttons disabled until then.
 * Beside the three modes: one tap loops the verse in course, and the recitation's settings.
 */
export function FloatingPlayer() {
  return (
    <div
      className={classes.player}
      style={{ right: 20, bottom: 200 }}
      role="group"
      aria-label="Lecteur de la sourate"
      data-testid="floating-player"
      data-player
    >
      <button type="button" className={classes.handle} disabled aria-label="Déplacer le lecteur" data-handle>
        <span aria-hidden="true">⠿</span>
      </button>
      {PLAYER_MODES.map(({ mode, label, title }) => (
        <button
          key={mode}
          type="button"
          className={classes.playerButton}
          aria-pressed="false"
          disabled
          aria-label={`Écouter ${title}`}
          data-mode={mode}
        >
          {`▶ ${label}`}
        </button>
      ))}
      <button
        type="button"
        className={classes.playerButton}
        aria-pressed="false"
        disabled
        aria-label="Répéter en boucle le verset en cours"
        data-loop
      >
        <span aria-hidden="true">⟳</span>
      </button>
      <button
        type="button"
        className={classes.playerButton}
        aria-haspopup="dialog"
        disabled
        aria-label="Réglages du lecteur"
        data-open-settings
      >
        <span aria-hidden="true">⚙</span>
      </button>
      {/* Says when a verse's recitation could not be loaded and was skipped; empty otherwise. */}
      <p className={classes.notice} role="status" data-audio-notice />
    </div>
  );
}
