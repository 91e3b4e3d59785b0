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
  burger.addEventListener('click', open);
  const stopClosing = closeOnClick(dialog, 'a[href], [data-close]');
  dialog.addEventListener('close', closed);
  // The page's HTML draws it disabled, so that a tap before this point is not silently lost.
  burger.disabled = false;
  return () => {
    burger.removeEventListener('click', open);
    stopClosing();
    dialog.removeEventListener('close', closed);
    if (dialog.open) dialog.close();
  };
}

/**
 * Closes a native modal dialog on a click on its backdrop or on an element inside it that matches `closers`
 * (its close buttons, [data-close]). Its content must fill it: a click that lands on the dialog element itself
 * is a click on the backdrop. Returns a function that stops it.
 */
export function closeOnClick(dialog: HTMLDialogElement, closers = '[data-close]'): () => void {
  const onClick = (event: MouseEvent) => {
    const target = event.target instanceof Element ? event.target : null;
    if (target === dialog || target?.closest(closers)) dialog.close();
  };
  dialog.addEventListener('click', onClick);
  return () => dialog.removeEventListener('click', onClick);
}
