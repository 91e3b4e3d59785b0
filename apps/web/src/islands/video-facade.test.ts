import { describe, expect, it } from 'vitest';
import { bind } from './video-facade';

describe('the video facade island', () => {
  it('is enabled once bound, and a click puts the player in its place', () => {
    document.body.innerHTML = `<button data-island="video-facade" data-player="https://player.example/video/1"
      data-frame-class="frame" data-title="Vidéo du cours 1" disabled>Lire</button>`;
    const button = document.querySelector('button');
    if (!button) throw new Error('no button');
    bind(button);
    expect(button.disabled).toBe(false);
    expect(document.querySelector('iframe')).toBeNull();

    button.click();
    const iframe = document.querySelector('iframe');
    expect(iframe?.src).toBe('https://player.example/video/1');
    expect(iframe?.title).toBe('Vidéo du cours 1');
    expect(iframe?.parentElement?.className).toBe('frame');
    expect(document.querySelector('button')).toBeNull();
  });
});
