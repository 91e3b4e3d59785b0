import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import classes from './SignedInBar.module.css';

type Props = {
  /** What the button shows; it is also the button's accessible name. */
  label: ReactNode;
  /** The menu's entries, given the function that closes it (after a choice). */
  children: (close: () => void) => ReactNode;
};

function Caret() {
  return (
    <svg className={classes.caret} viewBox="0 0 12 12" aria-hidden="true" focusable="false">
      <path d="M2 4.5l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.5" />
    </svg>
  );
}

/**
 * A button that shows and hides a short list of links and actions below it: the disclosure pattern that
 * WAI-ARIA recommends for site navigation. Closes on Escape (focus back on the button), on a click
 * outside, when focus leaves it, and after a choice. Written here rather than taken from the component
 * library: its menu brings a positioning engine (about 10 KB compressed) for two lists of three entries.
 */
export function DropdownMenu({ label, children }: Props) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const id = useId();

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  const close = () => setOpen(false);
  return (
    <div
      ref={root}
      className={classes.dropdownRoot}
      onBlur={(event) => {
        if (!root.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        ref={button}
        type="button"
        className={classes.menuButton}
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((value) => !value)}
      >
        {label}
        <Caret />
      </button>
      <ul id={id} className={classes.dropdown} hidden={!open}>
        {children(close)}
      </ul>
    </div>
  );
}
