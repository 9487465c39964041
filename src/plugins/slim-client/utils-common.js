// The browser's copy of @docusaurus/utils-common (see index.ts): the same exports, taken from the
// package's own submodules, without the index file's `require("tslib")`.
export {
  default as applyTrailingSlash,
  addTrailingSlash,
  addLeadingSlash,
  removeTrailingSlash,
} from '@docusaurus/utils-common/lib/applyTrailingSlash';
export {addPrefix, removeSuffix, addSuffix, removePrefix} from '@docusaurus/utils-common/lib/stringUtils';
export {getErrorCausalChain} from '@docusaurus/utils-common/lib/errorUtils';
/** The package defines this constant in its index; tests/slim-client.spec.ts checks it still matches. */
export const blogPostContainerID = '__blog-post-container';
