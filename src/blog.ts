// The blog's path, title and description: the blog plugin's options (docusaurus.config.ts) and the
// blog index's heading (src/theme/BlogPostItems) read them from here.
export const BLOG_PATH = 'blog';
export const BLOG_TITLE = 'Aqua Protocol blog';
export const BLOG_DESCRIPTION = 'News, deep dives and release notes from the Aqua Protocol team.';
