// Wrapper: a blog post's table of contents sits in a column beside <main>, outside every landmark,
// so a screen-reader user who moves by landmarks never reaches it (axe `region` on the blog posts).
// This puts the desktop table of contents of blog posts and docs in a navigation landmark named
// "On this page". The landmark takes over the stock list's stickiness (a sticky child cannot move
// inside a parent of its own height) and is hidden where the stock list is hidden.
import React from 'react';
import TOC from '@theme-original/TOC';
import type TOCType from '@theme/TOC';
import type {WrapperProps} from '@docusaurus/types';
import styles from './styles.module.css';

type Props = WrapperProps<typeof TOCType>;

export default function TOCWrapper(props: Props): JSX.Element {
  return (
    <nav className={styles.onThisPage} aria-label="On this page">
      <TOC {...props} />
    </nav>
  );
}
