// theme-common's useWindowSize (3.6.3, lib/hooks/useWindowSize.js) with one change: the first
// measure after mounting is set as a React transition. Resizes are set as before. See ./index.ts.
import {startTransition, useEffect, useState} from 'react';

// The breakpoint Infima's CSS uses too (theme-common hard-codes the same value).
const DESKTOP_BREAKPOINT = 996;

function getWindowSize(desktopBreakpoint) {
  return window.innerWidth > desktopBreakpoint ? 'desktop' : 'mobile';
}

/** "ssr" on the server and in the first render on the client (hydration), then "desktop" or "mobile". */
export function useWindowSize({desktopBreakpoint = DESKTOP_BREAKPOINT} = {}) {
  const [windowSize, setWindowSize] = useState('ssr');
  useEffect(() => {
    const update = () => setWindowSize(getWindowSize(desktopBreakpoint));
    // The server render holds the desktop and the mobile parts together (CSS hides one of them),
    // so the page reads the same until this lands: it can wait, and render in slices.
    startTransition(update);
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, [desktopBreakpoint]);
  return windowSize;
}
