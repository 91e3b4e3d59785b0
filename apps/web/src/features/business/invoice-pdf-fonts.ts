/**
 * The fonts of the invoice PDF: the printable invoice's own, Noto Sans and Noto Sans Arabic (SIL Open Font License),
 * regular and bold, as the TrueType files jsPDF embeds (it reads no WOFF). The page's script holds only their
 * addresses: the files (a weight of Noto Sans is 630 KB, 230 KB as sent compressed; one of Noto Sans Arabic 190 KB,
 * 75 KB) are fetched when a PDF is made, and the Arabic ones only for an invoice with Arabic text.
 */
import type { HTMLFontFace } from 'jspdf';
import notoSansRegular from '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf?url';
import notoSansBold from '@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf?url';
import notoSansArabicRegular from '@expo-google-fonts/noto-sans-arabic/400Regular/NotoSansArabic_400Regular.ttf?url';
import notoSansArabicBold from '@expo-google-fonts/noto-sans-arabic/700Bold/NotoSansArabic_700Bold.ttf?url';
import { splitArabicRuns } from '../../lib/arabic-runs';

const FACES = [
  { family: 'Noto Sans', weight: 400, url: notoSansRegular, arabic: false },
  { family: 'Noto Sans', weight: 700, url: notoSansBold, arabic: false },
  { family: 'Noto Sans Arabic', weight: 400, url: notoSansArabicRegular, arabic: true },
  { family: 'Noto Sans Arabic', weight: 700, url: notoSansArabicBold, arabic: true },
] as const;

/**
 * A font for jsPDF: its file, as the binary string jsPDF's virtual files hold, under its address, which the face
 * html() matches text to names as its source.
 */
export type PdfFont = { url: string; file: string; face: HTMLFontFace };

/** One character a byte, in slices: String.fromCharCode takes no 600 KB of arguments at once. */
function binaryString(bytes: Uint8Array): string {
  let text = '';
  for (let start = 0; start < bytes.length; start += 0x8000)
    text += String.fromCharCode(...bytes.subarray(start, start + 0x8000));
  return text;
}

/** The fonts that draw `text`: Noto Sans always, Noto Sans Arabic if it has Arabic. */
export async function fetchPdfFonts(text: string): Promise<PdfFont[]> {
  const arabic = splitArabicRuns(text).some((run) => run.arabic);
  return Promise.all(
    FACES.filter((face) => arabic || !face.arabic).map(async ({ family, weight, url }) => {
      const response = await fetch(url);
      if (!response.ok) throw new Error(`The PDF's font ${family} could not be loaded (${response.status})`);
      return {
        url,
        file: binaryString(new Uint8Array(await response.arrayBuffer())),
        face: { family, weight, src: [{ url, format: 'truetype' }] },
      };
    }),
  );
}
