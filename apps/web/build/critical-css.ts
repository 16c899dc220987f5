/**
 * The part of the first screens' CSS that their markup uses, for the page to inline
 * (first-screen-html.ts); the whole files load right after (main.tsx, lib/stylesheets.ts).
 *
 * Kept: every rule one of whose selectors matches an element of one of the screens (in its own
 * language's direction), read without its states (`:hover`, `:focus-visible`, `::before`…, so a
 * button's hover and focus styles come too); at-rules around them (`@media`, `@layer`), keyframes;
 * the custom properties those rules, the markup's inline styles and Mantine's own `<style>`
 * reference, and those they reference in turn. A selector the DOM cannot test is kept.
 * Dropped: the rest (other components' rules, the colour palette's unused variables), which would
 * otherwise be some 8 KB gzip more in every first load (bench/README.md, "First load").
 */
import { JSDOM } from 'jsdom';
import postcss from 'postcss';

/** States and pseudo-elements a selector is read without: the element is there, in another state. */
const STATES =
  /::?(before|after|placeholder|selection|backdrop|marker|-webkit-[a-z-]+|-moz-[a-z-]+)\b|:(hover|focus|focus-visible|focus-within|active|visited|disabled|checked|indeterminate|invalid|autofill)\b/g;

const varsIn = (text: string): string[] => [...text.matchAll(/var\(\s*(--[\w-]+)/g)].map((m) => m[1]);

/** `screens`: markup by variant (`login-ar` …); a variant ending in `-ar` is drawn right to left. */
export function criticalCss(css: string, screens: Record<string, string>): string {
  const docs = Object.entries(screens).map(
    ([variant, markup]) =>
      new JSDOM(
        `<!doctype html><html data-mantine-color-scheme="light" dir="${variant.endsWith('-ar') ? 'rtl' : 'ltr'}"><body><div id="root">${markup}</div></body></html>`,
      ).window.document,
  );
  const matches = (selector: string): boolean => {
    const plain = selector.replace(STATES, '').trim() || '*';
    try {
      return docs.some((d) => d.querySelector(plain) !== null);
    } catch {
      return true;
    }
  };

  const root = postcss.parse(css);
  root.walkRules((rule) => {
    if (rule.parent?.type === 'atrule' && /keyframes$/.test((rule.parent as postcss.AtRule).name)) return;
    const kept = rule.selectors.filter(matches);
    if (kept.length === 0) rule.remove();
    else rule.selectors = kept;
  });

  // custom properties: those referenced, then those they reference
  const definitions = new Map<string, postcss.Declaration[]>();
  const used = new Set<string>();
  for (const markup of Object.values(screens)) for (const v of varsIn(markup)) used.add(v);
  root.walkDecls((d) => {
    if (d.prop.startsWith('--')) definitions.set(d.prop, [...(definitions.get(d.prop) ?? []), d]);
    else for (const v of varsIn(d.value)) used.add(v);
  });
  // Mantine's own <style> of the markup defines properties from others
  for (const markup of Object.values(screens))
    for (const m of markup.matchAll(/--[\w-]+\s*:\s*([^;}"]*)/g)) for (const v of varsIn(m[1])) used.add(v);
  const queue = [...used];
  while (queue.length > 0) {
    const name = queue.pop() as string;
    for (const d of definitions.get(name) ?? [])
      for (const v of varsIn(d.value))
        if (!used.has(v)) {
          used.add(v);
          queue.push(v);
        }
  }
  root.walkDecls((d) => {
    if (d.prop.startsWith('--') && !used.has(d.prop)) d.remove();
  });

  // what is left empty goes, innermost first
  let emptied = true;
  while (emptied) {
    emptied = false;
    root.walk((node) => {
      if ((node.type === 'rule' || (node.type === 'atrule' && node.nodes)) && node.nodes?.length === 0) {
        node.remove();
        emptied = true;
      }
    });
  }
  return root.toString();
}
