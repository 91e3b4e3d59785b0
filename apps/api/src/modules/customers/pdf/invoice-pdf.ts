/**
 * The invoice as a PDF made on the server (decision 24), for the e-mails that send it: laid out as the printable
 * invoice is (apps/web/src/features/business/invoices/PrintableInvoice.tsx), with the same words, figures and
 * order: who it is from and to, its number and dates, its lines, SUBTOTAL, TAX and TOTAL, what was received and
 * the balance due, and the thank-you footer. Names and addresses are printed as written, in any script
 * (pdf-lines.ts).
 */
import PDFDocument from 'pdfkit';
import {
  TAX_RATE_LABEL,
  formatMediumDate,
  formatMoney,
  invoiceTotals,
  toCents,
  type InvoiceData,
} from '@app/contracts';
import { drawLine, widthOf, wrapLines, type PdfWriter, type TextStyle } from './pdf-lines.js';
import { pdfFaces } from './pdf-fonts.js';

type PrintedInvoice = Pick<InvoiceData, 'invoice' | 'customer' | 'company'>;

const MARGIN = 50;
const PAGE_WIDTH = 595.28; // A4, in points
const RIGHT = PAGE_WIDTH - MARGIN;
const BODY: TextStyle = { weight: 'regular', size: 10 };
const STRONG: TextStyle = { weight: 'bold', size: 10 };
const LINE_HEIGHT = 15;
const ACCENT = '#0b7285';
const TEXT = '#212529';
const MUTED = '#495057';

/** The columns of the lines' table: their right edges, but the description's left one. */
const COLUMNS = { position: MARGIN, description: MARGIN + 28, quantity: 370, rate: 450, total: RIGHT };
const DESCRIPTION_WIDTH = COLUMNS.quantity - 50 - COLUMNS.description;

/** A logo the owner gave (a PNG or JPEG data URL, business-details.ts): its bytes for the PDF. */
function logoBytes(logo: string | null | undefined): Buffer | undefined {
  const match = /^data:image\/(?:png|jpeg);base64,(.+)$/.exec(logo ?? '');
  return match?.[1] ? Buffer.from(match[1], 'base64') : undefined;
}

function writer(doc: PdfWriter) {
  let y = MARGIN;
  const line = (text: string, style: TextStyle = BODY, x = MARGIN, align: 'left' | 'right' = 'left') => {
    drawLine(doc, text, { x, y, align }, style);
  };
  return {
    get y() {
      return y;
    },
    moveTo(next: number) {
      y = next;
    },
    down(lines = 1) {
      y += LINE_HEIGHT * lines;
    },
    line,
    /** A new page when fewer than `lines` lines are left on this one. */
    keepRoom(lines: number) {
      if (y + lines * LINE_HEIGHT <= doc.page.height - MARGIN) return;
      doc.addPage();
      y = MARGIN;
    },
    rule(color = ACCENT, width = 1) {
      doc.moveTo(MARGIN, y).lineTo(RIGHT, y).lineWidth(width).strokeColor(color).stroke();
    },
  };
}

function drawHeader(doc: PdfWriter, page: ReturnType<typeof writer>, { invoice, company }: PrintedInvoice) {
  const logo = logoBytes(company.logo);
  if (logo) {
    doc.image(logo, MARGIN, page.y, { fit: [170, 56] });
    page.down(4.2);
  }
  const top = page.y;
  page.line(company.name, { weight: 'bold', size: 16 });
  page.down(1.5);
  const phone = company.phone && `Phone: ${company.phone}`;
  const fax = company.fax && `Fax: ${company.fax}`;
  for (const text of [...company.addressLines, phone, fax]) {
    if (!text) continue;
    page.line(text);
    page.down();
  }
  const left = page.y;

  page.moveTo(top);
  doc.fillColor(ACCENT);
  page.line('INVOICE', { weight: 'bold', size: 18 }, RIGHT, 'right');
  doc.fillColor(TEXT);
  page.down(1.7);
  page.line(`Invoice #: ${invoice.invoiceNumber}`, STRONG, RIGHT, 'right');
  page.down();
  page.line(`Date: ${formatMediumDate(invoice.date)}`, BODY, RIGHT, 'right');
  page.down();
  page.line(
    `Due Date: 30 Days from Invoice Date (${formatMediumDate(invoice.dueDate)})`,
    BODY,
    RIGHT,
    'right',
  );
  page.down();
  page.moveTo(Math.max(left, page.y) + 8);
  page.rule(ACCENT, 2);
  page.down(1);
}

function drawCustomer(
  doc: PdfWriter,
  page: ReturnType<typeof writer>,
  { invoice, customer }: PrintedInvoice,
) {
  doc.fillColor(MUTED);
  page.line('TO', { weight: 'bold', size: 9 });
  doc.fillColor(TEXT);
  page.down();
  page.line(customer.name, { weight: 'bold', size: 12 });
  page.down(1.2);
  for (const text of [customer.address, customer.email, customer.phone]) {
    for (const wrapped of wrapLines(doc, text, RIGHT - MARGIN, BODY)) {
      page.line(wrapped);
      page.down();
    }
  }
  page.line(`Status: ${invoice.status}`, STRONG);
  page.down(2);
}

function drawLines(doc: PdfWriter, page: ReturnType<typeof writer>, { invoice }: PrintedInvoice) {
  const heading = () => {
    doc.fillColor(MUTED);
    page.line('#', STRONG, COLUMNS.position);
    // Spelled so, as SPEC §2.3 has it on the printable invoice.
    page.line('Provided Servives', STRONG, COLUMNS.description);
    page.line('QTY', STRONG, COLUMNS.quantity, 'right');
    page.line('RATE', STRONG, COLUMNS.rate, 'right');
    page.line('TOTAL', STRONG, COLUMNS.total, 'right');
    doc.fillColor(TEXT);
    page.down(1.2);
    page.rule('#dee2e6');
    page.down(0.4);
  };
  heading();
  for (const item of invoice.lines) {
    const description = wrapLines(doc, item.description, DESCRIPTION_WIDTH, BODY);
    page.keepRoom(description.length + 1);
    if (page.y === MARGIN) heading();
    page.line(String(item.position), BODY, COLUMNS.position);
    page.line(String(item.quantity), BODY, COLUMNS.quantity, 'right');
    page.line(formatMoney(toCents(item.unitPrice)), BODY, COLUMNS.rate, 'right');
    page.line(formatMoney(toCents(item.amount)), BODY, COLUMNS.total, 'right');
    for (const text of description) {
      page.line(text, BODY, COLUMNS.description);
      page.down();
    }
    page.down(0.3);
  }
  page.rule('#dee2e6');
  page.down(0.6);
}

function drawTotals(page: ReturnType<typeof writer>, { invoice }: PrintedInvoice) {
  const totals = invoiceTotals(invoice.total);
  const rows: [string, string, TextStyle][] = [
    ['SUBTOTAL', formatMoney(totals.subtotal), BODY],
    [`TAX (${TAX_RATE_LABEL})`, formatMoney(totals.tax), BODY],
    ['TOTAL', formatMoney(totals.total), { weight: 'bold', size: 12 }],
  ];
  if (invoice.amountPaid > 0) {
    rows.push(['PAID', formatMoney(-toCents(invoice.amountPaid)), BODY]);
    rows.push(['BALANCE DUE', formatMoney(toCents(invoice.balanceDue)), { weight: 'bold', size: 12 }]);
  }
  page.keepRoom(rows.length + 4);
  for (const [label, amount, style] of rows) {
    page.line(label, style, COLUMNS.rate - 60, 'right');
    page.line(amount, style, COLUMNS.total, 'right');
    page.down(1.2);
  }
}

function drawFooter(doc: PdfWriter, page: ReturnType<typeof writer>, { company }: PrintedInvoice) {
  page.down(1.5);
  page.keepRoom(3);
  page.rule('#dee2e6');
  page.down(0.8);
  const center = (text: string, style: TextStyle) =>
    page.line(text, style, (PAGE_WIDTH - widthOf(doc, text, style)) / 2);
  doc.fillColor(ACCENT);
  center('THANK YOU FOR YOUR BUSINESS', STRONG);
  doc.fillColor(TEXT);
  page.down();
  const contact = [company.website, company.phone && `Telephone:${company.phone}`, company.billingEmail]
    .filter((part): part is string => Boolean(part))
    .join('   ');
  if (contact) center(contact, BODY);
}

/** The invoice's PDF, whole, as bytes. */
export async function invoicePdf(printed: PrintedInvoice): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: { Title: `Invoice ${printed.invoice.invoiceNumber}`, Author: printed.company.name },
    lang: 'en',
  });
  for (const faces of Object.values(pdfFaces())) {
    // pdfkit 0.20 takes a parsed fontkit font (PDFFontFactory.open), which its types do not say yet.
    for (const face of faces) doc.registerFont(face.name, face.font as unknown as Buffer);
  }
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  const page = writer(doc);
  doc.fillColor(TEXT);
  drawHeader(doc, page, printed);
  drawCustomer(doc, page, printed);
  drawLines(doc, page, printed);
  drawTotals(page, printed);
  drawFooter(doc, page, printed);
  doc.end();
  await done;
  return Buffer.concat(chunks);
}
