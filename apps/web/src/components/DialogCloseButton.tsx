import classes from './DialogCloseButton.module.css';

/**
 * The × in the corner of a native dialog (the phone menu, a hadith's detail). It does nothing by itself: the
 * dialog's behaviour closes the dialog on a click on any [data-close] inside it.
 */
export function DialogCloseButton({ label }: { label: string }) {
  return (
    <button type="button" className={classes.close} data-close aria-label={label}>
      <span aria-hidden="true">×</span>
    </button>
  );
}
