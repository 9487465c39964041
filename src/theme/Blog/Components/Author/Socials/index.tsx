// Ejected (small): stock 3.6.3 names an author's icon-only social links by a `title` tooltip alone,
// which keyboard and touch users never see and html-validate's WCAG H30 check rejects. The only
// change is an aria-label naming the author and the platform ("inblock.io on GitHub").
import React from 'react';
import Link from '@docusaurus/Link';
import GitHub from '@theme/Icon/Socials/GitHub';
import LinkedIn from '@theme/Icon/Socials/LinkedIn';
import StackOverflow from '@theme/Icon/Socials/StackOverflow';
import Twitter from '@theme/Icon/Socials/Twitter';
import X from '@theme/Icon/Socials/X';
import DefaultSocialIcon from '@theme/Icon/Socials/Default';
import type {Props} from '@theme/Blog/Components/Author/Socials';
import styles from './styles.module.css';

type Icon = (props: {className?: string}) => JSX.Element;

const PLATFORMS: Record<string, {Icon: Icon; label: string}> = {
  github: {Icon: GitHub, label: 'GitHub'},
  linkedin: {Icon: LinkedIn, label: 'LinkedIn'},
  stackoverflow: {Icon: StackOverflow, label: 'Stack Overflow'},
  twitter: {Icon: Twitter, label: 'Twitter'},
  x: {Icon: X, label: 'X'},
};

export default function BlogAuthorSocials({author}: Props): JSX.Element {
  return (
    <div className={styles.authorSocials}>
      {Object.entries(author.socials ?? {}).map(([platform, href]) => {
        const {Icon, label} = PLATFORMS[platform] ?? {Icon: DefaultSocialIcon, label: platform};
        return (
          <Link
            key={platform}
            className={styles.authorSocialLink}
            href={href}
            title={label}
            aria-label={`${author.name ?? 'Author'} on ${label}`}>
            <Icon className={styles.authorSocialIcon} />
          </Link>
        );
      })}
    </div>
  );
}
