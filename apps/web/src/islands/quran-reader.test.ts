import { afterEach, describe, expect, it, vi } from 'vitest';
import { bind } from './quran-reader';

/** A chapter of two verses as QuranPage.tsx draws it, at `address`. */
function drawReader(address: string) {
  window.history.replaceState(null, '', address);
  document.body.innerHTML = `
    <div data-island="quran-reader" data-base="/coran" data-chapter="112" data-title="Al-Ikhlaas">
      <select><option value="1">1</option><option value="112" selected>112</option></select>
      <input type="checkbox" data-shows="arabic" checked>
      <input type="checkbox" data-shows="french" checked>
      <input type="checkbox" data-shows="transliteration">
      <ol>
        ${[1, 2]
          .map(
            (n) => `<li id="verset-${n}">
              <div data-text="arabic"><button data-verse="${n}" data-language="ar" data-audio="/ar/${n}.mp3" disabled>▶</button></div>
              <div data-text="french"><button data-verse="${n}" data-language="fr" data-audio="/fr/${n}.mp3" disabled>▶</button></div>
              <p data-text="transliteration" hidden>Qul</p>
            </li>`,
          )
          .join('')}
      </ol>
      <div data-player><button data-handle></button><button data-mode="ar" disabled>▶ ar</button></div>
      <button data-back-to-top hidden>↑</button>
    </div>`;
  const root = document.querySelector<HTMLElement>('[data-island]');
  if (!root) throw new Error('no reader');
  return root;
}

const box = (key: string) => document.querySelector<HTMLInputElement>(`input[data-shows="${key}"]`);
const remembered = () => JSON.parse(localStorage.getItem('coran.lecteur') ?? 'null') as unknown;

afterEach(() => {
  localStorage.clear();
  window.history.replaceState(null, '', '/');
  vi.restoreAllMocks();
});

describe('the Quran reader island', () => {
  it('enables the play buttons, and shows and remembers the texts the reader chooses', () => {
    bind(drawReader('/coran/112'));
    expect(document.querySelector<HTMLButtonElement>('button[data-verse="1"]')?.disabled).toBe(false);
    expect(document.querySelector<HTMLButtonElement>('button[data-mode="ar"]')?.disabled).toBe(false);

    const transliteration = box('transliteration');
    if (!transliteration) throw new Error('no box');
    transliteration.checked = true;
    transliteration.dispatchEvent(new Event('change'));
    expect(document.querySelector<HTMLElement>('#verset-1 [data-text="transliteration"]')?.hidden).toBe(
      false,
    );
    expect(remembered()).toEqual({
      chapter: 112,
      verse: 1,
      shown: { arabic: true, french: true, transliteration: true },
    });
  });

  it('plays a verse on its own: its button pauses, its verse is followed, the lock screen names it', () => {
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    bind(drawReader('/coran/112'));
    const button = document.querySelector<HTMLButtonElement>('button[data-verse="2"][data-language="fr"]');
    button?.click();
    expect(play).toHaveBeenCalledTimes(1);
    expect(button?.getAttribute('aria-pressed')).toBe('true');
    expect(button?.getAttribute('aria-label')).toBe('Mettre en pause le verset 2 en français');
    expect(document.querySelector('#verset-2')?.getAttribute('data-current')).toBe('true');
    expect(remembered()).toMatchObject({ verse: 2 });
  });

  it('opens the verse the address names, highlighted', () => {
    bind(drawReader('/coran/112/2'));
    expect(document.querySelector('#verset-2')?.getAttribute('data-current')).toBe('true');
    expect(document.querySelector('#verset-1')?.getAttribute('data-current')).toBeNull();
    expect(remembered()).toMatchObject({ chapter: 112, verse: 2 });
  });

  it('shows the texts this device remembers, unless the reader changed them first', () => {
    localStorage.setItem(
      'coran.lecteur',
      JSON.stringify({
        chapter: 112,
        verse: 1,
        shown: { arabic: false, french: true, transliteration: true },
      }),
    );
    bind(drawReader('/coran/112'));
    expect(box('arabic')?.checked).toBe(false);
    expect(document.querySelector<HTMLElement>('#verset-1 [data-text="arabic"]')?.hidden).toBe(true);

    const root = drawReader('/coran/112');
    const french = box('french');
    if (!french) throw new Error('no box');
    french.checked = false;
    bind(root);
    expect(box('arabic')?.checked).toBe(true);
    expect(document.querySelector<HTMLElement>('#verset-1 [data-text="french"]')?.hidden).toBe(true);
  });

  it('takes a reader who comes back to /coran to the chapter and verse where they stopped', () => {
    localStorage.setItem(
      'coran.lecteur',
      JSON.stringify({
        chapter: 112,
        verse: 3,
        shown: { arabic: true, french: true, transliteration: false },
      }),
    );
    const replace = vi.spyOn(window.location, 'replace').mockImplementation(() => {});
    bind(drawReader('/coran'));
    expect(replace).toHaveBeenCalledWith('/coran/112/3');
  });
});
