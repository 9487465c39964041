// Wrapper: stock 3.6.3's blog index (and its later pages, /blog/page/N) has no h1, so it has no title
// heading for screen-reader users and search engines (axe `page-has-heading-one`; tests/crawl.spec.ts
// wants one h1 on every page). This adds the blog's title and description above the posts there;
// every other page of the blog has its own h1 and is rendered as stock renders it.
import React from 'react';
import BlogLayout from '@theme-original/BlogLayout';
import type BlogLayoutType from '@theme/BlogLayout';
import type {WrapperProps} from '@docusaurus/types';
import {useLocation} from '@docusaurus/router';
import useBaseUrl from '@docusaurus/useBaseUrl';
import {BLOG_DESCRIPTION, BLOG_PATH, BLOG_TITLE} from '@site/src/blog';

type Props = WrapperProps<typeof BlogLayoutType>;

export default function BlogLayoutWrapper({children, ...props}: Props): JSX.Element {
  const index = useBaseUrl(`/${BLOG_PATH}`);
  const {pathname} = useLocation();
  const path = pathname.replace(/\/$/, '');
  const isIndex = path === index || path.startsWith(`${index}/page/`);
  return (
    <BlogLayout {...props}>
      {isIndex && (
        <header className="margin-bottom--lg">
          <h1>{BLOG_TITLE}</h1>
          <p>{BLOG_DESCRIPTION}</p>
        </header>
      )}
      {children}
    </BlogLayout>
  );
}
