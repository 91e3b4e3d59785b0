import { describe, expect, it, vi } from 'vitest';

const save = vi.fn();
const html = vi.fn((_element: HTMLElement, options: { callback: (doc: { save: typeof save }) => void }) => {
  options.callback({ save });
  return Promise.resolve();
});
vi.mock('jspdf', () => ({
  jsPDF: class {
    html = html;
  },
}));
vi.mock('html2canvas', () => ({ default: vi.fn() }));

const { exportInvoicePdf } = await import('./invoice-pdf');
const { invoicePdfName } = await import('@app/contracts');

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

  it('keeps the file name a plain name', () => {
    expect(invoicePdfName('2026/04 #12')).toBe('invoice-2026_04_12.pdf');
  });
});
