import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changePreferences, DEFAULT_PREFERENCES, recallPreferences } from './reading-preferences';

/** Runs public/reading-preferences.js as a page's <head> does, the device preferring `dark` or not. */
function runHeadScript(dark: boolean) {
  vi.stubGlobal('matchMedia', () => ({ matches: dark, addEventListener: () => {} }));
  const source = fs.readFileSync(
    path.resolve(import.meta.dirname, '../../public/reading-preferences.js'),
    'utf8',
  );
  new Function(source)();
}

const root = document.documentElement;

afterEach(() => {
  localStorage.clear();
  root.removeAttribute('data-mantine-color-scheme');
  root.removeAttribute('style');
  vi.unstubAllGlobals();
  delete window.applyReadingPreferences;
});

describe('display preferences', () => {
  it('follow the device’s theme at the usual sizes when nothing is chosen', () => {
    runHeadScript(true);
    expect(root.getAttribute('data-mantine-color-scheme')).toBe('dark');
    expect(root.style.getPropertyValue('--arabic-scale')).toBe('1');
    runHeadScript(false);
    expect(root.getAttribute('data-mantine-color-scheme')).toBe('light');
    expect(recallPreferences()).toEqual(DEFAULT_PREFERENCES);
  });

  it('apply a change at once and keep it for the next page', () => {
    runHeadScript(true);
    changePreferences({ theme: 'light', arabicScale: 1.5 });
    expect(root.getAttribute('data-mantine-color-scheme')).toBe('light');
    expect(root.style.getPropertyValue('--arabic-scale')).toBe('1.5');
    // The next page, on the same device.
    root.removeAttribute('style');
    runHeadScript(true);
    expect(root.getAttribute('data-mantine-color-scheme')).toBe('light');
    expect(root.style.getPropertyValue('--arabic-scale')).toBe('1.5');
    expect(recallPreferences()).toEqual({ theme: 'light', arabicScale: 1.5, frenchScale: 1 });
  });

  it('ignore what is not offered', () => {
    localStorage.setItem(
      'site.affichage',
      JSON.stringify({ theme: 'sepia', arabicScale: 9, frenchScale: 1.15 }),
    );
    expect(recallPreferences()).toEqual({ theme: 'system', arabicScale: 1, frenchScale: 1.15 });
    localStorage.setItem('site.affichage', 'oops');
    expect(recallPreferences()).toEqual(DEFAULT_PREFERENCES);
  });
});
