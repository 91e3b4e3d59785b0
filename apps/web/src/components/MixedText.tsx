import { splitArabicRuns } from '../lib/arabic-runs';

/** A French text in which every quoted Arabic word is marked as Arabic. */
export function MixedText({ children }: { children: string }) {
  return (
    <>
      {splitArabicRuns(children).map((run, index) =>
        run.arabic ? (
          <span key={index} lang="ar" dir="rtl" className="inline-arabic">
            {run.text}
          </span>
        ) : (
          run.text
        ),
      )}
    </>
  );
}
