import { describe, expect, it } from 'vitest';
import { MAX_PICTURE_BYTES, pictureProblem } from './profile-picture';

describe('pictureProblem', () => {
  it('accepts PNG, JPEG and WebP images up to 2 MB', () => {
    for (const type of ['image/png', 'image/jpeg', 'image/webp']) {
      expect(pictureProblem({ type, size: MAX_PICTURE_BYTES }), type).toBeUndefined();
    }
  });

  it("refuses other files with the server's words", () => {
    expect(pictureProblem({ type: 'image/gif', size: 10 })).toBe(
      'The picture must be a PNG, JPEG or WebP image.',
    );
    expect(pictureProblem({ type: '', size: 10 })).toBe('The picture must be a PNG, JPEG or WebP image.');
    expect(pictureProblem({ type: 'image/png', size: MAX_PICTURE_BYTES + 1 })).toBe(
      'The picture is larger than 2 MB.',
    );
    expect(pictureProblem({ type: 'image/png', size: 0 })).toBe('The file is empty.');
  });
});
