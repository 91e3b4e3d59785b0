import { afterEach, describe, expect, it } from 'vitest';
import { bind } from './category-choice';

/** The invocations page's markup, as InvocationsPage.tsx draws it: every category, the default shown. */
function drawPage(address: string) {
  window.history.replaceState(null, '', address);
  document.body.innerHTML = `
    <div data-island="category-choice">
      <select>
        <option value="Quotidien" selected>Quotidien</option>
        <option value="Voyages">Voyages</option>
      </select>
      <section data-category="Quotidien"><h2>Quotidien</h2></section>
      <section data-category="Voyages" hidden><h2>Voyages</h2></section>
    </div>`;
  const root = document.querySelector<HTMLElement>('[data-island]');
  const select = document.querySelector('select');
  if (!root || !select) throw new Error('no page');
  return { root, select };
}

const shown = () =>
  [...document.querySelectorAll<HTMLElement>('[data-category]')]
    .filter((section) => !section.hidden)
    .map((section) => section.dataset.category);

afterEach(() => window.history.replaceState(null, '', '/'));

describe('the category choice island', () => {
  it('shows the chosen category alone and keeps it in the address', () => {
    const { root, select } = drawPage('/invocations');
    bind(root);
    expect(shown()).toEqual(['Quotidien']);
    select.value = 'Voyages';
    select.dispatchEvent(new Event('change'));
    expect(shown()).toEqual(['Voyages']);
    expect(window.location.search).toBe('?categorie=Voyages');
  });

  it('opens the category the address names, and ignores one the page does not have', () => {
    const named = drawPage('/invocations?categorie=Voyages');
    bind(named.root);
    expect(named.select.value).toBe('Voyages');
    expect(shown()).toEqual(['Voyages']);

    const unknown = drawPage('/invocations?categorie=Inconnue');
    bind(unknown.root);
    expect(shown()).toEqual(['Quotidien']);
  });

  it('applies a choice made before it was bound, over the address', () => {
    const { root, select } = drawPage('/invocations?categorie=Quotidien');
    select.value = 'Voyages';
    bind(root);
    expect(shown()).toEqual(['Voyages']);
    expect(window.location.search).toBe('?categorie=Voyages');
  });
});
