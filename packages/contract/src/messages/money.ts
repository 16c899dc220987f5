/** Cards, packages, invoices, settlements and reports. */
export const moneyMessages = {
  chooseCard: { en: 'Please choose a card', ar: 'الرجاء اختيار بطاقة' },
} as const satisfies Record<string, { en: string; ar: string }>;
