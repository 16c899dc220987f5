import type { Language } from '@loyalty/contract';
import { Group, InputBase, type MantineSpacing, TextInput, type TextInputProps } from '@mantine/core';
import { type ComponentType, memo, startTransition, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { whenIdle } from '../lib/deferred';
import { DEFAULT_COUNTRY, DEFAULT_DIAL_CODE } from '../lib/phone-country';
import type { CountryHandover, CountrySelectProps } from './country-select';
import classes from './phone-input.module.css';

export interface PhoneInputProps {
  label: string;
  country: string;
  onCountryChange: (iso: string) => void;
  /** Props of the number field (react-hook-form's `register('number')` spreads here). */
  numberProps: Omit<TextInputProps, 'label' | 'error'>;
  error?: string;
  required?: boolean;
  mt?: MantineSpacing;
}

/**
 * The country list (Mantine's Select, its dropdown, focus and scroll machinery, and
 * libphonenumber-js's numbering plans of every country) is a chunk of its own, some 60 KB gzip: it
 * is fetched once the page is idle after its first paint, and drawn in place of its stand-in when
 * the country field is first used (at once for another country than the default, which only it shows).
 */
let CountrySelect: ComponentType<CountrySelectProps> | undefined;
let loading: Promise<ComponentType<CountrySelectProps>> | undefined;
const loadCountrySelect = () => {
  loading ??= import('./country-select').then(
    (m) => {
      CountrySelect = m.CountrySelect;
      return m.CountrySelect;
    },
    (e: unknown) => {
      loading = undefined; // offline for a moment: the next use tries again
      throw e;
    },
  );
  return loading;
};

/** Mantine's Combobox chevron (the Select's), drawn the same. */
const chevron = (
  <svg className={classes.chevron} viewBox="0 0 15 15" fill="none" xmlns="http://www.w3.org/2000/svg" aria-hidden>
    <path
      d="M4.93179 5.43179C4.75605 5.60753 4.75605 5.89245 4.93179 6.06819C5.10753 6.24392 5.39245 6.24392 5.56819 6.06819L7.49999 4.13638L9.43179 6.06819C9.60753 6.24392 9.89245 6.24392 10.0682 6.06819C10.2439 5.89245 10.2439 5.60753 10.0682 5.43179L7.81819 3.18179C7.73379 3.0974 7.61933 3.04999 7.49999 3.04999C7.38064 3.04999 7.26618 3.0974 7.18179 3.18179L4.93179 5.43179ZM10.0682 9.56819C10.2439 9.39245 10.2439 9.10753 10.0682 8.93179C9.89245 8.75606 9.60753 8.75606 9.43179 8.93179L7.49999 10.8636L5.56819 8.93179C5.39245 8.75606 5.10753 8.75606 4.93179 8.93179C4.75605 9.10753 4.75605 9.39245 4.93179 9.56819L7.18179 11.8182C7.35753 11.9939 7.64245 11.9939 7.81819 11.8182L10.0682 9.56819Z"
      fill="currentColor"
      fillRule="evenodd"
      clipRule="evenodd"
    />
  </svg>
);

/**
 * The country field until the list has loaded: the same field as the Select closed (label, the
 * dial code, the chevron, a combobox to assistive technology), which asks for the list when it is
 * focused and records what is done to it, for the list to carry on from (CountrySelect's
 * `handover`): focus, a click or an arrow key (open), text typed (search).
 */
function CountryStandIn({ country, onUse }: { country: string; onUse: (handover: CountryHandover) => void }) {
  const { t } = useTranslation();
  const handover = useRef<CountryHandover>({ focused: false, opened: null, typed: null });
  const [typed, setTyped] = useState<string | null>(null);
  const use = (change: Partial<CountryHandover>) => {
    handover.current = { ...handover.current, ...change };
    onUse(handover.current);
  };
  // focused before the app took the painted page over (React saw no focus event): the list comes now
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (field.current && field.current === document.activeElement) use({ focused: true });
  }, []);
  // the default country's code is known without the numbering plans; another country's shows once they load
  const shown = country === DEFAULT_COUNTRY ? `+${DEFAULT_DIAL_CODE}` : '';
  return (
    <InputBase
      ref={field}
      label={t('phone.country')}
      value={typed ?? shown}
      onFocus={() => use({ focused: true })}
      onBlur={() => {
        setTyped(null);
        use({ focused: false, opened: null, typed: null });
      }}
      onClick={() => use({ opened: 'click' })}
      onKeyDown={(e) => {
        if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
          e.preventDefault();
          use({ opened: e.key });
        }
      }}
      onChange={(e) => {
        setTyped(e.currentTarget.value);
        use({ typed: e.currentTarget.value });
      }}
      role="combobox"
      aria-haspopup="listbox"
      aria-expanded={false}
      autoComplete="off"
      rightSection={chevron}
      rightSectionPointerEvents="none"
      w={108}
      style={{ flexShrink: 0 }}
      dir="ltr"
    />
  );
}

/** The country picker: its stand-in until the list's chunk arrives, then the list, given what was done meanwhile. */
const CountryPicker = memo(function CountryPicker({
  country,
  onChange,
  lang,
}: {
  country: string;
  onChange: (iso: string) => void;
  lang: Language;
}) {
  const [Loaded, setLoaded] = useState(() => CountrySelect);
  const [handover, setHandover] = useState<CountryHandover>();
  useEffect(() => {
    if (Loaded) return;
    // the default country: the stand-in shows it, and the list's chunk is only fetched when the
    // page is idle; the list takes its place when the field is first used (onUse below). Drawn
    // unasked, the list (a Select, its popover and scroll area) was a task of ~100 ms on a phone's
    // CPU in the page's first seconds, a sixth of the sign-in screen's blocking time
    // (bench/README.md, "2026-12-02").
    if (country === DEFAULT_COUNTRY) return whenIdle(() => void loadCountrySelect().catch(() => undefined));
    // another country is shown by the list only: fetched and drawn at once
    let live = true;
    void loadCountrySelect().then(
      // a transition: drawn in slices, not as one long task while the visitor may be typing
      (c) => live && startTransition(() => setLoaded(() => c)),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [Loaded, country]);
  if (Loaded) return <Loaded country={country} onChange={onChange} lang={lang} handover={handover} />;
  return (
    <CountryStandIn
      country={country}
      onUse={(h) => {
        setHandover(h);
        void loadCountrySelect().then(
          (c) => setLoaded(() => c),
          () => undefined,
        );
      }}
    />
  );
});

/** Country selector (default Qatar, every country by name in the app's language) and the local number, side by side. */
export function PhoneInput({ label, country, onCountryChange, numberProps, error, required, mt }: PhoneInputProps) {
  const { i18n } = useTranslation();
  const lang = i18n.language === 'ar' ? 'ar' : 'en';
  return (
    <Group align="flex-start" gap="xs" wrap="nowrap" mt={mt}>
      <CountryPicker country={country} onChange={onCountryChange} lang={lang} />
      <TextInput
        {...numberProps}
        label={label}
        error={error}
        required={required}
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        dir="ltr"
        style={{ flex: 1, minWidth: 0 }}
      />
    </Group>
  );
}
