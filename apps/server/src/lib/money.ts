/** Money is stored as integer cents and sent as dollars (docs/decisions/0003-portable-columns.md). */
export const centsToDollars = (cents: number): number => cents / 100;
export const dollarsToCents = (dollars: number): number => Math.round(dollars * 100);
