/**
 * The hadith page's controls (features/hadith/pages/HadithPage.tsx, drawn by the server for each address):
 * - the category selector loads the chosen category's address (?categorie=N), in place of this one;
 * - 'Détail' fetches the hadith's own address (/hadith/<id>), which the server draws with its dialog, and
 *   opens that dialog here, the address following it; a failed detail opens nothing (SPEC §8).
 * The dialog is the browser's modal one: it traps the focus, closes on Escape and gives the focus back to
 * the button that opened it; this adds closing by its buttons and by the backdrop, and the address.
 */
import { closeOnClick } from '../lib/menu-dialog';

/** A control drawn disabled until this is bound (and marked so for the design system's styles). */
function enable(control: HTMLButtonElement | HTMLSelectElement): void {
  control.disabled = false;
  control.removeAttribute('data-disabled');
}

export function bind(root: HTMLElement): void {
  const base = root.dataset.base ?? '/hadith';
  const listAddress = () => `${base}${window.location.search}`;
  /** Whether this page put the open hadith's address in the history: closing goes back over it. */
  let pushed = false;

  const select = root.querySelector('select');
  if (select) {
    select.addEventListener('change', () =>
      window.location.replace(`${base}?categorie=${encodeURIComponent(select.value)}`),
    );
    enable(select);
  }

  const show = (dialog: HTMLDialogElement) => {
    // Drawn open for a reader without scripts: opened again as a modal. (Not by close(), whose event would
    // come after the listener below and close it for good.)
    dialog.removeAttribute('open');
    closeOnClick(dialog);
    dialog.addEventListener('close', () => {
      dialog.remove();
      if (window.location.pathname === base) return;
      if (pushed) window.history.back();
      else window.history.replaceState(window.history.state, '', listAddress());
      pushed = false;
    });
    dialog.showModal();
  };

  // The address named a hadith: the server drew its dialog.
  const drawn = root.querySelector<HTMLDialogElement>('dialog[data-hadith-dialog]');
  if (drawn) show(drawn);

  root.addEventListener('click', (event) => {
    const button =
      event.target instanceof Element ? event.target.closest<HTMLElement>('[data-hadith]') : null;
    if (!button?.dataset.hadith) return;
    const address = `${base}/${encodeURIComponent(button.dataset.hadith)}${window.location.search}`;
    button.setAttribute('aria-busy', 'true');
    void fetch(address)
      .then((response) => (response.ok ? response.text() : ''))
      .catch(() => '')
      .then((html) => {
        button.removeAttribute('aria-busy');
        const dialog = new DOMParser()
          .parseFromString(html, 'text/html')
          .querySelector<HTMLDialogElement>('dialog[data-hadith-dialog]');
        if (!dialog) return;
        root.append(document.adoptNode(dialog));
        window.history.pushState(window.history.state, '', address);
        pushed = true;
        // The focus comes back to the button when the dialog closes.
        button.focus();
        show(dialog);
      });
  });
  root.querySelectorAll<HTMLButtonElement>('button[data-hadith]').forEach(enable);

  // Back from a hadith's address closes its dialog.
  window.addEventListener('popstate', () => {
    if (window.location.pathname !== base) return;
    pushed = false;
    root.querySelector<HTMLDialogElement>('dialog[data-hadith-dialog]')?.close();
  });
}
