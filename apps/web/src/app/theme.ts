import { Anchor, createTheme } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'teal',
  // Dark enough shades for text on white to pass WCAG AA contrast.
  primaryShade: 9,
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  defaultRadius: 'md',
  // Readers who ask their system for less motion get no sliding or fading.
  respectReducedMotion: true,
  components: {
    // Links inside text are underlined: colour alone does not tell them apart (WCAG 1.4.1).
    Anchor: Anchor.extend({ defaultProps: { underline: 'always' } }),
  },
});
