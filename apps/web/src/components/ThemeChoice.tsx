import classes from './ThemeChoice.module.css';

const THEMES = [
  { value: 'system', label: 'Comme l’appareil' },
  { value: 'light', label: 'Clair' },
  { value: 'dark', label: 'Sombre' },
] as const;

/**
 * The learning site's theme (issue 23): the device's by default, or light or dark. Drawn with the device's
 * choice checked; the 'theme-choice' island checks the one this device stored and applies a change at once.
 */
export function ThemeChoice() {
  return (
    <fieldset className={classes.choice} data-island="theme-choice">
      <legend className={classes.legend}>Thème</legend>
      {THEMES.map((theme) => (
        <label key={theme.value} className={classes.option}>
          <input
            type="radio"
            name="theme"
            value={theme.value}
            defaultChecked={theme.value === 'system'}
            disabled
          />
          {theme.label}
        </label>
      ))}
    </fieldset>
  );
}
