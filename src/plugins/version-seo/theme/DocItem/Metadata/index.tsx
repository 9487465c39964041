// Adds the version SEO signal to every doc page (see ../../../index.ts): a canonical link to the
// latest version's equivalent page, or noindex. The latest version's pages keep stock metadata.
import React from 'react';
import Head from '@docusaurus/Head';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import {useActivePlugin, useDoc, useLatestVersion} from '@docusaurus/plugin-content-docs/client';
import Metadata from '@theme-init/DocItem/Metadata';
import {findEquivalentDoc} from '../../../equivalentDoc';

function VersionSignal(): JSX.Element | null {
  const {siteConfig} = useDocusaurusContext();
  const {metadata} = useDoc();
  const latest = useLatestVersion(useActivePlugin()?.pluginId);
  if (metadata.version === latest.name) return null;
  const equivalent = findEquivalentDoc(metadata.id, latest);
  return (
    <Head>
      {equivalent ? (
        <link rel="canonical" href={`${siteConfig.url}${equivalent.path}`} />
      ) : (
        <meta name="robots" content="noindex" />
      )}
    </Head>
  );
}

export default function DocItemMetadataWithVersionSignal(): JSX.Element {
  return (
    <>
      <Metadata />
      <VersionSignal />
    </>
  );
}
