import { describe, expect, it } from 'vitest';
import { bindMenuDialog } from './menu-dialog';

function drawMenu() {
  document.body.innerHTML = `
    <div>
      <button data-menu-open aria-expanded="false" disabled>Ouvrir le menu</button>
      <dialog><div><button data-close>Fermer</button><a href="#ailleurs">Ailleurs</a></div></dialog>
    </div>`;
  const root = document.querySelector('div');
  const burger = document.querySelector<HTMLButtonElement>('[data-menu-open]');
  const dialog = document.querySelector('dialog');
  const close = document.querySelector<HTMLButtonElement>('[data-close]');
  const link = document.querySelector('a');
  if (!root || !burger || !dialog || !close || !link) throw new Error('no menu');
  return { root, burger, dialog, close, link };
}

describe('the phone menu', () => {
  it('is enabled once bound, opens from the burger and closes by its button, a link or the backdrop', () => {
    const { root, burger, dialog, close, link } = drawMenu();
    bindMenuDialog(root);
    expect(burger.disabled).toBe(false);

    for (const closer of [close, link, dialog]) {
      burger.click();
      expect(dialog.open).toBe(true);
      expect(burger.getAttribute('aria-expanded')).toBe('true');
      closer.click();
      expect(dialog.open).toBe(false);
      expect(burger.getAttribute('aria-expanded')).toBe('false');
      expect(document.activeElement).toBe(burger);
    }
  });

  it('stops answering once unbound', () => {
    const { root, burger, dialog } = drawMenu();
    const unbind = bindMenuDialog(root);
    unbind();
    burger.click();
    expect(dialog.open).toBe(false);
  });
});
