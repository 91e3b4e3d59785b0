/**
 * The invoice PDF (SPEC §4, REFERENCE §1): made in the browser, with no server call, by jsPDF drawing the
 * printable invoice through html2canvas. Both are large, so they load only when 'Export as PDF' is clicked, with
 * the fonts the PDF embeds (invoice-pdf-fonts.ts).
 */
import { invoicePdfName } from '@app/contracts';
import { fetchPdfFonts } from './invoice-pdf-fonts';

/** SPEC §4: margin 5, window width 1000, content width 200 (jsPDF's default unit, mm, on an A4 page). */
export const INVOICE_PDF_OPTIONS = { margin: 5, windowWidth: 1000, width: 200 } as const;

export async function exportInvoicePdf(element: HTMLElement, invoiceNumber: string): Promise<void> {
  // html2canvas is what jsPDF's html() imports itself; asking for it now loads both at once.
  const [{ jsPDF }, , fonts] = await Promise.all([
    import('jspdf'),
    import('html2canvas'),
    fetchPdfFonts(element.textContent ?? ''),
  ]);
  // Without jsPDF's 14 standard fonts, which the text does not use, and compressed: the fonts are most of the file.
  const doc = new jsPDF({ putOnlyUsedFonts: true, compress: true });
  // html() adds each face from the virtual file named by its source (a name it lacks, it would fetch synchronously).
  for (const { url, file } of fonts) doc.addFileToVFS(url, file);
  await new Promise<void>((resolve, reject) => {
    doc
      .html(element, {
        ...INVOICE_PDF_OPTIONS,
        // The text in the invoice's own fonts, matched by family and weight, not in jsPDF's Helvetica, whose
        // letters are not as wide as the browser measured them and which has no Ł and no Arabic.
        fontFaces: fonts.map((font) => font.face),
        callback: (pdf) => {
          pdf.save(invoicePdfName(invoiceNumber));
          resolve();
        },
      })
      .catch(reject);
  });
}
