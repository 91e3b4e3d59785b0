/**
 * The name of an invoice's PDF, the same whether the browser makes it ('Export as PDF', SPEC §4) or the server
 * sends it by e-mail: no schema here, so the web app's PDF code does not pull the validation library.
 */

/** `invoice-{invoiceNumber}.pdf`, with only characters a file name can hold everywhere. */
export function invoicePdfName(invoiceNumber: string): string {
  return `invoice-${invoiceNumber.replace(/[^A-Za-z0-9._-]+/g, '_')}.pdf`;
}
