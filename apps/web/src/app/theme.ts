import { createTheme } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'teal',
  // Dark enough shades for text on white to pass WCAG AA contrast.
  primaryShade: 9,
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  defaultRadius: 'md',
});
