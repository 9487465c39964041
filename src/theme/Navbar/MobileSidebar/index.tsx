// Wrapped: on a mobile-wide window, stock renders the whole drawer (the main menu and, on doc pages,
// the docs sidebar) right after hydration, closed, in one unbroken React render. bench:profile of
// the v1 whitepaper at 4x CPU: a 294 ms task, render 247 + commit 40 ms, most of it the drawer's
// sidebar items (118 → 65 ms for that task in a later pair of runs). Here the drawer is rendered
// when the reader first shows intent: a pointer over or on the menu button, or focus on it; it then
// stays, as in stock. Opening it any other way (the button's click) renders it too, as `shown` is
// then true.
import React, {useEffect, useState, type ReactNode} from 'react';
import {useNavbarMobileSidebar} from '@docusaurus/theme-common/internal';
import NavbarMobileSidebar from '@theme-original/Navbar/MobileSidebar';

const INTENT = ['pointerover', 'pointerdown', 'focusin'] as const;

export default function NavbarMobileSidebarOnIntent(): ReactNode {
  const {shown, shouldRender} = useNavbarMobileSidebar();
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (wanted || !shouldRender) return undefined;
    const onIntent = (event: Event) => {
      if (event.target instanceof Element && event.target.closest('.navbar__toggle')) setWanted(true);
    };
    for (const type of INTENT) document.addEventListener(type, onIntent, {capture: true, passive: true});
    return () => {
      for (const type of INTENT) document.removeEventListener(type, onIntent, {capture: true});
    };
  }, [wanted, shouldRender]);
  return wanted || shown ? <NavbarMobileSidebar /> : null;
}
