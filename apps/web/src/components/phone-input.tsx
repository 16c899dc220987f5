import type { Language } from '@loyalty/contract';
import type { ComboboxItem, OptionsFilter } from '@mantine/core';
import { Group, type MantineSpacing, Select, Text, TextInput, type TextInputProps } from '@mantine/core';
import { memo, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Country, countriesIn } from '../lib/phone';

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

/** Finds a country by its dial code (`974`, `+974`), its name in either language or its ISO code. */
const filterOf =
  (byIso: ReadonlyMap<string, Country>, other: ReadonlyMap<string, Country>): OptionsFilter =>
  ({ options, search }) => {
    const q = search.trim().toLowerCase().replace(/^\+/, '');
    if (!q) return options;
    return (options as ComboboxItem[]).filter((o) => {
      const c = byIso.get(o.value);
      const name2 = other.get(o.value)?.name.toLowerCase() ?? '';
      return (
        !!c &&
        (c.dial.startsWith(q) || c.name.toLowerCase().includes(q) || name2.includes(q) || c.iso.toLowerCase() === q)
      );
    });
  };

/**
 * The country picker. With every country of the world in it, it is drawn again only when the
 * country or the language changes, and holds the whole list only while its dropdown is open.
 */
const CountrySelect = memo(function CountrySelect({
  country,
  onChange,
  lang,
}: {
  country: string;
  onChange: (iso: string) => void;
  lang: Language;
}) {
  const { t } = useTranslation();
  const { data, byIso, filter } = useMemo(() => {
    const list = countriesIn(lang);
    const here = new Map(list.map((c) => [c.iso as string, c]));
    const there = new Map(countriesIn(lang === 'ar' ? 'en' : 'ar').map((c) => [c.iso as string, c]));
    return {
      data: list.map((c) => ({ value: c.iso, label: `+${c.dial}` })),
      byIso: here,
      filter: filterOf(here, there),
    };
  }, [lang]);
  const [open, setOpen] = useState(false);
  const shown = useMemo(() => (open ? data : data.filter((o) => o.value === country)), [open, data, country]);
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

/** Country selector (default Qatar, every country by name in the app's language) and the local number, side by side. */
export function PhoneInput({ label, country, onCountryChange, numberProps, error, required, mt }: PhoneInputProps) {
  const { i18n } = useTranslation();
  const lang = i18n.language === 'ar' ? 'ar' : 'en';
  return (
    <Group align="flex-start" gap="xs" wrap="nowrap" mt={mt}>
      <CountrySelect country={country} onChange={onCountryChange} lang={lang} />
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
