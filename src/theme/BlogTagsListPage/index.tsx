// Wrapper: stock 3.6.3 gives the blog's tag list no meta description, so search engines make one
// up and Lighthouse's SEO audit fails the page (meta-description). Only the description is added.
import React from 'react';
import {PageMetadata} from '@docusaurus/theme-common';
import BlogTagsListPage from '@theme-original/BlogTagsListPage';
import type {Props} from '@theme/BlogTagsListPage';

export default function BlogTagsListPageWrapper(props: Props): JSX.Element {
  return (
    <>
      <PageMetadata description="Every tag of the Aqua Protocol blog, with the number of posts that carry it." />
      <BlogTagsListPage {...props} />
    </>
  );
}
