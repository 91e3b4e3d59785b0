/**
 * The behaviour of the phone menu (components/PlainNavBar.tsx draws it): a burger that opens a native modal
 * dialog of links. Plain DOM code, so the same function serves the single-page app (bound from React) and
 * the learning pages, where it is an island and React never loads.
 *
 * The browser's modal dialog traps the focus, closes on Escape and gives the focus back to the burger; this
 * adds what it lacks: closing by the close button, by a tap on the backdrop and by following a link, and the
 * burger's aria-expanded, and enables the burger. Returns a function that unbinds it all.
 */
export function bindMenuDialog(root: HTMLElement): () => void {
  const burger = root.querySelector<HTMLButtonElement>('[data-menu-open]');
  const dialog = root.querySelector<HTMLDialogElement>('dialog');
  if (!burger || !dialog) throw new Error('a phone menu needs its [data-menu-open] button and its dialog');

  const open = () => {
    dialog.showModal();
    burger.setAttribute('aria-expanded', 'true');
  };
  const closed = () => {
    burger.setAttribute('aria-expanded', 'false');
    burger.focus();
  };
  const onDialogClick = (event: MouseEvent) => {
    const target = event.target instanceof Element ? event.target : null;
    // A click on the dialog element itself, not on its content, is a click on the backdrop.
    if (target === dialog || target?.closest('a[href], [data-close]')) dialog.close();
  };

  burger.addEventListener('click', open);
  dialog.addEventListener('click', onDialogClick);
  dialog.addEventListener('close', closed);
  // The page's HTML draws it disabled, so that a tap before this point is not silently lost.
  burger.disabled = false;
  return () => {
    burger.removeEventListener('click', open);
    dialog.removeEventListener('click', onDialogClick);
    dialog.removeEventListener('close', closed);
    if (dialog.open) dialog.close();
  };
}
