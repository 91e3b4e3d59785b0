import classes from './UpdateBanner.module.css';

/**
 * Offers the site's new version when the service worker has one ready (lib/offline-site.ts shows it): the
 * reader chooses when, so a recitation is never cut by a reload.
 */
export function UpdateBanner() {
  return (
    <div className={classes.banner} role="status" data-update-banner hidden>
      <p className={classes.text}>Une nouvelle version du site est prête.</p>
      <button type="button" className={classes.now} data-update-now>
        Mettre à jour
      </button>
      <button type="button" className={classes.later} data-update-later>
        Plus tard
      </button>
    </div>
  );
}
