import { bindMenuDialog } from '../lib/menu-dialog';

/** The phone menu of the top bar (components/PlainNavBar.tsx), bound for as long as the page lives. */
export function bind(root: HTMLElement): void {
  bindMenuDialog(root);
}
