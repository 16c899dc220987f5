/** A card brand as the gateway names it (`visa`) and as people write it (`Visa`). */
const BRANDS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  jcb: 'JCB',
  diners: 'Diners Club',
  unionpay: 'UnionPay',
};

export const brandName = (brand: string) => BRANDS[brand] ?? brand;
