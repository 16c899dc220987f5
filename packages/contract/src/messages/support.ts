/** Support tickets and push notifications. */
export const supportMessages = {
  chooseOffer: { en: 'Please choose an offer', ar: 'الرجاء اختيار عرض' },
  chooseProduct: { en: 'Please choose a product', ar: 'الرجاء اختيار منتج' },
} as const satisfies Record<string, { en: string; ar: string }>;
