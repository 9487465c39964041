// Wrapper: stock 3.6.3 gives the blog's author list no meta description, so search engines make
// one up and Lighthouse's SEO audit fails the page (meta-description). Only the description is added.
import React from 'react';
import {PageMetadata} from '@docusaurus/theme-common';
import BlogAuthorsListPage from '@theme-original/Blog/Pages/BlogAuthorsListPage';
import type {Props} from '@theme/Blog/Pages/BlogAuthorsListPage';

export default function BlogAuthorsListPageWrapper(props: Props): JSX.Element {
  return (
    <>
      <PageMetadata description="Who writes the Aqua Protocol blog, with a link to each author's posts." />
      <BlogAuthorsListPage {...props} />
    </>
  );
}
