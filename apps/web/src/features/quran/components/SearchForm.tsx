import classes from './SearchForm.module.css';

/**
 * The Quran's search box: a plain form that loads the search page (drawn by the server), so it works before
 * any script and without one.
 */
export function SearchForm({
  query = '',
  label = 'Rechercher dans le Coran',
}: {
  query?: string;
  label?: string;
}) {
  return (
    <form role="search" action="/recherche" method="get" className={classes.form}>
      <label className={classes.label} htmlFor="recherche-coran">
        {label}
      </label>
      <div className={classes.row}>
        <input
          id="recherche-coran"
          className={classes.input}
          type="search"
          name="q"
          defaultValue={query}
          maxLength={200}
          required
          placeholder="miséricorde, الرحمن, 2:255, Al-Kahf…"
          enterKeyHint="search"
        />
        <button type="submit" className={classes.submit}>
          Rechercher
        </button>
      </div>
    </form>
  );
}
