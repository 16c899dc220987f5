import type { ComboboxItem, OptionsFilter } from '@mantine/core';
import { Group, type MantineSpacing, Select, Text, TextInput, type TextInputProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { COUNTRIES } from '../lib/phone';

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

const byIso = new Map(COUNTRIES.map((c) => [c.iso, c]));

const filter: OptionsFilter = ({ options, search }) => {
  const q = search.trim().toLowerCase().replace(/^\+/, '');
  if (!q) return options;
  return (options as ComboboxItem[]).filter((o) => {
    const c = byIso.get(o.value);
    return (
      !!c && (c.dial.startsWith(q) || c.en.toLowerCase().includes(q) || c.ar.includes(q) || c.iso.toLowerCase() === q)
    );
  });
};

/** Country selector (default Qatar) and the local number, side by side. */
export function PhoneInput({ label, country, onCountryChange, numberProps, error, required, mt }: PhoneInputProps) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'ar' ? 'ar' : 'en';
  return (
    <Group align="flex-start" gap="xs" wrap="nowrap" mt={mt}>
      <Select
        label={t('phone.country')}
        data={COUNTRIES.map((c) => ({ value: c.iso, label: `+${c.dial}` }))}
        value={country}
        onChange={(v) => v && onCountryChange(v)}
        allowDeselect={false}
        searchable
        filter={filter}
        nothingFoundMessage={t('phone.noCountry')}
        w={108}
        style={{ flexShrink: 0 }}
        comboboxProps={{ width: 260, position: 'bottom-start' }}
        renderOption={({ option }) => {
          const c = byIso.get(option.value);
          return (
            <Group gap="xs" wrap="nowrap">
              <Text size="sm">{c?.[lang]}</Text>
              <Text size="sm" c="dimmed" dir="ltr">
                +{c?.dial}
              </Text>
            </Group>
          );
        }}
        dir="ltr"
      />
      <TextInput
        {...numberProps}
        label={label}
        error={error}
        required={required}
        type="tel"
        inputMode="numeric"
        autoComplete="tel-national"
        dir="ltr"
        style={{ flex: 1, minWidth: 0 }}
      />
    </Group>
  );
}
