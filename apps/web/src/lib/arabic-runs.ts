/**
 * French texts quote Arabic words inline (« كِتَابِي (kitâbî) »). Each Arabic run must sit in its own
 * element with lang="ar" dir="rtl" so screen readers switch voice and the bidi algorithm keeps it whole.
 */
export type TextRun = { text: string; arabic: boolean };

// Arabic letters and marks (including tatweel and Quranic signs), with the spaces between Arabic words.
const ARABIC_RUN =
  /([\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]+(?:\s+[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]+)*)/u;

export function splitArabicRuns(text: string): TextRun[] {
  // split() with a capturing group alternates: text outside the runs at even places, the runs at odd ones.
  return text
    .split(ARABIC_RUN)
    .flatMap((part, index) => (part === '' ? [] : [{ text: part, arabic: index % 2 === 1 }]));
}
