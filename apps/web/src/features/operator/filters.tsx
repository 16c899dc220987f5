/** A list's filters kept in the address (`?q=…&status=…`), so a link (the home's tiles) opens a filtered list. */
import { Select, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';

export const useFilterParam = (name: string): [string, (value: string) => void] => {
  const [params, setParams] = useSearchParams();
  const value = params.get(name) ?? '';
  const set = (next: string) =>
    setParams(
      (p) => {
        const copy = new URLSearchParams(p);
        if (next) copy.set(name, next);
        else copy.delete(name);
        return copy;
      },
      { replace: true },
    );
  return [value, set];
};

/** A search box whose value reaches the address (and the call) a moment after typing stops. */
export function SearchBox({ name, label, testId }: { name: string; label: string; testId?: string }) {
  const { t } = useTranslation();
  const [value, setValue] = useFilterParam(name);
  const [typed, setTyped] = useState(value);
  const [settled] = useDebouncedValue(typed, 300);
  useEffect(() => {
    if (settled.trim() !== value) setValue(settled.trim());
  }, [settled, value, setValue]);
  return (
    <TextInput
      label={label}
      placeholder={t('operator.common.searchHint')}
      type="search"
      value={typed}
      onChange={(e) => setTyped(e.currentTarget.value)}
      leftSection={<IconSearch size={16} aria-hidden />}
      data-testid={testId}
    />
  );
}

/** A status filter: "All", or one status. */
export function StatusFilter<S extends string>({
  name,
  statuses,
  labelOf,
}: {
  name: string;
  statuses: readonly S[];
  labelOf: (s: S) => string;
}) {
  const { t } = useTranslation();
  const [value, setValue] = useFilterParam(name);
  return (
    <Select
      label={t('operator.common.status')}
      allowDeselect={false}
      data={[{ value: '', label: t('operator.common.all') }, ...statuses.map((s) => ({ value: s, label: labelOf(s) }))]}
      value={value}
      onChange={(v) => setValue(v ?? '')}
      data-testid={`${name}-filter`}
    />
  );
}

/** The status in the address when it is one of `statuses`. */
export const useStatusParam = <S extends string>(name: string, statuses: readonly S[]): S | undefined => {
  const [value] = useFilterParam(name);
  return (statuses as readonly string[]).includes(value) ? (value as S) : undefined;
};
