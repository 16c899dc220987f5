import { createTheme } from '@mantine/core';

const fontFamily =
  'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Noto Sans Arabic", Tahoma, "Helvetica Neue", Arial, sans-serif';

export const theme = createTheme({
  primaryColor: 'teal',
  primaryShade: 7,
  defaultRadius: 'md',
  fontFamily,
  headings: { fontFamily },
  cursorType: 'pointer',
});
