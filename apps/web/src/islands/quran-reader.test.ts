import { afterEach, describe, expect, it, vi } from 'vitest';
import { bind } from './quran-reader';
import { ACCESS_TOKEN_KEY } from '../lib/session/token-store';

/** The account's calls, stood in for: the reciter a signed-in reader chose on another device. */
const account = vi.hoisted(() => ({ reciter: null as string | null, kept: [] as string[] }));
vi.mock('../features/quran/account-reciter', () => ({
  accountReciter: async () => account.reciter,
  keepAccountReciter: async (reciter: string) => void account.kept.push(reciter),
}));

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
              <p data-text="transliteration">Qul</p>
            </li>`,
          )
          .join('')}
      </ol>
      <div data-player>
        <button data-handle></button><button data-mode="ar" disabled>▶ ar</button><button data-mode="arfr" disabled>▶ ar/fr</button>
        <button data-loop aria-pressed="false" disabled>⟳</button>
        <p role="status" data-audio-notice></p>
      </div>
      <button data-back-to-verse hidden>Revenir au verset en cours</button>
      <dialog data-settings><form><select name="reciter">
        <option value="ar.hudhaify">Ali al-Hudhaify</option><option value="ar.alafasy">Mishary Rashid Alafasy</option>
      </select></form></dialog>
      <button data-back-to-top hidden>↑</button>
    </div>`;
  const root = document.querySelector<HTMLElement>('[data-island]');
  if (!root) throw new Error('no reader');
  return root;
}

const box = (key: string) => document.querySelector<HTMLInputElement>(`input[data-shows="${key}"]`);
/** The texts the page's styles show (features/quran/quran.module.css reads the attribute). */
const textsShown = () => document.documentElement.dataset.texts;
const remembered = () => JSON.parse(localStorage.getItem('coran.lecteur') ?? 'null') as unknown;

afterEach(() => {
  localStorage.clear();
  delete document.documentElement.dataset.texts;
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
    expect(textsShown()).toBe('arabic french transliteration');
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
    expect(textsShown()).toBe('french transliteration');

    const root = drawReader('/coran/112');
    const french = box('french');
    if (!french) throw new Error('no box');
    french.checked = false;
    bind(root);
    expect(box('arabic')?.checked).toBe(true);
    expect(textsShown()).toBe('arabic');
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

  /** Every clip the reader starts: its audio element, address and speed at that moment. */
  function recordPlays() {
    const plays: { audio: HTMLMediaElement; src: string; rate: number }[] = [];
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
      plays.push({ audio: this, src: this.src, rate: this.playbackRate });
      return Promise.resolve();
    });
    return plays;
  }

  it('plays each language at the speed this device chose for it', () => {
    localStorage.setItem('coran.reglages', JSON.stringify({ speed: { ar: 0.75, fr: 1.5 } }));
    const plays = recordPlays();
    bind(drawReader('/coran/112'));
    document.querySelector<HTMLButtonElement>('button[data-verse="1"][data-language="ar"]')?.click();
    document.querySelector<HTMLButtonElement>('button[data-verse="1"][data-language="fr"]')?.click();
    expect(plays.map(({ src, rate }) => [new URL(src).pathname, rate])).toEqual([
      ['/ar/1.mp3', 0.75],
      ['/fr/1.mp3', 1.5],
    ]);
  });

  it('recites with the reciter this device chose, asking the server for its addresses', async () => {
    localStorage.setItem('coran.reglages', JSON.stringify({ reciter: 'ar.alafasy' }));
    const fetched = vi.fn(async (_address: string) =>
      Response.json({
        data: [{ ayahs: [{ audio: '/alafasy/6222.mp3' }, { audio: '/alafasy/6223.mp3' }] }],
      }),
    );
    vi.stubGlobal('fetch', fetched);
    const plays = recordPlays();
    bind(drawReader('/coran/112'));
    await vi.waitFor(() =>
      expect(fetched).toHaveBeenCalledWith('/api/quran/surah/112?reciter=ar.alafasy', expect.anything()),
    );
    await vi.waitFor(() => {
      document.querySelector<HTMLButtonElement>('button[data-mode="ar"]')?.click();
      expect(plays.at(-1)?.src).toContain('/alafasy/6222.mp3');
    });
    vi.unstubAllGlobals();
  });

  it('says which verse failed to load and goes on with the next one', () => {
    const plays = recordPlays();
    bind(drawReader('/coran/112'));
    document.querySelector<HTMLButtonElement>('button[data-mode="ar"]')?.click();
    plays[0]?.audio.dispatchEvent(new Event('error'));
    expect(document.querySelector('[data-audio-notice]')?.textContent).toBe(
      'Le verset 1 n’a pas pu être chargé : la lecture passe au suivant.',
    );
    expect(new URL(plays.at(-1)?.src ?? '').pathname).toBe('/ar/2.mp3');
    plays.at(-1)?.audio.dispatchEvent(new Event('ended'));
    expect(document.querySelector('[data-audio-notice]')?.textContent).toBe('');
  });

  it('stops and says so when three clips in a row cannot be loaded', () => {
    const plays = recordPlays();
    bind(drawReader('/coran/112'));
    document.querySelector<HTMLButtonElement>('button[data-mode="arfr"]')?.click();
    for (let i = 0; i < 3; i += 1) plays[0]?.audio.dispatchEvent(new Event('error'));
    expect(document.querySelector('[data-audio-notice]')?.textContent).toBe(
      'La récitation ne se charge plus (connexion perdue ?) : la lecture est arrêtée.',
    );
    expect(document.querySelector('button[data-mode="arfr"]')?.getAttribute('aria-pressed')).toBe('false');
  });

  it('loops the verse in course with one tap, loading it again after each end', () => {
    const plays = recordPlays();
    bind(drawReader('/coran/112/2'));
    const loop = document.querySelector<HTMLButtonElement>('button[data-loop]');
    expect(loop?.disabled).toBe(false);
    loop?.click();
    expect(loop?.getAttribute('aria-pressed')).toBe('true');
    for (let i = 0; i < 3; i += 1) plays.at(-1)?.audio.dispatchEvent(new Event('ended'));
    expect(plays.map(({ src }) => new URL(src).pathname)).toEqual(Array(4).fill('/ar/2.mp3'));
    loop?.click();
    expect(loop?.getAttribute('aria-pressed')).toBe('false');
  });

  it('recites with the reciter a signed-in reader chose on another device', async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, 'a-token');
    account.reciter = 'ar.alafasy';
    const fetched = vi.fn(async (_address: string) =>
      Response.json({ data: [{ ayahs: [{ audio: '/alafasy/6222.mp3' }, { audio: '/alafasy/6223.mp3' }] }] }),
    );
    vi.stubGlobal('fetch', fetched);
    bind(drawReader('/coran/112'));
    await vi.waitFor(() =>
      expect(fetched).toHaveBeenCalledWith('/api/quran/surah/112?reciter=ar.alafasy', expect.anything()),
    );
    // The account's choice is this device's now, and is not sent back to the account.
    await vi.waitFor(() =>
      expect(JSON.parse(localStorage.getItem('coran.reglages') ?? '{}')).toMatchObject({
        reciter: 'ar.alafasy',
      }),
    );
    expect(account.kept).toEqual([]);
    vi.unstubAllGlobals();
    account.reciter = null;
  });
});
