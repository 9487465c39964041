// Wrapper: stock 3.6.3 gives an author's page no meta description, so search engines make one up
// and Lighthouse's SEO audit fails the page (meta-description). The description is the author's
// own (`description` in blog/authors.yml) or else says whose posts the page lists.
import React from 'react';
import {PageMetadata} from '@docusaurus/theme-common';
import BlogAuthorsPostsPage from '@theme-original/Blog/Pages/BlogAuthorsPostsPage';
import type {Props} from '@theme/Blog/Pages/BlogAuthorsPostsPage';

export default function BlogAuthorsPostsPageWrapper(props: Props): JSX.Element {
  const {name, title, description} = props.author;
  const who = [name, title].filter(Boolean).join(', ');
  return (
    <>
      <PageMetadata description={description ?? `Posts on the Aqua Protocol blog by ${who}.`} />
      <BlogAuthorsPostsPage {...props} />
    </>
  );
}
