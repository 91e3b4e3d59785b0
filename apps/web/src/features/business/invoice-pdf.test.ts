import { describe, expect, it, vi } from 'vitest';

const save = vi.fn();
const addFileToVFS = vi.fn();
type HtmlOptions = {
  callback: (doc: { save: typeof save }) => void;
  fontFaces: { family: string; weight: number; src: { url: string }[] }[];
};
const html = vi.fn((_element: HTMLElement, options: HtmlOptions) => {
  options.callback({ save });
  return Promise.resolve();
});
vi.mock('jspdf', () => ({
  jsPDF: class {
    html = html;
    addFileToVFS = addFileToVFS;
  },
}));
vi.mock('html2canvas', () => ({ default: vi.fn() }));
// A font file of three bytes, whatever its address.
vi.stubGlobal(
  'fetch',
  vi.fn(async () => new Response(new Uint8Array([0, 1, 255]))),
);

const { exportInvoicePdf } = await import('./invoice-pdf');
const { invoicePdfName } = await import('@app/contracts');

/** The faces html() was given the last time. */
const facesGiven = () => html.mock.lastCall?.[1].fontFaces ?? [];
const familiesGiven = () => facesGiven().map((face) => `${face.family} ${face.weight}`);

describe('exportInvoicePdf', () => {
  it("draws the element with SPEC's options and saves invoice-{number}.pdf", async () => {
    const element = document.createElement('div');
    await exportInvoicePdf(element, 'INV-000123');
    expect(html).toHaveBeenCalledWith(
      element,
      expect.objectContaining({ margin: 5, windowWidth: 1000, width: 200, callback: expect.any(Function) }),
    );
    expect(save).toHaveBeenCalledWith('invoice-INV-000123.pdf');
  });

  it('draws the text in Noto Sans, and Arabic in Noto Sans Arabic only when there is some', async () => {
    const element = document.createElement('div');
    element.textContent = 'Zoë Łódź';
    await exportInvoicePdf(element, 'INV-000124');
    expect(familiesGiven()).toEqual(['Noto Sans 400', 'Noto Sans 700']);

    element.textContent = 'مريم العلي';
    await exportInvoicePdf(element, 'INV-000125');
    expect(familiesGiven()).toEqual([
      'Noto Sans 400',
      'Noto Sans 700',
      'Noto Sans Arabic 400',
      'Noto Sans Arabic 700',
    ]);
    // Each face's file is in jsPDF's virtual files under the address its source names, as bytes.
    for (const face of facesGiven())
      expect(addFileToVFS).toHaveBeenCalledWith(face.src[0]?.url, '\u0000\u0001\u00ff');
  });

  it('keeps the file name a plain name', () => {
    expect(invoicePdfName('2026/04 #12')).toBe('invoice-2026_04_12.pdf');
  });
});
