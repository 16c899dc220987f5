/**
 * Keyboard-only checks of forms (issue "proof suites", Accessibility), used by e2e/a11y-keyboard.test.ts.
 *
 * Forms are found, not listed: every `<form>` of a screen, and every form behind an opener — a
 * control with `aria-haspopup="dialog"` (a sheet, a side panel, a modal) or `data-opens-form` (a
 * form shown in place of a sheet's list). Openers inside what an opener showed are followed too.
 * Each form is walked with Tab from the page (or from where the dialog put the focus): every
 * enabled input, select, checkbox and the submit button must be reached, in document order, each
 * with a visible focus, empty fields typed into and pickers chosen with the arrow keys; then Enter
 * on the submit button must submit it. Calls that would change data are answered by the test
 * (409, "not sent") instead of reaching the server, so submitting proves itself by the call, or by
 * the validation messages a refused form shows. Escape must close a dialog and give the focus back
 * to its opener.
 */
import type { Page, Request } from 'playwright-core';

/** What one form's check found. */
export interface FormCheck {
  /** The screen and the openers that led to the form. */
  where: string;
  /** The form's name (aria-label, else its submit button's text) and its fields' names. */
  signature: string;
  controls: number;
  /** How the submit showed: the call sent, or the validation messages. */
  submitted: string;
  problems: string[];
}

/** Calls that only read: everything else is answered by the test during the walk. */
const READ_ONLY = /\/(list|details?|show|me|publicKey|history|config|health)$|\/chart\/|\/admin\/home$/;

/** Records the data-changing calls a page makes, and answers them instead of the server. */
export async function interceptWrites(page: Page): Promise<{ since: (t: number) => string[] }> {
  const writes: { at: number; path: string }[] = [];
  await page.route('**/api/**', async (route) => {
    const req: Request = route.request();
    const path = new URL(req.url()).pathname;
    if (req.method() === 'GET' || READ_ONLY.test(path)) return route.continue();
    writes.push({ at: Date.now(), path });
    return route.fulfill({
      status: 409,
      contentType: 'application/json',
      body: JSON.stringify({ message: 'Keyboard check: not sent' }),
    });
  });
  return { since: (t) => writes.filter((w) => w.at >= t).map((w) => w.path) };
}

/** In-page helpers (installed with addInitScript): ids for focused elements, focus styles, fields. */
export function installKeyboardHelpers() {
  let next = 1;
  const idOf = (el: Element) => {
    if (!el.hasAttribute('data-kb-id')) el.setAttribute('data-kb-id', String(next++));
    return Number(el.getAttribute('data-kb-id'));
  };
  const visible = (el: Element) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden';
  const topDialog = () => Array.from(document.querySelectorAll('[role="dialog"]')).filter(visible).at(-1) ?? null;
  const text = (el: Element | null | undefined) => (el?.textContent ?? '').replace(/\s+/g, ' ').trim();
  const nameOf = (el: Element): string => {
    const aria = el.getAttribute('aria-label');
    if (aria) return aria;
    const by = el.getAttribute('aria-labelledby');
    if (by)
      return by
        .split(' ')
        .map((id) => text(document.getElementById(id)))
        .join(' ');
    const labels = (el as HTMLInputElement).labels;
    if (labels?.length) return text(labels[0]).replace(/\s*\*$/, '');
    return (
      (el as HTMLInputElement).placeholder ||
      el.getAttribute('title') ||
      text(el).slice(0, 40) ||
      (el as HTMLInputElement).name ||
      el.tagName.toLowerCase()
    );
  };
  // what shows focus: outlines, shadows, borders and backgrounds of the element, its next sibling
  // (a switch's track) and three ancestors (the box around a multi-select's input)
  const snap = (el: Element) =>
    [
      el,
      el.nextElementSibling,
      el.parentElement,
      el.parentElement?.parentElement,
      el.parentElement?.parentElement?.parentElement,
    ]
      .map((e) => {
        if (!e) return '';
        const s = getComputedStyle(e);
        return [s.outlineStyle, s.outlineWidth, s.outlineColor, s.boxShadow, s.borderColor, s.backgroundColor].join();
      })
      .join('|');
  const scopeRoot = () => topDialog() ?? document;
  /** An opener's key: its `data-opens-form` value (rows of one list share one), else its name. */
  const keyOf = (el: Element) => {
    const v = el.getAttribute('data-opens-form');
    return v && v !== 'true' ? v : nameOf(el);
  };
  const inScope = (el: Element) => {
    const d = topDialog();
    return d ? d.contains(el) : !el.closest('[role="dialog"]');
  };
  const isCombobox = (el: Element) =>
    el.getAttribute('aria-haspopup') === 'listbox' || el.getAttribute('role') === 'combobox';
  const textLike = (el: Element) =>
    el.tagName === 'TEXTAREA' ||
    (el.tagName === 'INPUT' &&
      !['checkbox', 'radio', 'file', 'hidden', 'submit', 'button', 'range', 'color'].includes(
        (el as HTMLInputElement).type,
      ));
  const disabled = (el: Element) => (el as HTMLInputElement).disabled || el.getAttribute('aria-disabled') === 'true';
  /** The controls of a form that Tab must reach: one per radio group, the submit button. */
  const controlsOf = (form: Element) => {
    const radios = new Set<string>();
    return Array.from(
      form.querySelectorAll(
        'input:not([type=hidden]):not([type=file]), select, textarea, button[type=submit], button:not([type])',
      ),
    ).filter((el) => {
      if (disabled(el) || !visible(el)) return false;
      const r = el as HTMLInputElement;
      if (r.type !== 'radio') return true;
      if (radios.has(r.name)) return false;
      radios.add(r.name);
      return true;
    });
  };
  const iso = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
  /** A value a person could type into an empty field. */
  const valueFor = (el: HTMLInputElement) => {
    const n = (el.name || '').toLowerCase();
    const ac = (el.autocomplete || '').toLowerCase();
    if (ac === 'cc-csc') return '123'; // a password field too
    if (el.type === 'password') return 'Keyb0ard-pass';
    if (ac === 'cc-number') return '4242424242424242';
    if (ac === 'cc-exp-month') return '12';
    if (ac === 'cc-exp-year') return String(new Date().getFullYear() + 3);
    if (ac === 'cc-name') return 'Keyboard Check';
    if (el.type === 'email' || ac === 'email') return 'keyboard@example.com';
    // dates (a package's `validto` too), whatever the language of their placeholder
    if (/date|validto/.test(n) || el.placeholder === 'YYYY-MM-DD') return iso(/end|validto/.test(n) ? 30 : 1);
    if (n === 'lat') return '25.2854';
    if (n === 'long') return '51.531';
    if (el.maxLength === 1 || el.closest('[class*="PinInput"]')) return '1'; // one box of a code
    if (/code/.test(n)) return '123456';
    if (el.type === 'tel' || el.inputMode === 'tel' || /mobile|phone|hotline|^number$/.test(n)) return '55123456';
    if (['numeric', 'decimal'].includes(el.inputMode) || el.type === 'number') return '5';
    if (el.lang === 'ar' || el.dir === 'rtl') return 'تجربة لوحة المفاتيح';
    if (el.tagName === 'TEXTAREA') return 'Typed with the keyboard only';
    return 'Keyboard';
  };
  /** What a person filling in everything would do on this field: type, pick the first option, tick the box. */
  const fillOf = (el: Element): { kind: 'type'; value: string } | { kind: 'pick' | 'check' } | null => {
    if (disabled(el)) return null;
    const input = el as HTMLInputElement;
    if (input.type === 'checkbox') return input.checked ? null : { kind: 'check' };
    if (isCombobox(el)) {
      const wrapper = el.closest('.mantine-InputWrapper-root') ?? el.parentElement;
      const pills = wrapper?.querySelector('[class*="-pill"]');
      return input.value === '' && !pills ? { kind: 'pick' } : null;
    }
    if (!textLike(el) || input.readOnly || input.value !== '') return null;
    return { kind: 'type', value: valueFor(input) };
  };
  const errorsIn = (root: Element) =>
    root.querySelectorAll('[aria-invalid="true"], .mantine-InputWrapper-error, [role="alert"]').length;
  let prev: { el: Element; snap: string } | null = null;

  const helpers: Kb = {
    /** Starts the focus navigation at the top of the page (the walk of a screen's form starts there). */
    fromTop() {
      const start = document.createElement('div');
      start.tabIndex = -1;
      document.body.prepend(start);
      start.focus();
      start.addEventListener('blur', () => start.remove(), { once: true });
      prev = null;
    },
    resetPrev() {
      prev = null;
    },
    /** The focused element now, and whether the previous one showed its focus. */
    step(formId: string) {
      const el = document.activeElement;
      let prevId = 0;
      let prevVisible = true;
      if (prev && prev.el !== el && prev.el.isConnected) {
        prevId = idOf(prev.el);
        prevVisible = prev.snap !== snap(prev.el);
      }
      if (!el || el === document.body) {
        prev = null;
        return { id: 0, prevId, prevVisible, inForm: false, inDialog: false, label: 'body', fill: null };
      }
      prev = { el, snap: snap(el) };
      const dialog = topDialog();
      return {
        id: idOf(el),
        prevId,
        prevVisible,
        inForm: el.closest('form')?.getAttribute('data-kb-form') === formId,
        inDialog: dialog ? dialog.contains(el) : false,
        label: nameOf(el),
        fill: el.closest('form')?.getAttribute('data-kb-form') === formId ? fillOf(el) : null,
      };
    },
    /** Marks the scope's forms (outside inner dialogs); returns how many. */
    markForms(prefix: string) {
      const forms = Array.from(scopeRoot().querySelectorAll('form')).filter((f) => visible(f) && inScope(f));
      forms.forEach((f, i) => {
        f.setAttribute('data-kb-form', `${prefix}${i}`);
      });
      return forms.length;
    },
    /** The form's controls that Tab must reach, with those not in `seen`, and the first-reach order check. */
    formReport(formId: string, seen: readonly number[], order: readonly number[]) {
      const form = document.querySelector(`[data-kb-form="${formId}"]`);
      if (!form) return null;
      const controls = controlsOf(form);
      const missing = controls.filter((c) => !seen.includes(Number(c.getAttribute('data-kb-id')))).map(nameOf);
      const expected = controls.map((c) => Number(c.getAttribute('data-kb-id'))).filter((id) => order.includes(id));
      const reached = order.filter((id) => expected.includes(id));
      const submit = controls.find(
        (c) => c.tagName === 'BUTTON' && ((c as HTMLButtonElement).type === 'submit' || !c.getAttribute('type')),
      );
      submit?.setAttribute('data-kb-submit', formId);
      const fields = controls
        .filter((c) => c !== submit)
        .map((c) => ((c as HTMLInputElement).type === 'radio' ? 'radio' : (c as HTMLInputElement).name || nameOf(c)));
      return {
        count: controls.length,
        missing,
        outOfOrder: reached.join() !== expected.join(),
        name: form.getAttribute('aria-label') || (submit ? nameOf(submit) : ''),
        fields,
        hasSubmit: Boolean(submit),
        errors: errorsIn(form),
      };
    },
    /** Marks the form's first filled-in plain text field, to change it. */
    markEditable(formId: string) {
      document.querySelector('[data-kb-edit]')?.removeAttribute('data-kb-edit');
      const form = document.querySelector(`[data-kb-form="${formId}"]`);
      const fields = form
        ? Array.from(form.querySelectorAll<HTMLInputElement>('input[type=text], input:not([type])'))
        : [];
      const field = fields.find(
        (el) => !disabled(el) && visible(el) && !el.readOnly && !el.inputMode && !isCombobox(el) && el.value !== '',
      );
      field?.setAttribute('data-kb-edit', '');
      return Boolean(field);
    },
    /** After a submit: validation messages shown, or the focus put on a refused field. */
    refused(formId: string, errorsBefore: number) {
      const form = document.querySelector(`[data-kb-form="${formId}"]`);
      if (!form) return false;
      return errorsIn(form) > errorsBefore || document.activeElement?.getAttribute('aria-invalid') === 'true';
    },
    /** The openers in the current scope: their keys, and whether they belong to the app's frame. */
    openers() {
      return Array.from(scopeRoot().querySelectorAll('[aria-haspopup="dialog"], [data-opens-form]'))
        .filter((el) => visible(el) && inScope(el) && !disabled(el))
        .map((el) => ({
          key: keyOf(el),
          frame: Boolean(el.closest('nav, header, footer, [role="navigation"], [role="banner"]')),
        }))
        .filter((o, i, all) => all.findIndex((x) => x.key === o.key) === i);
    },
    /** Marks the first opener with this key in the current scope as the target of a Tab walk. */
    markOpener(key: string, depth: number) {
      document.querySelector(`[data-kb-opener="${depth}"]`)?.removeAttribute('data-kb-opener');
      const el = Array.from(scopeRoot().querySelectorAll('[aria-haspopup="dialog"], [data-opens-form]')).find(
        (e) => visible(e) && inScope(e) && keyOf(e) === key,
      );
      el?.setAttribute('data-kb-opener', String(depth));
      return Boolean(el);
    },
    dialogs: () => Array.from(document.querySelectorAll('[role="dialog"]')).filter(visible).length,
    /** Nothing loading in the current scope. */
    settled: () => !scopeRoot().querySelector('.mantine-Loader-root, .mantine-Skeleton-root, [aria-busy="true"]'),
    focused: (selector: string) => document.activeElement?.matches(selector) ?? false,
    focusedInDialog: () => {
      const d = topDialog();
      return Boolean(d && document.activeElement && d.contains(document.activeElement));
    },
  };
  window.kb = () => helpers;
  // no transitions: focus styles are read at once, dialogs open and close without waiting
  const style = document.createElement('style');
  style.textContent = '*, *::before, *::after { transition: none !important; }';
  document.addEventListener('DOMContentLoaded', () => document.head.append(style));
}

type Step = {
  id: number;
  prevId: number;
  prevVisible: boolean;
  inForm: boolean;
  inDialog: boolean;
  label: string;
  fill: { kind: 'type'; value: string } | { kind: 'pick' | 'check' } | null;
};

interface Kb {
  fromTop(): void;
  resetPrev(): void;
  step(formId: string): Step;
  markForms(prefix: string): number;
  formReport(
    formId: string,
    seen: readonly number[],
    order: readonly number[],
  ): {
    count: number;
    missing: string[];
    outOfOrder: boolean;
    name: string;
    fields: string[];
    hasSubmit: boolean;
    errors: number;
  } | null;
  markEditable(formId: string): boolean;
  refused(formId: string, errorsBefore: number): boolean;
  openers(): { key: string; frame: boolean }[];
  markOpener(key: string, depth: number): boolean;
  dialogs(): number;
  settled(): boolean;
  focused(selector: string): boolean;
  focusedInDialog(): boolean;
}
declare global {
  interface Window {
    /** The helpers of installKeyboardHelpers, in the page. */
    kb: () => Kb;
  }
}

const networks = new WeakMap<Page, (quietMs: number) => Promise<void>>();

/** Follows the page's requests (but the live feed's), so that `settle` can wait for a quiet network. */
export function trackNetwork(page: Page): void {
  const inflight = new Set<Request>();
  let last = Date.now();
  page.on('request', (r) => {
    if (r.resourceType() === 'eventsource') return;
    inflight.add(r);
    last = Date.now();
  });
  const done = (r: Request) => {
    if (inflight.delete(r)) last = Date.now();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  networks.set(page, async (quietMs) => {
    const end = Date.now() + 8_000;
    while (Date.now() < end && (inflight.size > 0 || Date.now() - last < quietMs))
      await new Promise((r) => setTimeout(r, 25));
  });
}

/**
 * Waits until the network is quiet (a screen's code and data, after a navigation that keeps the
 * old screen until the new one has loaded) and nothing loads in the current scope (a screen whose
 * data failed shows its error instead).
 */
export async function settle(page: Page): Promise<void> {
  await networks.get(page)?.(120);
  await page.waitForFunction(() => window.kb().settled(), null, { timeout: 8_000 }).catch(() => {});
  await page.waitForTimeout(50);
}

/** Presses Tab (Shift+Tab when `back`) until the focus is on `selector`; false after `max` presses. */
export async function tabTo(page: Page, selector: string, opts: { back?: boolean; max?: number } = {}) {
  for (let i = 0; i < (opts.max ?? 120); i++) {
    if (await page.evaluate((s) => window.kb().focused(s), selector)) return true;
    await page.keyboard.press(opts.back ? 'Shift+Tab' : 'Tab');
  }
  return page.evaluate((s) => window.kb().focused(s), selector);
}

/** Chooses the first option of the focused picker with the arrow keys and Enter. */
async function pickFirst(page: Page) {
  await page.keyboard.press('ArrowDown');
  const selected = () => page.evaluate(() => Boolean(document.querySelector('[data-combobox-selected]')));
  await page
    .waitForFunction(() => document.querySelector('[data-combobox-selected]'), null, { timeout: 500 })
    .catch(() => {});
  if (!(await selected())) await page.keyboard.press('ArrowDown');
  if (await selected()) await page.keyboard.press('Enter');
}

/**
 * Walks one form (marked `formId`) with the keyboard from the current focus, fills it, submits it
 * with Enter on its submit button and says what it found. `inDialog`: focus must stay in the dialog.
 */
export async function checkForm(
  page: Page,
  writes: { since: (t: number) => string[] },
  formId: string,
  where: string,
  inDialog: boolean,
): Promise<FormCheck> {
  const problems: string[] = [];
  const seen = new Map<number, number>();
  const order: number[] = [];
  const inForm = new Set<number>();
  const labels = new Map<number, string>();
  const hidden = new Set<string>();
  const report = () =>
    page.evaluate(([f, s, o]) => window.kb().formReport(f, s, o), [formId, [...seen.keys()], order] as const);
  const step = () => page.evaluate((f) => window.kb().step(f), formId);
  const max = 2 * (await page.evaluate(() => document.querySelectorAll('a, button, input, textarea, select').length));
  let entered = false;
  let info = await step();
  for (let i = 0; i < max + 20; i++) {
    if (info.prevId && !info.prevVisible && inForm.has(info.prevId))
      hidden.add(labels.get(info.prevId) ?? String(info.prevId));
    if (info.id) {
      seen.set(info.id, (seen.get(info.id) ?? 0) + 1);
      labels.set(info.id, info.label);
      if (!order.includes(info.id)) order.push(info.id);
      if (inDialog && !info.inDialog) {
        problems.push(`the focus left the dialog (to ${info.label})`);
        break;
      }
    }
    if (info.inForm) {
      entered = true;
      inForm.add(info.id);
      if (info.fill?.kind === 'type') await page.keyboard.type(info.fill.value);
      else if (info.fill?.kind === 'pick') await pickFirst(page);
      else if (info.fill?.kind === 'check') await page.keyboard.press('Space');
      if (info.fill) {
        // typing may move the focus itself (the boxes of a code)
        const after = await step();
        if (after.id !== info.id) {
          info = after;
          continue;
        }
      }
    } else if (entered && (await report())?.missing.length === 0) break;
    if ((seen.get(info.id) ?? 0) > 2) break; // round the whole page or dialog twice
    await page.keyboard.press('Tab');
    info = await step();
  }
  const walked = await report();
  if (!walked) return { where, signature: '?', controls: 0, submitted: '', problems: ['the form went away'] };
  const signature = `${walked.name} [${walked.fields.join(', ')}]`;
  if (walked.count === 0) return { where, signature, controls: 0, submitted: 'nothing to fill', problems };
  if (!entered) problems.push('Tab never entered the form');
  for (const m of walked.missing) problems.push(`Tab never reaches "${m}"`);
  if (walked.outOfOrder) problems.push('Tab order differs from the order of the fields on the page');
  for (const h of hidden) problems.push(`no visible focus on "${h}"`);
  let ready = walked;
  if (!walked.hasSubmit && (await page.evaluate((f) => window.kb().markEditable(f), formId))) {
    // a form that offers its submit once something changed (an update): change its first text field
    if (await tabTo(page, '[data-kb-edit]', { back: true, max: 60 })) {
      await page.keyboard.press('End');
      await page.keyboard.type('x');
      ready = (await report()) ?? walked;
    }
  }
  // a form judges its fields asynchronously (its rules load on demand: lib/lazy-resolver), so on a
  // busy machine its submit enables a moment after the last key: wait for that state, not a time
  for (const until = Date.now() + 10_000; !ready.hasSubmit && Date.now() < until; ) {
    await page.waitForTimeout(100);
    ready = (await report()) ?? ready;
  }
  let submitted = '';
  if (!ready.hasSubmit) problems.push('no enabled submit button once the form is filled in');
  else {
    const submit = `[data-kb-submit="${formId}"]`;
    if (!(await tabTo(page, submit, { back: true, max: 30 })) && !(await tabTo(page, submit, { max: max + 20 })))
      problems.push('Tab never comes back to the submit button');
    else {
      const at = Date.now();
      await page.keyboard.press('Enter');
      // the first validation may wait for the form's rules (lib/lazy-resolver) on a busy machine:
      // wait for the outcome, up to 15 s, not a fixed number of tries
      for (const until = at + 15_000; !submitted && Date.now() < until; ) {
        const sent = writes.since(at);
        if (sent.length) submitted = `sent ${sent[0].replace('/api/', '')}`;
        else if (await page.evaluate(([f, e]) => window.kb().refused(f, e), [formId, ready.errors] as const))
          submitted = 'validation messages';
        else await page.waitForTimeout(100);
      }
      if (!submitted) problems.push('Enter on the submit button neither sent it nor showed a message');
    }
  }
  return { where, signature, controls: walked.count, submitted, problems };
}

interface Opened {
  key: string;
  how: 'dialog' | 'in place';
}

/** Presses Escape for each dialog open, newest first: each must close and give the focus back to its opener. */
async function closeDialogs(page: Page, chain: Opened[], where: string): Promise<string[]> {
  const problems: string[] = [];
  for (let d = chain.length - 1; d >= 0; d--) {
    if (chain[d].how !== 'dialog') continue;
    const before = await page.evaluate(() => window.kb().dialogs());
    await page.keyboard.press('Escape');
    const closed = await page
      .waitForFunction((n) => window.kb().dialogs() < n, before, { timeout: 3_000 })
      .then(() => true)
      .catch(() => false);
    if (!closed) {
      problems.push(`${where}: Escape does not close the dialog of "${chain[d].key}"`);
      return problems;
    }
    const back = await page
      .waitForFunction((s) => window.kb().focused(s), `[data-kb-opener="${d}"]`, { timeout: 1_500 })
      .then(() => true)
      .catch(() => false);
    if (!back) problems.push(`${where}: closing "${chain[d].key}" does not give the focus back to it`);
  }
  return problems;
}

/** Everything a route's keyboard check found. */
export interface RouteCheck {
  forms: FormCheck[];
  problems: string[];
  openers: number;
}

/**
 * Checks every form of the screen at `url` (already loaded) and behind its openers, recursively.
 * `seen` holds the openers already followed (those of the app's frame once for all screens).
 */
/**
 * The screen's openers once their list stops changing: a screen may draw its entries a moment
 * after the network went quiet (a lazy part, a render after its data), and a walk that read them
 * too early skipped them (the settings menu, some runs).
 */
async function stableOpeners(page: Page) {
  const read = () => page.evaluate(() => window.kb().openers());
  let last = await read();
  for (let i = 0; i < 20; i++) {
    await page.waitForTimeout(150);
    const now = await read();
    if (JSON.stringify(now) === JSON.stringify(last) && i >= 1) return now;
    last = now;
  }
  return last;
}

export async function checkScreen(
  page: Page,
  writes: { since: (t: number) => string[] },
  reload: () => Promise<void>,
  where: string,
  route: string,
  seen: Set<string>,
): Promise<RouteCheck> {
  const out: RouteCheck = { forms: [], problems: [], openers: 0 };
  let dirty = false;

  /** Opens the chain of openers from the screen: each reached with Tab and pressed with Enter. */
  const open = async (chain: string[], label: string): Promise<Opened[] | null> => {
    if (dirty) await reload();
    dirty = false;
    const opened: Opened[] = [];
    for (const [d, key] of chain.entries()) {
      const fail = (problem: string) => {
        out.problems.push(`${label}: ${problem}`);
        dirty = true;
        return null;
      };
      if (!(await page.evaluate(([k, n]) => window.kb().markOpener(k, n), [key, d] as const)))
        return fail(`"${key}" is not there any more`);
      if (!(await tabTo(page, `[data-kb-opener="${d}"]`))) return fail(`Tab never reaches "${key}"`);
      const dialogs = await page.evaluate(() => window.kb().dialogs());
      await page.keyboard.press('Enter');
      const how = await page
        .waitForFunction(
          ([n, depth]) =>
            window.kb().dialogs() > n
              ? 'dialog'
              : !document.querySelector(`[data-kb-opener="${depth}"]`)
                ? 'in place'
                : '',
          [dialogs, d] as const,
          { timeout: 5_000 },
        )
        .then((h) => h.jsonValue() as Promise<Opened['how']>)
        .catch(() => null);
      if (!how) return fail(`Enter on "${key}" opens nothing`);
      opened.push({ key, how });
      await settle(page);
      if (how === 'dialog' && !(await page.evaluate(() => window.kb().focusedInDialog())))
        out.problems.push(`${label}: the dialog of "${key}" does not take the focus`);
    }
    return opened;
  };

  const close = async (opened: Opened[], label: string) => {
    out.problems.push(...(await closeDialogs(page, opened, label)));
    if (!opened.some((o) => o.how === 'dialog')) dirty = true;
  };

  /** Checks the forms the chain of openers shows, then follows the openers found there. */
  const follow = async (chain: string[]) => {
    const label = `${where} → ${chain.join(' → ')}`;
    let opened = await open(chain, label);
    if (!opened) return;
    out.openers++;
    const inDialog = opened.some((o) => o.how === 'dialog');
    const prefix = `${chain.length}-`;
    const forms = await page.evaluate((p) => window.kb().markForms(p), prefix);
    for (let i = 0; i < forms; i++) {
      if (i > 0) {
        // each further form from a fresh start: close, and open the chain again
        await close(opened, label);
        opened = await open(chain, label);
        if (!opened) return;
        await page.evaluate((p) => window.kb().markForms(p), prefix);
      }
      await page.evaluate(() => window.kb().resetPrev());
      out.forms.push(await checkForm(page, writes, `${prefix}${i}`, label, inDialog));
    }
    const nested = (await page.evaluate(() => window.kb().openers())).filter(
      (o) => !seen.has(`${chain.join('>')}>${o.key}`),
    );
    await close(opened, label);
    for (const o of nested) {
      seen.add(`${chain.join('>')}>${o.key}`);
      await follow([...chain, o.key]);
    }
  };

  for (const o of await stableOpeners(page)) {
    const key = o.frame ? o.key : `${route} ${o.key}`;
    if (seen.has(key)) continue;
    seen.add(key);
    await follow([o.key]);
  }
  if (dirty || out.openers > 0) await reload();
  const forms = await page.evaluate(() => window.kb().markForms('page-'));
  for (let i = 0; i < forms; i++) {
    if (i > 0) {
      await reload();
      await page.evaluate(() => window.kb().markForms('page-'));
    }
    await page.evaluate(() => window.kb().fromTop());
    out.forms.push(await checkForm(page, writes, `page-${i}`, where, false));
  }
  return out;
}
