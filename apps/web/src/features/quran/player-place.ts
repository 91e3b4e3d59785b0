/**
 * Where the reader's fixed controls sit: back-to-top after 300 px of scrolling (SPEC §9), and the floating
 * player, moved by its handle with a mouse, a finger or the arrow keys, and never out of the screen.
 */

/** Back-to-top appears after 300 px of scrolling; going back up also stops the recitation. */
export function bindBackToTop(root: HTMLElement, stop: () => void): void {
  const button = root.querySelector<HTMLButtonElement>('[data-back-to-top]');
  if (!button) return;
  const follow = () => {
    button.hidden = window.scrollY <= 300;
  };
  window.addEventListener('scroll', follow, { passive: true });
  button.addEventListener('click', () => {
    stop();
    window.scrollTo({ top: 0, behavior: 'smooth' });
  });
  follow();
}

/** A step of the arrow keys, in pixels. */
const KEY_STEP = 24;
const KEY_MOVES: Record<string, [number, number]> = {
  ArrowLeft: [KEY_STEP, 0],
  ArrowRight: [-KEY_STEP, 0],
  ArrowUp: [0, KEY_STEP],
  ArrowDown: [0, -KEY_STEP],
};

export function bindDragging(root: HTMLElement): void {
  const panel = root.querySelector<HTMLElement>('[data-player]');
  const handle = panel?.querySelector<HTMLButtonElement>('[data-handle]');
  if (!panel || !handle) return;
  handle.disabled = false;
  /** Puts the panel `right` and `bottom` pixels from the screen's edges, kept inside the screen. */
  const place = (right: number, bottom: number) => {
    const box = panel.getBoundingClientRect();
    const maxRight = Math.max(0, window.innerWidth - box.width);
    const maxBottom = Math.max(0, window.innerHeight - box.height);
    panel.style.right = `${Math.min(maxRight, Math.max(0, right))}px`;
    panel.style.bottom = `${Math.min(maxBottom, Math.max(0, bottom))}px`;
  };
  const placed = () => ({
    right: parseFloat(panel.style.right) || 0,
    bottom: parseFloat(panel.style.bottom) || 0,
  });
  let drag: { x: number; y: number; right: number; bottom: number } | null = null;
  handle.addEventListener('pointerdown', (event) => {
    handle.setPointerCapture(event.pointerId);
    drag = { x: event.clientX, y: event.clientY, ...placed() };
  });
  handle.addEventListener('pointermove', (event) => {
    if (drag) place(drag.right - (event.clientX - drag.x), drag.bottom - (event.clientY - drag.y));
  });
  const drop = () => {
    drag = null;
  };
  handle.addEventListener('pointerup', drop);
  handle.addEventListener('pointercancel', drop);
  handle.addEventListener('keydown', (event) => {
    const move = KEY_MOVES[event.key];
    if (!move) return;
    event.preventDefault();
    const { right, bottom } = placed();
    place(right + move[0], bottom + move[1]);
  });
}
