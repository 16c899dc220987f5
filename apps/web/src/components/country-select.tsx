import type { Language } from '@loyalty/contract';
import type { ComboboxItem, OptionsFilter } from '@mantine/core';
import { Group, Select, Text } from '@mantine/core';
import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Country, countriesIn, countryDialCode } from '../lib/phone';

/** What was done to the phone input's stand-in before this list arrived (components/phone-input.tsx). */
export interface CountryHandover {
  focused: boolean;
  /** Opened: by a click or an arrow key. */
  opened: 'click' | 'ArrowDown' | 'ArrowUp' | null;
  /** What was typed into it, the whole text of the field (`+9749`), if anything. */
  typed: string | null;
}

export interface CountrySelectProps {
  country: string;
  onChange: (iso: string) => void;
  lang: Language;
  handover?: CountryHandover;
}

/** Finds a country by its dial code (`974`, `+974`), its name in either language or its ISO code. */
const filterOf =
  (byIso: ReadonlyMap<string, Country>, other: () => ReadonlyMap<string, Country>): OptionsFilter =>
  ({ options, search }) => {
    const q = search.trim().toLowerCase().replace(/^\+/, '');
    if (!q) return options;
    return (options as ComboboxItem[]).filter((o) => {
      const c = byIso.get(o.value);
      const name2 = other().get(o.value)?.name.toLowerCase() ?? '';
      return (
        !!c &&
        (c.dial.startsWith(q) || c.name.toLowerCase().includes(q) || name2.includes(q) || c.iso.toLowerCase() === q)
      );
    });
  };

/**
 * Gives the list what was done to the stand-in, through the list's own paths: focus, then the text
 * typed (a change of its focused input is typing to Mantine's Select: it searches and opens), a
 * click or an arrow key (it opens, the arrow also moves to an option, as it does here).
 */
const takeOver = (input: HTMLInputElement, handover: CountryHandover) => {
  if (!handover.focused) return;
  input.focus();
  if (handover.typed !== null) {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, handover.typed);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  } else if (handover.opened === 'click') input.click();
  else if (handover.opened) {
    const key = handover.opened;
    requestAnimationFrame(() => input.dispatchEvent(new KeyboardEvent('keydown', { key, code: key, bubbles: true })));
  }
};

/**
 * The country picker. With every country of the world in it, it is drawn again only when the
 * country or the language changes, and holds the whole list only while its dropdown is open: the
 * list (some 240 names in the language, sorted) is made when it first opens, the names in the
 * other language (for the search) when a search first needs them. Its code (Mantine's Select,
 * libphonenumber-js's numbering plans) loads after the first paint: components/phone-input.tsx.
 */
export const CountrySelect = memo(function CountrySelect({ country, onChange, lang, handover }: CountrySelectProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [listed, setListed] = useState(false);
  if (open && !listed) setListed(true);
  const input = useRef<HTMLInputElement>(null);
  const [handedOver] = useState(handover);
  useEffect(() => {
    if (handedOver && input.current) takeOver(input.current, handedOver);
  }, [handedOver]);
  const { data, byIso, filter } = useMemo(() => {
    if (!listed) return { data: [], byIso: new Map<string, Country>(), filter: undefined };
    const list = countriesIn(lang);
    const here = new Map(list.map((c) => [c.iso as string, c]));
    let there: ReadonlyMap<string, Country> | undefined;
    const other = () => {
      there ??= new Map(countriesIn(lang === 'ar' ? 'en' : 'ar').map((c) => [c.iso as string, c]));
      return there;
    };
    return {
      data: list.map((c) => ({ value: c.iso, label: `+${c.dial}` })),
      byIso: here,
      filter: filterOf(here, other),
    };
  }, [lang, listed]);
  const shown = useMemo(() => {
    if (open) return data;
    const dial = countryDialCode(country);
    return dial ? [{ value: country, label: `+${dial}` }] : [];
  }, [open, data, country]);
  const renderOption = useCallback(
    ({ option }: { option: ComboboxItem }) => {
      const c = byIso.get(option.value);
      return (
        <Group gap="xs" wrap="nowrap" justify="space-between" w="100%">
          <Text size="sm">{c?.name}</Text>
          <Text size="sm" c="dimmed" dir="ltr">
            +{c?.dial}
          </Text>
        </Group>
      );
    },
    [byIso],
  );
  return (
    <Select
      ref={input}
      label={t('phone.country')}
      data={shown}
      value={country}
      onDropdownOpen={() => setOpen(true)}
      onDropdownClose={() => setOpen(false)}
      onChange={(v) => v && onChange(v)}
      allowDeselect={false}
      searchable
      filter={filter}
      nothingFoundMessage={t('phone.noCountry')}
      w={108}
      style={{ flexShrink: 0 }}
      comboboxProps={{ width: 260, position: 'bottom-start' }}
      maxDropdownHeight={280}
      renderOption={renderOption}
      dir="ltr"
    />
  );
});
