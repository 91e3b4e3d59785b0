import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { renderAt } from '../../../test/render';
import { FloatingPlayer } from './FloatingPlayer';

describe('FloatingPlayer', () => {
  it('cannot be pressed while the chapter loads, so no press is lost on an empty recitation', () => {
    const onMode = vi.fn();
    renderAt('/coran/112', <FloatingPlayer playingMode={null} onMode={onMode} disabled />);
    const arabic = screen.getByRole('button', { name: 'Écouter la sourate en arabe' });
    expect((arabic as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(arabic);
    expect(onMode).not.toHaveBeenCalled();
  });

  it('starts the mode pressed once the chapter is there', () => {
    const onMode = vi.fn();
    renderAt('/coran/112', <FloatingPlayer playingMode={null} onMode={onMode} />);
    fireEvent.click(screen.getByRole('button', { name: 'Écouter la sourate en arabe puis en français' }));
    expect(onMode).toHaveBeenCalledWith('arfr');
  });
});
