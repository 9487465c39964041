// Ejected (small): stock 3.6.3 shows "Read more" under every post of the blog index and names the
// post only in an aria-label, so the visible text is the same four times over and Lighthouse's SEO
// audit ("Links do not have descriptive text") scores the index 92. Here the post's title is part
// of the visible text, which is also the link's accessible name.
import React from 'react';
import Translate from '@docusaurus/Translate';
import Link from '@docusaurus/Link';
import type {Props} from '@theme/BlogPostItem/Footer/ReadMoreLink';

export default function BlogPostItemFooterReadMoreLink({blogPostTitle, ...linkProps}: Props): JSX.Element {
  return (
    <Link {...linkProps}>
      <Translate
        id="theme.blog.post.readMoreAbout"
        description="The text of the link to a full blog post from its excerpt"
        values={{title: <b>{blogPostTitle}</b>}}>
        {'Read more about {title}'}
      </Translate>
    </Link>
  );
}
