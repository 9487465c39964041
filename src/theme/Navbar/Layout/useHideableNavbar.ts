import {useCallback, useRef, useState} from 'react';
import {useLocationChange, useScrollPosition} from '@docusaurus/theme-common/internal';

/**
 * Hides the navbar while the reader scrolls down and shows it when they scroll up, come near the
 * top, or jump to a hash anchor (stock hides it on a hash jump). The scroll caused by the jump
 * itself is ignored, so it does not hide the navbar again.
 */
export function useHideableNavbar(hideOnScroll: boolean): {
  navbarRef: (node: HTMLElement | null) => void;
  isNavbarVisible: boolean;
} {
  const [isNavbarVisible, setIsNavbarVisible] = useState(hideOnScroll);
  const ignoreNextScroll = useRef(false);
  const navbarHeight = useRef(0);
  const navbarRef = useCallback((node: HTMLElement | null) => {
    if (node !== null) navbarHeight.current = node.getBoundingClientRect().height;
  }, []);

  useScrollPosition(({scrollY}, lastPosition) => {
    if (!hideOnScroll) return;
    if (scrollY < navbarHeight.current) {
      setIsNavbarVisible(true);
      return;
    }
    if (ignoreNextScroll.current) {
      ignoreNextScroll.current = false;
      return;
    }
    const lastScrollY = lastPosition?.scrollY;
    const documentHeight = document.documentElement.scrollHeight - navbarHeight.current;
    if (lastScrollY !== undefined && scrollY > lastScrollY) setIsNavbarVisible(false);
    else if (scrollY + window.innerHeight < documentHeight) setIsNavbarVisible(true);
  });

  useLocationChange(({location}) => {
    if (!hideOnScroll) return;
    if (location.hash && document.getElementById(decodeURIComponent(location.hash.substring(1)))) {
      ignoreNextScroll.current = true;
    }
    setIsNavbarVisible(true);
  });

  return {navbarRef, isNavbarVisible};
}
