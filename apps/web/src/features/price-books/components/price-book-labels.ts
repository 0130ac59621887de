import type { PriceBookState } from '@bastion/domain/price-books/answers';
import { formatCurrency } from '@bastion/domain/format/currency';
import { statusColor } from '@bastion/domain/quotes/status-display';
import { useParams } from 'react-router';
import type { AdminTab } from '@/components/admin/admin-layout.tsx';
import { useSession } from '../../auth/index.ts';
import { formatDay } from '../../catalog/index.ts';

/* How the price book screens name a book's state, its match fields, its days and its prices. */

export { formatDay };
export { plural } from '../../catalog/index.ts';

export const BOOK_STATE_BADGES: Readonly<Record<PriceBookState, { label: string; tone: string }>> =
  {
    in_effect: { label: 'In effect', tone: statusColor('Active') },
    scheduled: { label: 'Starts later', tone: statusColor('Scheduled') },
    ended: { label: 'Ended', tone: 'grey' },
    inactive: { label: 'Switched off', tone: 'grey' },
  };

interface MatchFields {
  segment: string | null;
  region: string | null;
  sales_channel: string | null;
  partner_type: string | null;
}

/** What a book is made for, field by field; empty for a book that matches every quote. */
export function matchParts(book: MatchFields): { label: string; value: string }[] {
  return [
    { label: 'Segment', value: book.segment },
    { label: 'Region', value: book.region },
    { label: 'Channel', value: book.sales_channel },
    { label: 'Partner type', value: book.partner_type },
  ].flatMap((part) => (part.value ? [{ label: part.label, value: part.value }] : []));
}

/** "From 01-Jan-2026", "From 01-Jan-2026 until 01-Jan-2027" (the end is not included). */
export function whenInEffect(book: { effective_from: string; effective_to: string | null }) {
  const from = `From ${formatDay(book.effective_from)}`;
  return book.effective_to ? `${from} until ${formatDay(book.effective_to)}` : from;
}

/** 123450 → "1234.50": a price as the entry form takes it (whole cents, no float). */
export function priceText(minor: number): string {
  const digits = String(Math.abs(minor)).padStart(3, '0');
  return `${minor < 0 ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

/** A price of the currency, or a dash for none. */
export const moneyOf = (minor: number | null, currency: string) =>
  minor === null ? '—' : formatCurrency(minor, currency);

/** How far a book's price is from the list: "−8.0 %", "+2.5 %", "list"; null without a list. */
export function differenceFromList(price: number, list: number | null): string | null {
  if (list === null || list === 0) return null;
  const percent = ((price - list) / list) * 100;
  if (Math.abs(percent) < 0.05) return 'list';
  return `${percent < 0 ? '−' : '+'}${Math.abs(percent).toFixed(1)} %`;
}

/** The admin who changes books, and whoever reads them. */
export const PRICE_BOOK_ADMINS = 'catalogue admins';

export function useCanAdministerBooks(): boolean {
  const { permissions } = useSession().user;
  return permissions.is_catalog_admin || permissions.is_root_admin;
}

/** The price book screens' tabs: the books, and every SKU in every book. */
export function usePriceBookTabs(): { label: string; items: AdminTab[] } {
  const { context = 'commcat' } = useParams();
  return {
    label: 'Price books',
    items: [
      { to: `/${context}/price-books/ref`, label: 'Books' },
      { to: `/${context}/price-book-matrix/ref`, label: 'Every SKU in every book' },
    ],
  };
}

/** Where one book's page is. */
export function useBookPath(): (id: string) => string {
  const { context = 'commcat' } = useParams();
  return (id) => `/${context}/price-book/${id}/ref`;
}
