/** A day as rates count days: the UTC date, like a quote's price date and the catalogue's prices. */
export const dayOf = (now: Date) => now.toISOString().slice(0, 10);
