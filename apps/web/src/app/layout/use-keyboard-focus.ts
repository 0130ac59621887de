import { useEffect, useRef, type RefObject } from 'react';
import { useLocation } from 'react-router';

/**
 * Where focus goes for a keyboard user (issue 21), for every signed-in page:
 * - after a page change, to the new page's heading: the control that led there is gone (or is a
 *   menu link), and Tab would otherwise start again at the top bar. Focus the page put somewhere
 *   itself (an autofocused search box) or an open dialog is left alone;
 * - Tab and Shift+Tab go round the open dialog or side panel: React-Bootstrap only pulls focus
 *   back once it has left, so Tab from the last button would visit the page behind first.
 */
export function useKeyboardFocus(main: RefObject<HTMLElement | null>) {
  const { pathname } = useLocation();
  const shownPath = useRef(pathname);

  useEffect(() => {
    const container = main.current;
    if (shownPath.current === pathname || !container) return;
    shownPath.current = pathname;
    // Until the heading shows (a lazy page, then its data), the page itself, so that Tab
    // starts in it. Done once the heading has focus, or once focus is somewhere new: put there
    // by the page (an autofocused box), or by the user meanwhile.
    const stale = document.activeElement;
    let hasMoved = false;
    const focusStart = () => {
      const active = document.activeElement;
      const isStale =
        !active ||
        active === document.body ||
        active === container ||
        (!hasMoved &&
          active === stale &&
          !container.contains(active) &&
          !active.closest('.modal, .offcanvas'));
      if (!isStale) return true;
      hasMoved = true;
      const heading = container.querySelector('h1');
      if (heading) heading.tabIndex = -1;
      (heading ?? container).focus({ preventScroll: true });
      return heading !== null;
    };
    if (focusStart()) return;
    let tries = 50;
    const timer = setInterval(() => (focusStart() || --tries === 0) && clearInterval(timer), 100);
    return () => clearInterval(timer);
  }, [pathname, main]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const open = document.querySelectorAll('.modal.show, .offcanvas.show');
      const dialog = open[open.length - 1];
      if (event.key !== 'Tab' || !dialog) return;
      const stops = [
        ...dialog.querySelectorAll<HTMLElement>('a[href],button,input,select,textarea,[tabindex]'),
      ].filter((el) => el.tabIndex >= 0 && !el.matches(':disabled') && el.getClientRects().length);
      const active = document.activeElement;
      const next =
        !active || active === dialog || !dialog.contains(active)
          ? stops.at(event.shiftKey ? -1 : 0)
          : active === stops.at(event.shiftKey ? 0 : -1)
            ? stops.at(event.shiftKey ? -1 : 0)
            : undefined;
      if (next) {
        event.preventDefault();
        next.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
}
