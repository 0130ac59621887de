/** Today as the catalogue counts days: the UTC date, like a quote's price date. */
export const dayOf = (now: Date) => now.toISOString().slice(0, 10);
