/** Money is stored as integer cents and sent as dollars (DECISIONS §3). */
export const centsToDollars = (cents: number): number => cents / 100;
export const dollarsToCents = (dollars: number): number => Math.round(dollars * 100);
