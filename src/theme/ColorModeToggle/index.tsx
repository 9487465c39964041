// Wrapper: the toggle's label must always name the current mode. Stock 3.6.3 hydrates a
// page reloaded in dark mode with the server-rendered "currently light mode" label and never fixes
// it, because the client's first render already says "dark" and React keeps mismatched attributes.
// Rendering the server's value during hydration, then the real one, makes React update the label.
import React from 'react';
import ColorModeToggle from '@theme-original/ColorModeToggle';
import type {Props} from '@theme/ColorModeToggle';
import useIsBrowser from '@docusaurus/useIsBrowser';
import {useThemeConfig} from '@docusaurus/theme-common';

export default function ColorModeToggleWrapper(props: Props): JSX.Element {
  const isBrowser = useIsBrowser();
  const {defaultMode} = useThemeConfig().colorMode;
  return <ColorModeToggle {...props} value={isBrowser ? props.value : defaultMode} />;
}
