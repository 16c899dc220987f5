/** Product requests, deliveries and refunds. */
export const ordersMessages = {
  chooseCourier: { en: 'Please choose a delivery employee', ar: 'الرجاء اختيار موظف توصيل' },
} as const satisfies Record<string, { en: string; ar: string }>;
