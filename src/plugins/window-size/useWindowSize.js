// theme-common's useWindowSize (3.6.3), with one change: the first measure after mounting is a
// React transition. See ./index.ts for why.
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
    // The server render shows the desktop and the mobile parts together (CSS hides one of them),
    // so the page reads the same until this lands: it can wait, and be rendered in slices.
    startTransition(update);
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, [desktopBreakpoint]);
  return windowSize;
}
