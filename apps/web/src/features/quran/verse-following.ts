/**
 * Never lose the verse being recited: the view keeps it in its middle (unless the reader turned that off),
 * and while it is out of view, a chip brings it back.
 */
export type VerseFollowing = {
  /** The verse recited (0-based), or null when nothing is recited; `moved`: it just changed. */
  update(verse: number | null, moved: boolean): void;
  setAutomatic(on: boolean): void;
};

export function bindVerseFollowing(items: HTMLElement[], chip: HTMLButtonElement | null): VerseFollowing {
  let recited: number | null = null;
  let automatic = true;
  const bringBack = () => {
    const item = recited === null ? undefined : items[recited];
    if (!item) return;
    // The verses are measured only as they are drawn (content-visibility in quran.module.css): a smooth scroll to
    // a verse far away aims at its estimated place and ends beside it. A jump lets the browser's scroll anchoring
    // hold the verse while the ones around it take their real height; a verse close by glides into place.
    const box = item.getBoundingClientRect();
    const near = box.bottom > -window.innerHeight && box.top < 2 * window.innerHeight;
    item.scrollIntoView({ block: 'center', behavior: near ? 'smooth' : 'auto' });
  };
  const showChip = () => {
    if (!chip) return;
    const box = recited === null ? null : items[recited]?.getBoundingClientRect();
    const outOfView = box ? box.bottom < 0 || box.top > window.innerHeight : false;
    if (chip.hidden === outOfView) chip.hidden = !outOfView;
  };
  let frame = 0;
  window.addEventListener(
    'scroll',
    () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(showChip);
    },
    { passive: true },
  );
  chip?.addEventListener('click', () => {
    bringBack();
    chip.hidden = true;
  });
  return {
    update(verse, moved) {
      recited = verse;
      if (moved && automatic) bringBack();
      showChip();
    },
    setAutomatic(on) {
      automatic = on;
    },
  };
}
