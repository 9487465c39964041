// Wrapper: stock 3.6.3's blog index (and its later pages, /blog/page/N) has no h1, so it has no title
// heading for screen-reader users and search engines (axe `page-has-heading-one`; tests/crawl.spec.ts
// wants one h1 on every page). This puts the blog's title and description above the posts there.
// The tag and author pages, which list posts too, have their own h1 and are left as stock renders
// them; a post's own page does not use this component, so it loads none of this.
import React from 'react';
import BlogPostItems from '@theme-original/BlogPostItems';
import type BlogPostItemsType from '@theme/BlogPostItems';
import type {WrapperProps} from '@docusaurus/types';
import {useLocation} from '@docusaurus/router';
import useBaseUrl from '@docusaurus/useBaseUrl';
import {BLOG_DESCRIPTION, BLOG_PATH, BLOG_TITLE} from '@site/src/blog';

type Props = WrapperProps<typeof BlogPostItemsType>;

export default function BlogPostItemsWrapper(props: Props): JSX.Element {
  const index = useBaseUrl(`/${BLOG_PATH}`);
  const path = useLocation().pathname.replace(/\/$/, '');
  const isIndex = path === index || path.startsWith(`${index}/page/`);
  return (
    <>
      {isIndex && (
        <header className="margin-bottom--lg">
          <h1>{BLOG_TITLE}</h1>
          <p>{BLOG_DESCRIPTION}</p>
        </header>
      )}
      <BlogPostItems {...props} />
    </>
  );
}
