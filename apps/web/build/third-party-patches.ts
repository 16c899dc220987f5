/**
 * Changes the build makes to libraries' code, each for a long task on a phone (bench/README.md,
 * "Lighthouse"). Each checks the exact code it replaces and fails the build when a release of the
 * library changed it, so that the change is looked at again. The dev server pre-bundles the
 * libraries: there they run unchanged.
 */
import type { Plugin } from 'vite';

interface Patch {
  name: string;
  /** The module's file. */
  file: RegExp;
  /** Each piece of code to find (exactly once) and what takes its place. */
  replace: [find: string, by: string][];
}

const PATCHES: Patch[] = [
  {
    // Mantine's useId keeps React's id for the first render and then, in a layout effect, swaps it
    // for a random one: every input, label and popover of a hydrated screen renders a second time,
    // synchronously, and rewrites its ids in the page. React's own id is unique in the page and the
    // same on the build's renderer and in the browser: it is kept.
    name: "Mantine's useId",
    file: /[\\/]@mantine[\\/]hooks[\\/]esm[\\/]use-id[\\/]use-id\.mjs$/,
    replace: [
      [
        `	const [uuid, setUuid] = useState(\`mantine-\${reactId.replace(/:/g, "")}\`);
	const hasInitializedRef = useRef(false);
	useIsomorphicEffect(() => {
		if (hasInitializedRef.current) return;
		hasInitializedRef.current = true;
		setUuid(randomId());
	}, []);
	if (typeof staticId === "string") return staticId;
	return uuid;`,
        `	if (typeof staticId === "string") return staticId;
	return \`mantine-\${reactId.replace(/:/g, "")}\`;`,
      ],
    ],
  },
  {
    // react-hook-form marks a form ready in a layout effect: an update there is urgent, so every
    // form's first render is followed at once by a second, synchronous one of the whole screen (the
    // sign-in screen's longest task as it hydrates). Marked in a transition, React draws it in slices.
    name: "react-hook-form's useForm",
    file: /[\\/]react-hook-form[\\/]dist[\\/]index\.esm\.mjs$/,
    replace: [
      [
        `        updateFormState((data) => ({
            ...data,
            isReady: true,
        }));
        control._formState.isReady = true;
        control._subjects.state.next({ isReady: true });`,
        `        control._formState.isReady = true;
        React.startTransition(() => {
            updateFormState((data) => ({
                ...data,
                isReady: true,
            }));
            control._subjects.state.next({ isReady: true });
        });`,
      ],
    ],
  },
  {
    // Mantine computes its default theme's CSS variables when the module is evaluated, for the
    // provider to leave out of its own (~5 ms of the app's first task on a desktop, bench/README.md
    // "2026-12-02: the home's first numbers"): the browser's provider computes none (app/providers.tsx),
    // so they are computed when first asked for, by the build's renderer.
    name: "Mantine's default CSS variables",
    file: /[\\/]@mantine[\\/]core[\\/]esm[\\/]core[\\/]MantineProvider[\\/]MantineCssVariables[\\/]remove-default-variables\.mjs$/,
    replace: [
      [
        'const defaultCssVariables = defaultCssVariablesResolver(DEFAULT_THEME);\nfunction removeDefaultVariables(input) {',
        'let defaults;\nfunction removeDefaultVariables(input) {\n\tconst defaultCssVariables = (defaults ??= defaultCssVariablesResolver(DEFAULT_THEME));',
      ],
    ],
  },
];

export function thirdPartyPatches(): Plugin[] {
  return PATCHES.map((patch) => ({
    name: `loyalty:patch ${patch.name}`,
    transform(code, id) {
      if (!patch.file.test(id)) return null;
      let out = code;
      for (const [find, by] of patch.replace) {
        if (out.split(find).length !== 2)
          this.error(`${id}: ${patch.name} changed; review build/third-party-patches.ts`);
        out = out.replace(find, () => by);
      }
      return { code: out, map: null };
    },
  }));
}
