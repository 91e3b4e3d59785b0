import { describe, expect, it } from 'vitest';
import { vimeoPlayerUrl } from './vimeo-player-url';

describe('vimeoPlayerUrl', () => {
  it('passes a private link key and asks the player not to track', () => {
    expect(vimeoPlayerUrl('203278852', 'd00036e011a')).toBe(
      'https://player.vimeo.com/video/203278852?h=d00036e011a&dnt=1&autoplay=1',
    );
  });

  it('hides the title, author and portrait of a video without a key', () => {
    expect(vimeoPlayerUrl('209625918', undefined)).toBe(
      'https://player.vimeo.com/video/209625918?title=0&byline=0&portrait=0&dnt=1&autoplay=1',
    );
  });
});
