// Wrapper: the search plugin's page (/search) renders its content straight into the layout, with no
// main landmark (axe `landmark-one-main` and `region`), while every other page brings its own <main>.
// This puts that page's content in one; every other page is rendered exactly as stock renders it.
import React from 'react';
import Layout from '@theme-original/Layout';
import type LayoutType from '@theme/Layout';
import type {WrapperProps} from '@docusaurus/types';
import {useLocation} from '@docusaurus/router';
import useBaseUrl from '@docusaurus/useBaseUrl';

type Props = WrapperProps<typeof LayoutType>;

export default function LayoutWrapper(props: Props): JSX.Element {
  const searchPage = useBaseUrl('/search');
  const {pathname} = useLocation();
  if (pathname.replace(/(.)\/$/, '$1') !== searchPage) return <Layout {...props} />;
  return (
    <Layout {...props}>
      <main>{props.children}</main>
    </Layout>
  );
}
