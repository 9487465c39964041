import {test, expect} from '@playwright/test';
import * as stock from '@docusaurus/utils-common';
import * as slim from '../src/plugins/slim-client/utils-common.js';

// The browser build resolves @docusaurus/utils-common to the slim copy (src/plugins/slim-client):
// it must offer every export of the package, with the same values.
test('the slim utils-common has the package’s exports and values', () => {
  expect(Object.keys(slim).sort()).toEqual(Object.keys(stock).sort());
  expect(slim.blogPostContainerID).toBe(stock.blogPostContainerID);
  expect(slim.applyTrailingSlash('/docs/v3/', {trailingSlash: false, baseUrl: '/'})).toBe('/docs/v3');
  expect(slim.removePrefix('/docs/v3', '/docs')).toBe('/v3');
});
