import { type CSSVariablesResolver, createTheme, DEFAULT_THEME } from '@mantine/core';

const fontFamily =
  'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Noto Sans Arabic", Tahoma, "Helvetica Neue", Arial, sans-serif';

export const theme = createTheme({
  primaryColor: 'teal',
  // teal 9 on white reaches the 4.5:1 text contrast of WCAG AA (teal 7 reached 3:1), for filled
  // buttons' white labels and teal text alike (e2e/a11y.test.ts)
  primaryShade: 9,
  defaultRadius: 'md',
  fontFamily,
  headings: { fontFamily },
  cursorType: 'pointer',
});

/**
 * Text colours with at least 4.5:1 contrast in the light scheme: dimmed text in gray 7 (gray 6
 * reached 3.3:1), and the text of light-variant buttons and badges in each colour's shade 9 over its
 * pale background, darkened (shade 6 reached about 3:1).
 */
export const cssVariablesResolver: CSSVariablesResolver = (t) => {
  const light: Record<string, string> = { '--mantine-color-dimmed': t.colors.gray[7] };
  for (const name of Object.keys(DEFAULT_THEME.colors)) {
    const shades = t.colors[name];
    if (!shades) continue;
    // shade 9 darkened by a third: yellow, orange and lime stay under 4.5:1 at plain shade 9
    light[`--mantine-color-${name}-light-color`] = `color-mix(in srgb, ${shades[9]} 65%, black)`;
    light[`--mantine-color-${name}-text`] = shades[9];
    light[`--mantine-color-${name}-outline`] = shades[9];
  }
  light['--mantine-primary-color-light-color'] = light[`--mantine-color-${t.primaryColor}-light-color`];
  return { variables: {}, light, dark: {} };
};
