import type {SidebarsConfig} from '@docusaurus/plugin-content-docs';

// The "next" (unreleased) docs. One sidebar, landing doc first, curated by hand so that the reading
// order is deliberate. Released versions keep their own copy in versioned_sidebars/.
const sidebars: SidebarsConfig = {
  docs: [
    {type: 'doc', id: 'intro', label: 'Introduction'},
    {
      type: 'category',
      label: 'Implementations',
      items: [{type: 'doc', id: 'implementations/reference-architecture', label: 'Reference Architecture'}],
    },
    {
      type: 'category',
      label: 'Protocol',
      collapsed: false,
      items: [
        {type: 'doc', id: 'protocol/whitepaper', label: 'Whitepaper'},
        {type: 'doc', id: 'protocol/aqua-protocol-version_1.3', label: 'Protocol 1.3'},
        {type: 'doc', id: 'protocol/aqua_protocol_v1_2', label: 'Protocol 1.2'},
        {type: 'doc', id: 'protocol/design-principles', label: 'Design Principles'},
        {type: 'doc', id: 'protocol/data-accounting', label: 'Data Accounting'},
        {type: 'doc', id: 'protocol/immutable-hyperlinks', label: 'Immutable Hyperlinks'},
        {type: 'doc', id: 'protocol/delegated-witnessing', label: 'Delegated Witnessing'},
        {type: 'doc', id: 'protocol/data-governance', label: 'Data Governance'},
        {type: 'doc', id: 'protocol/guardian', label: 'Guardian'},
        {type: 'doc', id: 'protocol/aqua-identity-protocol', label: 'Identity Protocol'},
        {type: 'doc', id: 'protocol/aqua-name-resolution', label: 'Name Resolution'},
        {type: 'doc', id: 'protocol/assurance-levels-aal', label: 'Assurance Levels (AAL)'},
      ],
    },
  ],
};

export default sidebars;
