/**
 * The footer's theme choice (components/ThemeChoice.tsx): checks the theme this device chose, and applies and
 * keeps a new choice at once (lib/reading-preferences.ts).
 */
import { changePreferences, recallPreferences, type Theme } from '../lib/reading-preferences';

export function bind(root: HTMLElement): void {
  const choices = [...root.querySelectorAll<HTMLInputElement>('input[name="theme"]')];
  const { theme } = recallPreferences();
  for (const choice of choices) {
    choice.checked = choice.value === theme;
    choice.disabled = false;
    choice.addEventListener('change', () => {
      if (choice.checked) changePreferences({ theme: choice.value as Theme });
    });
  }
}
