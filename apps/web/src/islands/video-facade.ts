/**
 * The course video's facade (features/learning/components/VideoFacade.tsx): a click puts the video host's
 * player in the button's place, and only then is anything asked of the host.
 */
export function bind(button: HTMLElement): void {
  const { player, frameClass, title } = button.dataset;
  if (!(button instanceof HTMLButtonElement) || !player) throw new Error('a video facade needs its player');
  button.addEventListener(
    'click',
    () => {
      const frame = document.createElement('div');
      frame.className = frameClass ?? '';
      const iframe = document.createElement('iframe');
      iframe.src = player;
      iframe.title = title ?? '';
      iframe.allow = 'autoplay; fullscreen; picture-in-picture';
      iframe.allowFullscreen = true;
      frame.append(iframe);
      button.replaceWith(frame);
    },
    { once: true },
  );
  button.disabled = false;
}
