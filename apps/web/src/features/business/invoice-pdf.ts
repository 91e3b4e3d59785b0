/**
 * The invoice PDF (SPEC §4, REFERENCE §1): made in the browser, with no server call, by jsPDF drawing the
 * printable invoice through html2canvas. Both are large, so they load only when 'Export as PDF' is clicked.
 */
import { invoicePdfName } from '@app/contracts';

/** SPEC §4: margin 5, window width 1000, content width 200 (jsPDF's default unit, mm, on an A4 page). */
export const INVOICE_PDF_OPTIONS = { margin: 5, windowWidth: 1000, width: 200 } as const;

export async function exportInvoicePdf(element: HTMLElement, invoiceNumber: string): Promise<void> {
  // html2canvas is what jsPDF's html() imports itself; asking for it now loads both at once.
  const [{ jsPDF }] = await Promise.all([import('jspdf'), import('html2canvas')]);
  await new Promise<void>((resolve, reject) => {
    new jsPDF()
      .html(element, {
        ...INVOICE_PDF_OPTIONS,
        callback: (doc) => {
          doc.save(invoicePdfName(invoiceNumber));
          resolve();
        },
      })
      .catch(reject);
  });
}
