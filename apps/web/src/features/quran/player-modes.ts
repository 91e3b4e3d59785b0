import type { Mode } from './playback';

/**
 * The floating player's three chapter modes and what each button says: drawn by FloatingPlayer.tsx, kept
 * current by the reader's island. A module of its own, without JSX, so the island carries no React.
 */
export const PLAYER_MODES: { mode: Exclude<Mode, 'none'>; label: string; title: string }[] = [
  { mode: 'ar', label: 'ar', title: 'la sourate en arabe' },
  { mode: 'fr', label: 'fr', title: 'la sourate en français' },
  { mode: 'arfr', label: 'ar/fr', title: 'la sourate en arabe puis en français' },
];
