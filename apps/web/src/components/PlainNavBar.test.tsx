import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { renderAt } from '../test/render';
import { PlainNavBar } from './PlainNavBar';
import { PATHS } from '../lib/paths';

describe('PlainNavBar', () => {
  it('links the brand home and every learning page, then the login screen', () => {
    renderAt('/coran', <PlainNavBar />);
    expect(screen.getByRole('link', { name: 'Coran & Hadith' }).getAttribute('href')).toBe('/');
    const nav = screen.getByRole('navigation', { name: 'Navigation principale' });
    const links = within(nav)
      .getAllByRole('link')
      .map((a) => [a.textContent, a.getAttribute('href')]);
    expect(links).toEqual([
      ['Coran', '/coran'],
      ['Hadith', '/hadith'],
      ['Invocations', '/invocations'],
      ["Noms d'Allah", '/attributes'],
      ['Histoire', '/histoire'],
      ['Prophètes', '/prophets'],
      ["Cours d'arabe", '/coursarabe'],
      ['Se connecter', PATHS.login],
    ]);
  });

  it('marks the page being read', () => {
    renderAt('/hadith', <PlainNavBar />);
    const nav = screen.getByRole('navigation', { name: 'Navigation principale' });
    expect(within(nav).getByRole('link', { name: 'Hadith' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('link', { name: 'Coran' }).getAttribute('aria-current')).toBeNull();
  });

  it('opens the phone menu with the same links', async () => {
    // A 375 px phone: the burger shows (it is hidden from the md breakpoint up).
    (window as unknown as { happyDOM: { setViewport(v: object): void } }).happyDOM.setViewport({
      width: 375,
      height: 700,
    });
    renderAt('/coran', <PlainNavBar />);
    fireEvent.click(screen.getByRole('button', { name: 'Ouvrir le menu' }));
    const mobileNav = await screen.findByRole('navigation', { name: 'Navigation principale (mobile)' });
    expect(within(mobileNav).getByRole('link', { name: 'Se connecter' }).getAttribute('href')).toBe(
      PATHS.login,
    );
  });
});
