// Core's browser context (3.6.3, lib/client/browserContext.js) with one change: `isBrowser` turns
// true as a React transition. useIsBrowser() reads the same Context. See ./index.ts.
import {createContext, createElement, startTransition, useEffect, useState} from 'react';

/** false on the server and during hydration, true once the page has hydrated. */
export const Context = createContext(false);

export function BrowserContextProvider({children}) {
  const [isBrowser, setIsBrowser] = useState(false);
  useEffect(() => {
    // What changes with it (the colour toggle's label, the search box, category links) is already
    // on the page as the server rendered it, so it can wait, and render in slices.
    startTransition(() => setIsBrowser(true));
  }, []);
  return createElement(Context.Provider, {value: isBrowser}, children);
}
