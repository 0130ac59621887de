/** The product's name: the document title between prints (spec §9). */
export const PRODUCT_NAME = 'Bastion CPQ';

/** Spec §9: wait 250 ms so the page settles, print, then give the tab its name back. */
export const PRINT_DELAY_MS = 250;

/**
 * Prints the page under `title` (the file name a "save as PDF" suggests), then resets the
 * document title to the product name.
 */
export function printDocument(title: string): void {
  document.title = title;
  window.setTimeout(() => {
    try {
      window.print();
    } finally {
      document.title = PRODUCT_NAME;
    }
  }, PRINT_DELAY_MS);
}
