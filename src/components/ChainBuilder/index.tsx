import React from 'react';
import AquaPlayground from '../AquaPlayground';

/** The blog's smaller embedding of the playground: notarise, link, verify and tamper. */
export default function ChainBuilder(): JSX.Element {
  return <AquaPlayground variant="compact" />;
}
