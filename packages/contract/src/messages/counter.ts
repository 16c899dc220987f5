/** At-the-counter features: live feed, signed codes, rejections, activity and exports. */
export const counterMessages = {} as const satisfies Record<string, { en: string; ar: string }>;
