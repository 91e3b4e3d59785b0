import { expect, type Page } from '@playwright/test';

/** Every Arabic text on the page sits in an element marked lang="ar" dir="rtl" (or inside one). */
export async function expectArabicMarkedUp(page: Page): Promise<void> {
  const unmarked = await page.evaluate(() => {
    // Arabic letters and the presentation forms, such as the ﷺ after the Prophet's name: the French faces
    // have no glyph for it, so it needs the Arabic face as much as any Arabic word.
    const arabic = /[\u0600-\u06FF\uFB50-\uFDFF\uFE70-\uFEFF]/;
    const bad: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!arabic.test(node.textContent ?? '')) continue;
      // Data blocks (the content a prerendered page carries) are not shown; a select's options cannot hold
      // markup (the chapter list mixes the Arabic name with Latin text).
      if (node.parentElement?.closest('script, style, option')) continue;
      const owner = node.parentElement?.closest('[lang]');
      if (owner?.getAttribute('lang') !== 'ar' || owner.getAttribute('dir') !== 'rtl')
        bad.push((node.textContent ?? '').slice(0, 40));
    }
    return bad;
  });
  expect(unmarked, 'Arabic text outside lang="ar" dir="rtl"').toEqual([]);
}
