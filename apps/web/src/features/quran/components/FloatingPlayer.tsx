import { useRef, useState, type PointerEvent } from 'react';
import type { Mode } from '../playback';
import classes from '../quran.module.css';

const START = { right: 20, bottom: 200 };
const BUTTONS: { mode: Exclude<Mode, 'none'>; label: string; title: string }[] = [
  { mode: 'ar', label: 'ar', title: 'la sourate en arabe' },
  { mode: 'fr', label: 'fr', title: 'la sourate en français' },
  { mode: 'arfr', label: 'ar/fr', title: 'la sourate en arabe puis en français' },
];

type Props = {
  playingMode: Mode | null;
  onMode: (mode: Exclude<Mode, 'none'>) => void;
  /** While the chapter loads there is nothing to recite: a press then would start an empty list and be lost. */
  disabled?: boolean;
};

/**
 * The floating player (SPEC §2.1, §9): 200 px from the bottom and 20 px from the right at first, dragged by
 * its handle with a mouse or a finger, and never out of the screen.
 */
export function FloatingPlayer({ playingMode, onMode, disabled = false }: Props) {
  const [offset, setOffset] = useState(START);
  const panel = useRef<HTMLDivElement>(null);
  const drag = useRef<{ x: number; y: number; right: number; bottom: number } | null>(null);

  const onPointerDown = (event: PointerEvent<HTMLButtonElement>) => {
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { x: event.clientX, y: event.clientY, ...offset };
  };
  const onPointerMove = (event: PointerEvent<HTMLButtonElement>) => {
    const start = drag.current;
    const box = panel.current?.getBoundingClientRect();
    if (!start || !box) return;
    const maxRight = Math.max(0, window.innerWidth - box.width);
    const maxBottom = Math.max(0, window.innerHeight - box.height);
    setOffset({
      right: Math.min(maxRight, Math.max(0, start.right - (event.clientX - start.x))),
      bottom: Math.min(maxBottom, Math.max(0, start.bottom - (event.clientY - start.y))),
    });
  };
  const onPointerUp = () => {
    drag.current = null;
  };

  return (
    <div
      ref={panel}
      className={classes.player}
      style={{ right: offset.right, bottom: offset.bottom }}
      role="group"
      aria-label="Lecteur de la sourate"
      data-testid="floating-player"
    >
      <button
        type="button"
        className={classes.handle}
        aria-label="Déplacer le lecteur"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
      >
        <span aria-hidden="true">⠿</span>
      </button>
      {BUTTONS.map(({ mode, label, title }) => {
        const playing = playingMode === mode;
        return (
          <button
            key={mode}
            type="button"
            className={classes.playerButton}
            aria-pressed={playing}
            disabled={disabled}
            aria-label={`${playing ? 'Mettre en pause' : 'Écouter'} ${title}`}
            onClick={() => onMode(mode)}
          >
            {playing ? '❚❚ ' : '▶ '}
            {label}
          </button>
        );
      })}
    </div>
  );
}
