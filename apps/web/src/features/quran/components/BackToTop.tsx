import { useEffect, useState } from 'react';
import classes from '../quran.module.css';

/** Appears after 300 px of scrolling (SPEC §9); going back up also stops the recitation at verse 1. */
export function BackToTop({ onTop }: { onTop: () => void }) {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const onScroll = () => setVisible(window.scrollY > 300);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  if (!visible) return null;
  return (
    <button
      type="button"
      className={classes.backToTop}
      aria-label="Revenir en haut et arrêter la lecture"
      onClick={() => {
        onTop();
        window.scrollTo({ top: 0, behavior: 'smooth' });
      }}
    >
      ↑
    </button>
  );
}
