// Wrap: adds the "Checked against …" line (the page's `checked_against` front matter) above the
// stock doc footer, so every doc page tells readers what its claims were checked against.
import React, {type ReactNode} from 'react';
import Footer from '@theme-original/DocItem/Footer';
import {useDoc} from '@docusaurus/plugin-content-docs/client';
import CheckedAgainst from '@site/src/components/CheckedAgainst';

export default function FooterWrapper(): ReactNode {
  const {frontMatter} = useDoc();
  return (
    <>
      <CheckedAgainst entries={(frontMatter as {checked_against?: unknown}).checked_against} />
      <Footer />
    </>
  );
}
