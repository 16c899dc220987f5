import '@mantine/dates/styles.layer.css';
import { ActionIcon, Popover, TextInput } from '@mantine/core';
import { DatePicker } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import dayjs from 'dayjs';
import arabic from 'dayjs/locale/ar';
import { type FocusEventHandler, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, parseIsoDate } from '../lib/format';

/**
 * Arabic month and day names with Latin digits, as everywhere else in the app (lib/format): dayjs's
 * own 'ar' would write the calendar's year and days in Arabic-Indic digits.
 */
const ARABIC = 'ar-latn';
dayjs.locale({ ...arabic, name: ARABIC, preparse: undefined, postformat: undefined } as ILocale, undefined, true);

export interface DateFieldProps {
  label: string;
  name: string;
  /** `YYYY-MM-DD`, or what the person is typing. */
  value: string;
  onChange: (value: string) => void;
  onBlur?: FocusEventHandler<HTMLInputElement>;
  error?: string;
  required?: boolean;
  /** The first day the calendar offers (`YYYY-MM-DD`); typing an earlier one is left to the form's rule. */
  minDate?: string;
}

/**
 * A date typed as `YYYY-MM-DD` (what the contract sends) or picked from a calendar in the app's
 * language. Unlike the browser's date input, whose "mm/dd/yyyy" follows the browser and not the
 * app, the hint, the calendar and the date read back under the field follow the chosen language.
 */
export function DateField({ label, name, value, onChange, onBlur, error, required, minDate }: DateFieldProps) {
  const { t, i18n } = useTranslation();
  const [opened, setOpened] = useState(false);
  const lang = i18n.language === 'ar' ? 'ar' : 'en';
  const valid = parseIsoDate(value);
  return (
    <TextInput
      label={label}
      name={name}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      onBlur={onBlur}
      error={error}
      required={required}
      placeholder={t('dateField.placeholder')}
      description={valid ? formatDate(valid, lang) : t('dateField.hint')}
      inputMode="numeric"
      autoComplete="off"
      dir="ltr"
      rightSection={
        <Popover
          opened={opened}
          onChange={setOpened}
          position="bottom-end"
          shadow="md"
          withinPortal
          trapFocus
          returnFocus
        >
          <Popover.Target>
            <ActionIcon
              variant="subtle"
              color="gray"
              onClick={() => setOpened((o) => !o)}
              aria-label={t('dateField.openCalendar', { label })}
              aria-expanded={opened}
            >
              <IconCalendar size={18} aria-hidden />
            </ActionIcon>
          </Popover.Target>
          <Popover.Dropdown
            dir={lang === 'ar' ? 'rtl' : 'ltr'}
            // Escape closes the calendar only: a sheet around the field listens for Escape on the
            // window and closes too (losing the focus) unless the key's target carries Mantine's
            // data-mantine-stop-propagation, which every control of the calendar gets as it is focused
            onFocusCapture={(e) => e.target.setAttribute('data-mantine-stop-propagation', 'true')}
          >
            <DatePicker
              locale={lang === 'ar' ? ARABIC : 'en'}
              value={valid}
              defaultDate={valid ?? undefined}
              minDate={minDate}
              firstDayOfWeek={0}
              weekendDays={[5, 6]}
              onChange={(picked) => {
                if (picked) onChange(dayjs(picked).format('YYYY-MM-DD'));
                setOpened(false);
              }}
            />
          </Popover.Dropdown>
        </Popover>
      }
    />
  );
}
